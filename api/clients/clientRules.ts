import { fieldAt, setPath } from '../../engine/index.ts';
import type { RecordBinding } from '../../engine/index.ts';
import type { Language, ServerEngine } from '../definitions/createServerEngine.ts';
import type { FieldError, JsonObject } from '../types.ts';
import type { ClientChecks } from './validateClient.ts';

/** A step object kept in client records (contract.json `records` with store "client"), found in the definitions. */
export interface ClientBinding extends RecordBinding {
  stepId: string;
}

/** Every binding of a step object to client records, in flow order. */
export function clientBindings(engine: ServerEngine): ClientBinding[] {
  const out: ClientBinding[] = [];
  for (const stepId of engine.order) {
    for (const binding of engine.definitions.steps[stepId]?.contract?.records ?? []) {
      if (binding.store === 'client') out.push({ ...binding, stepId });
    }
  }
  return out;
}

/** The fields of a client record as the bound step object defines them (its schema's properties, but those it excludes). */
export function boundFields(engine: ServerEngine, binding: ClientBinding): string[] {
  const step = engine.definitions.steps[binding.stepId];
  const field = fieldAt(step.schema, step.ui, binding.path.split('.'));
  const excluded = new Set(binding.exclude ?? []);
  return Object.keys((field?.schema.properties ?? {}) as object).filter((f) => !excluded.has(f));
}

/**
 * The checks of a client record, from the definitions: the form flow.json marks `"record": "client"` (the client
 * profile) and the first step object bound to client records (the proposed insured, whose rules a client PATCH
 * must pass as the step does).
 * @param lang - the language of the messages (the same rules, the definitions' French when 'fr')
 * @throws Error when the definitions name no client profile form
 */
export function clientChecks(engine: ServerEngine, lang: Language = 'en'): ClientChecks {
  const form = engine.definitions.flow.forms?.find((f) => f.record === 'client');
  if (!form) throw new Error('flow.json names no form with "record": "client" (the client profile)');
  const profileFields = Object.keys((engine.definitions.steps[form.id].schema.properties ?? {}) as object);
  const binding = clientBindings(engine).find((b) => b.when === undefined);
  const insuredFields = binding ? boundFields(engine, binding) : [];
  const prefix = binding ? `${binding.path}.` : '';
  return {
    profileFields,
    checkProfile: (record, fields) =>
      engine.localized(lang).evaluateStep(form.id, { [form.id]: record }, { fields }).errors,
    insuredFields,
    checkInsured: (record: JsonObject, fields: string[]): FieldError[] => {
      if (!binding) return [];
      const stepRecord = setPath({}, binding.path, record);
      const errors = engine
        .localized(lang)
        .evaluateStep(
          binding.stepId,
          { [binding.stepId]: stepRecord },
          { fields: [binding.path.split('.')[0]] },
        ).errors;
      return errors
        .filter((e) => e.field.startsWith(prefix) && fields.includes(e.field.slice(prefix.length).split('.')[0]))
        .map((e) => ({ field: e.field.slice(prefix.length), message: e.message }));
    },
  };
}
