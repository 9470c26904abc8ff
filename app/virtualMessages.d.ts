/** The modules scripts/messagesPlugin.ts builds from app/i18n/<language>/<area>.json. */

/** Imported for its effect: loads one area's English texts (app/i18n/en/<area>.json) into the app's Lingui. */
declare module 'virtual:messages/en/*' {}

/** Every area's French, compiled; a chunk of its own, loaded only when French is chosen. */
declare module 'virtual:messages/fr' {
  export const messages: import('@lingui/core').Messages;
}
