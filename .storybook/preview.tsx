import type { Preview } from '@storybook/react-vite';
import { expectNoSeriousA11yViolations } from './a11y.ts';
// The app's own stylesheet, so designers see exactly what advisers get.
import '../app/theme.css';

declare global {
  // Set by Vitest's browser mode (the story tests).
  var __vitest_browser__: boolean | undefined;
}

const preview: Preview = {
  tags: ['autodocs'],
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
