/**
 * What each step story shows, in words, in the language of the docs page: the "Fill one, clear another" plan names
 * its fields and message as that language's definitions write them. Example stories are described by their example
 * file, a note for product staff that is not translated (docs/decisions/i18n-definitions-bilingual.md).
 */
import type { Language } from '../../app/i18n/language.ts';
import type { FixedStory } from './catalog.ts';
import { definitionsIn } from './definitions.ts';
import { docsText } from './docsTexts.ts';
import { planFillAndClear, type FillAndClearPlan } from './fillAndClear.ts';
import type { Engine } from '../../engine/index.ts';

const plans = new WeakMap<Engine, Map<string, FillAndClearPlan | undefined>>();

/** planFillAndClear, worked out once per engine and step (the stories, their play functions and the docs page ask). */
export function planOf(engine: Engine, stepId: string): FillAndClearPlan | undefined {
  const byStep = plans.get(engine) ?? new Map<string, FillAndClearPlan | undefined>();
  plans.set(engine, byStep);
  if (!byStep.has(stepId)) byStep.set(stepId, planFillAndClear(engine, stepId));
  return byStep.get(stepId);
}

/** Which story of a step a story is (set as the `stepStory` parameter, read back by the docs page). */
export interface StepStoryRef {
  stepId: string;
  variant: FixedStory | { example: string };
}

/** A story's description; `lang` is English when the text is an example's own (never translated). */
export interface StoryDescription {
  text: string;
  lang: Language;
}

/**
 * The description of one step story in a language, or undefined for a story that needs none (Empty).
 * @param story - the step and the story
 * @param language - the docs page's language
 */
export function storyDescription({ stepId, variant }: StepStoryRef, language: Language): StoryDescription | undefined {
  const { definitions, engine } = definitionsIn(language);
  const def = definitions.steps[stepId];
  const said = (text: string): StoryDescription => ({ text, lang: language });
  if (typeof variant === 'object') {
    const example = def.examples[variant.example];
    return { text: example?.description ?? `steps/${stepId}/examples/${variant.example}.json`, lang: 'en' };
  }
  if (variant === 'AllErrorsShown') return said(docsText(language, 'allErrorsShown'));
  if (variant !== 'FillAndClear') return undefined;
  const plan = planOf(engine, stepId);
  if (!plan) return said(docsText(language, 'noPlan', { example: Object.keys(def.examples)[0] ?? '—' }));
  const values = { example: plan.example, fill: plan.fill.label, clear: plan.clear.label, message: plan.clear.message };
  if (plan.fill.path === plan.clear.path) return said(docsText(language, 'fillAndClearSame', values));
  return said(docsText(language, plan.clearedInData ? 'fillAndClearInData' : 'fillAndClearOther', values));
}
