/**
 * Names shared by the Node side (the indexer and the Vite plugin in stepIndexing.ts) and the browser side
 * (stepStories.tsx): both must agree on every step story's title and export name, or Storybook cannot find it.
 * Pure: no Node, no DOM.
 */

/** The part of steps/flow.json this file reads. */
export interface FlowLike {
  steps: { id: string; title: string }[];
  forms?: { id: string; title: string }[];
}

/** The stories every step has, besides one per example. */
export const FIXED_STORIES = [
  { exportName: 'Empty', name: 'Empty' },
  { exportName: 'AllErrorsShown', name: 'All errors shown' },
  { exportName: 'FillAndClear', name: 'Fill one, clear another' },
] as const;

export type FixedStory = (typeof FIXED_STORIES)[number]['exportName'];

/** Where a step's stories live in the sidebar: "Steps/01 Basic Information", "Forms/Client Profile"; undefined for a folder flow.json does not list. */
export function stepStoryTitle(flow: FlowLike, stepId: string): string | undefined {
  const index = flow.steps.findIndex((s) => s.id === stepId);
  if (index >= 0) return `Steps/${String(index + 1).padStart(2, '0')} ${flow.steps[index].title}`;
  const form = flow.forms?.find((f) => f.id === stepId);
  return form ? `Forms/${form.title}` : undefined;
}

/** A valid JavaScript name for an example's story: "new-application" gives "Example_new_application". */
export function exampleExportName(exampleName: string): string {
  return `Example_${exampleName.replace(/[^A-Za-z0-9_$]/g, '_')}`;
}

/** The virtual module holding one step's stories. */
export const VIRTUAL_PREFIX = 'virtual:step-stories/';
