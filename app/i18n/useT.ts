import { useContext } from 'react';
import { LinguiContext } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { i18n as appI18n } from './language.ts';

type Values = Record<string, unknown>;

/**
 * The app's Lingui instance as the I18nProvider gives it, so a component using it redraws on a language switch;
 * outside one (a component test) the app's instance, English by default.
 */
export function useI18n(): I18n {
  return useContext(LinguiContext)?.i18n ?? appI18n;
}

/**
 * The translator of the app's own texts (app/i18n/<language>/*.json). Under the app's I18nProvider a component using
 * it redraws on a language switch; outside one (a component test) it reads the app's instance, English by default.
 * The function stays the same until the language changes, so effects may list it among their dependencies.
 */
export function useT(): (id: string, values?: Values) => string {
  // The provider makes a new translator on each switch (Lingui's context `_`), and keeps it until the next.
  return useContext(LinguiContext)?._ ?? appTranslate;
}

const appTranslate = (id: string, values?: Values) => appI18n._(id, values);
