/**
 * The stand-in APIs answer as the server does: its own texts (api/texts/texts.json), in the language the request asks
 * for (the app sends "fr-CA, fr;q=0.9" when it shows French), translated by the server's catalogue through the
 * engine's localizeDefinitions, the rule the server itself uses (api/http/serverTexts.ts).
 */
import texts from '../../../api/texts/texts.json';
import frTexts from '../../../api/texts/i18n/fr.json';
import { localizeDefinitions } from '../../../engine/index.ts';

type MessageId = keyof typeof texts.messages;

const french = localizeDefinitions({ 'texts.json': texts, 'i18n/fr.json': frTexts }, 'fr')[
  'texts.json'
] as typeof texts;

/** The language a request's Accept-Language header asks for first: French for `fr-CA`, else English. */
export function requestLanguage(input: RequestInfo | URL, init?: RequestInit): 'en' | 'fr' {
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  return /^\s*fr\b/i.test(headers.get('Accept-Language') ?? '') ? 'fr' : 'en';
}

/** One of the server's messages in a language (a request's: requestLanguage), its `{name}` placeholders filled. */
export function serverMessage(id: MessageId, language: 'en' | 'fr', values: Record<string, string> = {}): string {
  const messages = language === 'fr' ? french.messages : texts.messages;
  return messages[id].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
