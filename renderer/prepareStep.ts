import {
  createSchemaUtils,
  type RJSFSchema,
  type SchemaUtilsType,
  type UiSchema,
  type ValidatorType,
} from '@rjsf/utils';
import type { Engine, JsonObject } from '../engine/index.ts';
import { engineSchemaValidator } from './engineSchemaValidator.ts';

/** What rjsf needs to draw one step, or one page of it. */
export interface PreparedStep {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  /** The validator rjsf asks about the schema's `if` conditions (see engineSchemaValidator). */
  validator: ValidatorType<JsonObject, RJSFSchema>;
  /** Fills the schema's defaults into a record (missing answers only; null stays null). */
  withDefaults: (record: JsonObject) => JsonObject;
}

const cache = new WeakMap<Engine, Map<string, PreparedStep>>();
const defaultsCache = new WeakMap<Engine, Map<string, SchemaUtilsType>>();

function schemaUtilsFor(engine: Engine, stepId: string, schema: RJSFSchema): SchemaUtilsType {
  let byStep = defaultsCache.get(engine);
  if (!byStep) defaultsCache.set(engine, (byStep = new Map()));
  let utils = byStep.get(stepId);
  if (!utils) {
    utils = createSchemaUtils(engineSchemaValidator(engine, stepId), schema, {
      emptyObjectFields: 'populateAllDefaults',
    });
    byStep.set(stepId, utils);
  }
  return utils;
}

function isObjectSchema(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const s = schema as Record<string, unknown>;
  return s.type === 'object' || typeof s.$ref === 'string' || Boolean(s.properties);
}

/**
 * Prepares a step's schema and ui schema for rjsf, once per step and page.
 * - A page draws only its own top-level fields (`ui:order` is trimmed to them, as rjsf refuses unknown names).
 * - A page made of one object field (an insured) draws that object without its own title: the page heading says it.
 * @param engine - holds the definitions
 * @param stepId - the step
 * @param fields - the page's top-level fields; all fields when undefined
 */
export function prepareStep(engine: Engine, stepId: string, fields?: string[]): PreparedStep {
  let byKey = cache.get(engine);
  if (!byKey) cache.set(engine, (byKey = new Map()));
  const key = `${stepId}|${fields?.join(',') ?? '*'}`;
  const hit = byKey.get(key);
  if (hit) return hit;

  const def = engine.definitions.steps[stepId];
  if (!def) throw new Error(`Unknown step "${stepId}"`);
  const fullSchema = def.schema as RJSFSchema;
  const properties = (fullSchema.properties ?? {}) as Record<string, RJSFSchema>;
  const keep = fields ? fields.filter((f) => f in properties) : Object.keys(properties);
  const schema: RJSFSchema = fields
    ? { ...fullSchema, properties: Object.fromEntries(keep.map((f) => [f, properties[f]])) }
    : fullSchema;

  const ui: Record<string, unknown> = { ...(def.ui as Record<string, unknown>) };
  delete ui.$schema;
  delete ui['ui:review'];
  const order = ui['ui:order'] as string[] | undefined;
  if (order) {
    const present = new Set(keep);
    const trimmed = order.filter((f) => f === '*' || present.has(f));
    ui['ui:order'] = trimmed.includes('*') || keep.every((f) => trimmed.includes(f)) ? trimmed : [...trimmed, '*'];
  }
  if (fields && keep.length === 1 && isObjectSchema(properties[keep[0]])) {
    const own = (ui[keep[0]] ?? {}) as Record<string, unknown>;
    ui[keep[0]] = { ...own, 'ui:options': { ...((own['ui:options'] ?? {}) as object), label: false } };
  }

  const utils = schemaUtilsFor(engine, stepId, fullSchema);
  const prepared: PreparedStep = {
    schema,
    uiSchema: ui as UiSchema,
    validator: utils.getValidator(),
    withDefaults: (record) => utils.getDefaultFormState(fullSchema, record) as JsonObject,
  };
  byKey.set(key, prepared);
  return prepared;
}
