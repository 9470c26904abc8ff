import type { Preview } from '@storybook/react-vite';
import { I18nProvider } from '@lingui/react';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import { activateLanguage, i18n, isLanguage } from '../app/i18n/language.ts';
// Docs pages follow the toolbar's language from the first page on (they get no loaders of their own).
import './docsLanguage.ts';
// The app's own stylesheet, so designers see exactly what advisers get.
import '../app/theme.css';

declare global {
  // Set by Vitest's browser mode (the story tests).
  var __vitest_browser__: boolean | undefined;
  // The story tests' language: the storybook-fr project's setup sets 'fr' (vitest.config.ts).
  var __story_locale__: string | undefined;
}

const preview: Preview = {
  tags: ['autodocs'],
  /** The toolbar's language: the app's texts (and `<html lang>`, so Intl's formats) in English or French. */
  globalTypes: {
    locale: {
      description: "The app's language",
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'fr', title: 'Français' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en' },
  // French loads its chunk first, as in the app; the story then draws in it.
  loaders: [
    async ({ globals }) => {
      const chosen = globalThis.__story_locale__ ?? globals.locale;
      await activateLanguage(isLanguage(chosen) ? chosen : 'en');
      return {};
    },
  ],
  decorators: [
    (Story) => (
      <I18nProvider i18n={i18n}>
        <Story />
      </I18nProvider>
    ),
  ],
  parameters: {
    layout: 'padded',
    controls: { expanded: true, matchers: { date: /date$/i } },
    options: {
      // Steps are numbered in flow order ("Steps/01 Basic Information"); a step's stories keep their index order.
      storySort: { method: 'alphabetical', order: ['Introduction', 'Steps', 'Forms', 'Widgets', 'App'] },
    },
  },
  /**
   * In the story tests, every story passes axe-core with no serious or critical violation. A story can opt out with
   * `parameters: { a11yCheck: false }`, or skip single rules with `parameters: { a11yIgnore: ['rule-id'] }` (say why
   * next to it).
   */
  afterEach: async ({ canvasElement, parameters }) => {
    if (!globalThis.__vitest_browser__ || parameters.a11yCheck === false) return;
    await expectNoSeriousA11yViolations(canvasElement, (parameters.a11yIgnore as string[] | undefined) ?? []);
  },
};

export default preview;
