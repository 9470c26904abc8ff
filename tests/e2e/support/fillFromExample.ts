/**
 * A step the walks have no hand-written answers for (one product staff added to steps/flow.json, as drill B's
 * Occupation) is answered through the UI from its own example, steps/<step>/examples/<name>.json, so the walks go on
 * past it: each answer is given by the field's label (ui.json's ui:title, else the schema's title) and, for a choice,
 * by the label the renderer draws for that value.
 */
import type { Page } from 'playwright-core';
import type { RJSFSchema } from '@rjsf/utils';
import { choicesOf } from '../../../renderer/options.ts';
import { definitions } from '../../support/engine.ts';
import { button, field, radio, waitForStep } from './ui.ts';

type Json = Record<string, unknown>;

export interface FilledStep {
  /** The example's name (its file name without .json). */
  example: string;
  /** The step's record in the example: what the server should now keep. */
  record: Json;
  /** The labels of the choices picked, as the adviser saw them (the review lists them). */
  chosen: string[];
}

function labelOf(value: unknown, schema: RJSFSchema, ui: Json, where: string): string {
  const choice = choicesOf(schema, ui).find((c) => Object.is(c.value, value));
  if (!choice) throw new Error(`${where}: ${JSON.stringify(value)} is none of the field's choices`);
  return choice.label;
}

/**
 * Waits for `stepId` (its URL and heading), answers it with the record of its first example (by name) and presses
 * the step's Next. A field shown only after another answer is waited for in ui:order. Only steps of one page and
 * of plain answers (text, numbers, dates, choices, lists of choices) can be answered so: anything else fails loudly,
 * telling the test to answer that step by hand.
 */
export async function fillFromExample(page: Page, clientId: string, stepId: string): Promise<FilledStep> {
  const def = definitions.steps[stepId];
  if (!def) throw new Error(`steps/flow.json has no step ${stepId}`);
  const options = ((def.ui as Json)['ui:options'] ?? {}) as Json;
  if (def.flow.pages?.length) throw new Error(`${stepId} has pages: answer it by hand in the test`);
  const example = Object.keys(def.examples)
    .sort()
    .find((name) => def.examples[name].data[stepId]);
  if (!example) throw new Error(`steps/${stepId}/examples/ has no example with a ${stepId} record`);
  const record = structuredClone(def.examples[example].data[stepId]) as Json;
  const where = `steps/${stepId}/examples/${example}.json`;

  await waitForStep(page, clientId, stepId, String(options.heading ?? def.flow.title));
  const order = ((def.ui as Json)['ui:order'] ?? []) as string[];
  const keys = [...order.filter((k) => k in record), ...Object.keys(record).filter((k) => !order.includes(k))];
  const properties = (def.schema.properties ?? {}) as Record<string, RJSFSchema>;
  const chosen: string[] = [];
  for (const key of keys) {
    const value = record[key];
    if (value === null || value === undefined) continue;
    const schema = properties[key];
    const ui = ((def.ui as Json)[key] ?? {}) as Json;
    const label = String(ui['ui:title'] ?? schema?.title ?? key);
    // The field may show only once an earlier answer is given (a visibility rule).
    await page
      .getByLabel(label, { exact: true })
      .first()
      .waitFor({ timeout: 10_000 })
      .catch((error: unknown) => {
        throw new Error(`${where}: no field "${label}" shows on ${stepId}`, { cause: error });
      });
    if (Array.isArray(value)) {
      const group = page.getByRole('group', { name: label, exact: true });
      for (const item of value) {
        if (item !== null && typeof item === 'object')
          throw new Error(`${where}: ${key} holds records: answer ${stepId} by hand in the test`);
        const text = labelOf(item, schema, ui, where);
        await group.getByRole('checkbox', { name: text, exact: true }).check();
        chosen.push(text);
      }
    } else if (typeof value === 'object') {
      throw new Error(`${where}: ${key} is a record: answer ${stepId} by hand in the test`);
    } else if (await page.getByRole('radiogroup', { name: label, exact: true }).count()) {
      const text = labelOf(value, schema, ui, where);
      await radio(page, label, text).check();
      chosen.push(text);
    } else {
      const input = field(page, label);
      const kind = await input.evaluate((el) =>
        el instanceof HTMLSelectElement
          ? 'select'
          : el instanceof HTMLInputElement && el.type === 'checkbox'
            ? 'checkbox'
            : 'text',
      );
      if (kind === 'select') {
        const text = labelOf(value, schema, ui, where);
        await input.selectOption({ label: text });
        chosen.push(text);
      } else if (kind === 'checkbox') await input.setChecked(value === true);
      else await input.fill(String(value));
    }
  }
  await button(page, String(options.nextLabel ?? 'Next')).click();
  return { example, record, chosen };
}
