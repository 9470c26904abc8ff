import { useContext, type ReactElement } from 'react';
import { LinguiContext } from '@lingui/react';
import { TransNoContext } from '@lingui/react/server';
import { i18n as appI18n } from './language.ts';

interface Props {
  id: string;
  values?: Record<string, unknown>;
  /** The elements the message's `<0>…</0>` (or `<0/>`) tags stand for: a link inside a sentence. */
  components?: Record<string, ReactElement>;
}

/**
 * A text holding elements (a link in the middle of a sentence), so a translation may move them: the message says
 * `Read the <0>Terms of Service</0>.` and `components` gives `{0: <Link to="/terms" />}`. Like useT(), it follows the
 * app's I18nProvider and reads the app's instance outside one (a component test).
 */
export function Trans({ id, values, components }: Props) {
  const i18n = useContext(LinguiContext)?.i18n ?? appI18n;
  return <TransNoContext id={id} values={values} components={components} lingui={{ i18n }} />;
}
