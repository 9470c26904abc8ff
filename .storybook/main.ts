import type { StorybookConfig } from '@storybook/react-vite';
import { messagesPlugin } from '../scripts/messagesPlugin.ts';
import { stepIndexer, stepStoriesPlugin } from './steps/stepIndexing.ts';

/** @returns - whether a Vite plugin entry (a plugin, a promise of one, false...) is the plugin of that name. */
function isNamed(plugin: unknown, name: string): boolean {
  return typeof plugin === 'object' && plugin !== null && 'name' in plugin && plugin.name === name;
}

const PREBUNDLED = [
  '@rjsf/core',
  '@rjsf/utils',
  '@rjsf/validator-ajv8',
  'ajv',
  'ajv-errors',
  'ajv-formats',
  'fast-deep-equal',
  'json-logic-js',
  'xstate',
  'axe-core',
  'wouter',
  'storybook/test',
];

/**
 * Storybook for designers. Step stories are not written by hand: the indexer turns each steps/<id>/schema.json
 * and steps/<id>/examples/*.json into stories (see steps/stepIndexing.ts). Telemetry is off so it works offline.
 */
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: [
    './stories/**/*.mdx',
    './stories/**/*.stories.@(ts|tsx)',
    // The step stories. Under Vitest every `stories` file is a test file, so there they come from one module that
    // the plugin fills with every step's stories; elsewhere the indexer reads steps/ for the sidebar.
    ...(process.env.VITEST ? ['./steps/allStepStories.tsx'] : ['../steps/*/schema.json', '../steps/*/examples/*.json']),
  ],
  addons: ['@storybook/addon-docs', '@storybook/addon-vitest'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true, enableCrashReports: false },
  experimental_indexers: async (existing) => [stepIndexer, ...(existing ?? [])],
  viteFinal: async (viteConfig) => ({
    ...viteConfig,
    // Storybook reads the app's vite.config.ts, whose catalogues plugin shortens the message ids in a build; the
    // stories draw the catalogues with their ids (appText.ts, the play functions), so that one gives way to ours.
    // The app page's head start (an inline script starting the API requests of the app's routes) and its style sheet
    // written into the page have no place in Storybook's pages, which keep their own style sheets. rjsf stays whole,
    // as in the tests: the app's cuts of it (scripts/rjsfBasePlugin.ts) hand its merge of `allOf` over from the step
    // modules, which Storybook does not load (it reads steps/ itself).
    plugins: [
      ...(viteConfig.plugins ?? [])
        .flat()
        .filter(
          (plugin) =>
            !isNamed(plugin, 'app-messages') &&
            !isNamed(plugin, 'insure:head-start') &&
            !isNamed(plugin, 'insure:inline-styles') &&
            !isNamed(plugin, 'insure:rjsf-base'),
        ),
      stepStoriesPlugin(),
      messagesPlugin(),
    ],
    // One preview bundle holds the engine, rjsf and every step definition; its size is not a concern here.
    build: { ...viteConfig.build, cssCodeSplit: true, chunkSizeWarningLimit: 4000 },
    optimizeDeps: {
      ...viteConfig.optimizeDeps,
      // Found only once a story renders; listing them saves the dev server and the story tests a reload.
      include: [...(viteConfig.optimizeDeps?.include ?? []), ...PREBUNDLED],
    },
  }),
};

export default config;
