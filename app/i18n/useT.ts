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
 */
export function useT(): (id: string, values?: Values) => string {
  const i18n = useI18n();
  return (id, values) => i18n._(id, values);
}
