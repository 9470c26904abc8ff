/**
 * The few words StepCanvas says that the app never does (Storybook has no next page and no server): the wizard's
 * own words (Next, Step n of N, Edit) come from the app's catalogues instead.
 */
import type { Language } from '../../app/i18n/language.ts';

const TEXTS = {
  nextGoesOn: { en: 'Next goes on to {title}.', fr: 'Suivant mène à « {title} ».' },
  lastStep: { en: 'This is the last step.', fr: 'C’est la dernière étape.' },
  saved: { en: 'Progress saved.', fr: 'Progression enregistrée.' },
} satisfies Record<string, Record<Language, string>>;

/** One of StepCanvas's own texts in a language, its `{name}` placeholders filled. */
export function canvasText(language: Language, id: keyof typeof TEXTS, values: Record<string, string> = {}): string {
  return TEXTS[id][language].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
