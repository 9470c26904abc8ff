/** The story tests again in French (vitest.config.ts, project storybook-fr): every story drawn with the app in French. */
import './vitest.setup.ts';

globalThis.__story_locale__ = 'fr';
