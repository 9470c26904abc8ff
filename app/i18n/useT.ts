import { useContext } from 'react';
import { LinguiContext } from '@lingui/react';
type Values = Record<string, unknown>;
import { i18n as appI18n } from './language.ts';

/**
 * The translator of the app's own texts (app/i18n/<language>/*.json). Under the app's I18nProvider a component using
 * it redraws on a language switch; outside one (a component test) it reads the app's instance, English by default.
 */
export function useT(): (id: string, values?: Values) => string {
  const i18n = useContext(LinguiContext)?.i18n ?? appI18n;
  return (id, values) => i18n._(id, values);
}
