/**
 * Every step's stories, for the story tests (`npm run test:stories`).
 *
 * This file's body is replaced when it is loaded: the Vite plugin in ./stepIndexing.ts writes one export per step
 * story from steps/ on disk (Empty, All errors shown, Fill one, clear another, and one per example). main.ts lists
 * this file as a stories file only under Vitest; the sidebar shows the same stories under each step
 * ("Steps/01 Basic Information"). Nothing here needs editing when a step or an example is added.
 */
export default { title: 'Steps (tests)' };
