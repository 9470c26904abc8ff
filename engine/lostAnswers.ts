import { fieldAt } from './labelOf.ts';
import { isBlank } from './operations.ts';
import { getPath, splitPath } from './paths.ts';
import type { ApplicationData, JsonObject, LostAnswers, StepDefinition, StepView } from './types.ts';

/** What lostAnswers needs of the engine. */
export interface LostAnswersSource {
  order: string[];
  steps: { [id: string]: StepDefinition };
  evaluate: (stepId: string, appData: ApplicationData) => StepView;
}

/**
 * The saved answers a change of one step's record would drop: in every step with a saved record (the changed step
 * included, for its top-level sections only), the answers that the new record hides (insured 2's sections when the
 * application goes back to one insured). Each is named as the adviser sees it now (a text such as
 * "Insured 2: Marcus Bennett", else its title).
 * @param source - the engine's steps, order and evaluation
 * @param stepId - the step being changed
 * @param record - its new record
 * @param appData - the saved answers, keyed by step id
 * @returns - per step in flow order, the titles of the answers that would be lost; empty when nothing is lost
 * @example engine.lostAnswers('proposed-insured', { number_of_insureds: 1 }, saved) // [{ step: 'beneficiary', ... }]
 */
export function lostAnswers(
  source: LostAnswersSource,
  stepId: string,
  record: JsonObject,
  appData: ApplicationData,
): LostAnswers[] {
  const next: ApplicationData = { ...appData, [stepId]: record };
  const out: LostAnswers[] = [];
  for (const id of source.order) {
    const def = source.steps[id];
    const saved = appData[id];
    if (!def || !saved) continue;
    const hiddenNow = new Set(source.evaluate(id, appData).hidden);
    // In the changed step itself only whole sections count (insured 2): its other fields are what the adviser is editing.
    const lost = source
      .evaluate(id, next)
      .hidden.filter(
        (path) =>
          !hiddenNow.has(path) &&
          (id !== stepId || !path.includes('.')) &&
          !isBlank(getPath(saved, path)) &&
          !isEmptyObject(getPath(saved, path)),
      );
    if (!lost.length) continue;
    // Named as they are shown now: the step's texts over the saved answers, else the ui title, else the path.
    const texts = source.evaluate(id, appData).texts;
    const titles = lost.map((path) => texts[path] ?? titleAt(def, path) ?? path);
    out.push({ step: id, title: def.flow.title, fields: lost, titles });
  }
  return out;
}

function isEmptyObject(value: unknown): boolean {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => isBlank(v) || isEmptyObject(v))
  );
}

function titleAt(def: StepDefinition, path: string): string | undefined {
  const found = fieldAt(def.schema, def.ui, splitPath(path));
  const title = found?.ui['ui:title'] ?? found?.schema.title;
  return typeof title === 'string' ? title : undefined;
}
