/**
 * The toolbar's language for docs pages, which get no decorators or loaders of their own (those run for stories):
 * the preview's globals as the channel announces them at start (SET_GLOBALS) and on each change (GLOBALS_UPDATED).
 * preview.tsx imports this module, so it listens from the start whatever page is opened first; the French story tests
 * (`__story_locale__`) win over the toolbar as they do for stories.
 */
import { useSyncExternalStore } from 'react';
import { addons } from 'storybook/preview-api';
import { GLOBALS_UPDATED, SET_GLOBALS } from 'storybook/internal/core-events';
import { isLanguage, type Language } from '../app/i18n/language.ts';

function languageOf(chosen: unknown): Language {
  const language = globalThis.__story_locale__ ?? chosen;
  return isLanguage(language) ? language : 'en';
}

/** The page's own URL holds the globals it was opened with (`globals=locale:fr`). */
function fromUrl(): unknown {
  if (typeof location === 'undefined') return undefined;
  const globals = new URLSearchParams(location.search).get('globals') ?? '';
  return /(?:^|;)locale:(\w+)/.exec(globals)?.[1];
}

let current = languageOf(fromUrl());
const listeners = new Set<() => void>();

function follow({ globals }: { globals?: Record<string, unknown> }): void {
  const next = languageOf(globals?.locale);
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

void addons.ready().then((channel) => {
  channel.on(SET_GLOBALS, follow);
  channel.on(GLOBALS_UPDATED, follow);
});

/** The toolbar's language; a docs page that reads it is drawn again when it changes. */
export function useDocsLanguage(): Language {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
