import { fieldAt } from '../../engine/index.ts';
import { payloadSchema } from '../pdf/payloadSchema.ts';
import { PAGE_PATTERN } from '../screening/progressRoutes.ts';
import { clientBindings } from '../clients/clientRules.ts';
import type { ServerEngine } from '../definitions/createServerEngine.ts';
import type { JsonObject } from '../types.ts';
import { sharedComponents } from './sharedSchemas.ts';
import { toSchemaObject } from './toSchemaObject.ts';

/** `#/components/schemas/<name>`. */
export function schemaRef(name: string): JsonObject {
  return { $ref: `#/components/schemas/${name}` };
}

/** The component name of a step's (or form's) record schema. */
export function stepSchemaName(stepId: string): string {
  return `step_${stepId}`;
}

const ID = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };

/** A client id as the spec's calls send it: a positive integer or its decimal text. */
export const CLIENT_ID: JsonObject = {
  description:
    'A client id: a positive integer, or its decimal text. A missing or malformed id is a 400; an id of no client of the user a 404.',
  oneOf: [
    { type: 'integer', minimum: 1 },
    { type: 'string', pattern: '^[1-9][0-9]*$' },
  ],
};

/** Rules of rules.json for one field, as text: the document cannot express "today" or cross-field rules. */
function ruleText(engine: ServerEngine, stepId: string, field: string): string | undefined {
  const rules = engine.definitions.steps[stepId]?.rules.validation ?? [];
  const lines = rules
    .filter((r) => r.field === field)
    .map((r) => (r.required ? `Required ("${r.message}").` : `${r.description ?? 'Rule'} ("${r.message}")`));
  return lines.length ? lines.join(' ') : undefined;
}

/** An optional text field of a client: blank text (after trimming) is stored as null, so it is documented as allowed. */
function blankAllowed(schema: JsonObject): JsonObject {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (!types.includes('string')) return schema;
  const { description, ...rest } = schema;
  return {
    ...(description ? { description } : {}),
    anyOf: [rest, { type: 'string', pattern: '^\\s*$', description: 'Blank: stored as null' }],
  };
}

/**
 * The client's fields: the client profile form's (steps/<form>/schema.json) and the proposed insured's (the step
 * object bound to client records), each with the rules of its own definition described.
 */
function clientFields(engine: ServerEngine): { properties: { [name: string]: JsonObject }; required: string[] } {
  const form = engine.definitions.flow.forms?.find((f) => f.record === 'client');
  const properties: { [name: string]: JsonObject } = {};
  const required: string[] = [];
  if (form) {
    const base = `#/components/schemas/${stepSchemaName(form.id)}`;
    const formSchema = toSchemaObject(engine.definitions.steps[form.id].schema, base);
    for (const [name, schema] of Object.entries((formSchema.properties ?? {}) as { [name: string]: JsonObject })) {
      const isRequired =
        engine.definitions.steps[form.id].rules.validation?.some((r) => r.field === name && r.required) ?? false;
      if (isRequired) required.push(name);
      const rules = ruleText(engine, form.id, name);
      const described = {
        ...schema,
        ...(rules ? { description: [schema.description, rules].filter(Boolean).join(' ') } : {}),
      };
      properties[name] = isRequired ? described : blankAllowed(described);
    }
  }
  const binding = clientBindings(engine).find((b) => b.when === undefined);
  if (binding) {
    const step = engine.definitions.steps[binding.stepId];
    const field = fieldAt(step.schema, step.ui, binding.path.split('.'));
    const converted = toSchemaObject(field?.schema ?? {}, `#/components/schemas/${stepSchemaName(binding.stepId)}`);
    for (const [name, schema] of Object.entries((converted.properties ?? {}) as { [name: string]: JsonObject })) {
      if (name in properties) continue;
      const rules = ruleText(engine, binding.stepId, `${binding.path}.${name}`);
      properties[name] = blankAllowed({
        ...schema,
        ...(rules ? { description: [schema.description, rules].filter(Boolean).join(' ') } : {}),
      });
    }
  }
  properties.brokers = {
    type: ['array', 'null'],
    maxItems: 50,
    items: { type: 'string', description: 'The email of a broker of GET /brokers/' },
    description:
      'Brokers who may see the client, by email: each must be a broker that GET /brokers/ lists ("Please select valid brokers").',
  };
  return { properties, required };
}

/**
 * The named schemas of the document: every step's and form's record schema as the engine validates it, and the
 * bodies of the other routes, built from the same definitions where the server checks with them.
 * @param engine - the server's engine
 * @returns - components.schemas
 */
export function namedSchemas(engine: ServerEngine): { [name: string]: JsonObject } {
  const steps: { [name: string]: JsonObject } = {};
  for (const [id, schema] of Object.entries(engine.schemas)) {
    steps[stepSchemaName(id)] = toSchemaObject(schema, `#/components/schemas/${stepSchemaName(id)}`, {
      blank: schemaRef('Unanswered'),
    });
  }
  const client = clientFields(engine);
  // The shared Client (api/clients/clientSchemas.ts) with the fields the definitions give a client.
  const shared = sharedComponents();
  const clientView: JsonObject = {
    ...shared.Client,
    properties: {
      ...Object.fromEntries(Object.keys(client.properties).map((k) => [k, {}])),
      ...(shared.Client.properties as JsonObject),
    },
  };
  const progress: JsonObject = {
    type: 'object',
    properties: {
      clientId: ID,
      currentStep: { type: 'string', enum: engine.order },
      lastUpdated: { type: ['string', 'null'], description: 'null when no progress was saved' },
      isComplete: { type: 'boolean', description: `true only at ${engine.finalStep}` },
      stepData: { type: 'object' },
    },
    required: ['clientId', 'currentStep', 'lastUpdated', 'isComplete', 'stepData'],
  };
  const applicationData: JsonObject = {
    type: 'object',
    description:
      'Every saved step record of the client, keyed by step id, and $context (the facts the definitions read).',
    properties: {
      ...Object.fromEntries(engine.order.map((id) => [id, schemaRef(stepSchemaName(id))])),
      $context: { type: 'object' },
      $versions: {
        type: 'object',
        additionalProperties: { type: 'integer' },
        description: 'The version of each saved step record (its ETag; send it back as If-Match)',
      },
      $incomplete: {
        type: 'array',
        items: { type: 'string', enum: engine.order },
        description:
          'The steps that apply, have a saved record and are not in good order as saved (the step list marks them)',
      },
      $locked: {
        description:
          "null, or why the answers cannot change now (an insurer holds the application): the message a save would be refused with, in the request's language, and the application's id",
        anyOf: [
          { type: 'null' },
          {
            type: 'object',
            properties: { message: { type: 'string' }, applicationId: ID },
            required: ['message', 'applicationId'],
            additionalProperties: false,
          },
        ],
      },
    },
    additionalProperties: false,
  };
  const payloadName = 'GenerationPayload';
  return {
    ...shared,
    ...steps,
    Unanswered: {
      enum: [null, ''],
      description:
        "A field left empty: the step's schema checks are skipped for it (its rules may still require an answer)",
    },
    ClientInput: {
      type: 'object',
      description: "A client's fields. Other fields are ignored. Blank text of an optional field is stored as null.",
      properties: client.properties,
      required: client.required,
    },
    Client: clientView,
    ClientPatch: {
      type: 'object',
      description: 'Some fields of a client; only the fields given are checked. Other fields are ignored.',
      properties: client.properties,
    },
    NewApplicationRequest: { type: 'object', properties: { client_id: CLIENT_ID }, required: ['client_id'] },
    Progress: progress,
    ProgressUpdate: {
      type: 'object',
      properties: {
        client_id: CLIENT_ID,
        clientId: { deprecated: true, description: 'Read only when client_id is absent' },
        currentStep: { type: 'string', enum: engine.order },
        lastUpdated: { description: "Ignored (any value): the server's time is kept" },
        isComplete: { description: 'Ignored (any value): derived from the step' },
        stepData: {
          type: 'object',
          description:
            "The page and a draft of step records, keyed by step id: each of its step's fields and bounds, not yet its rules. Unknown steps or fields are refused.",
          properties: {
            page: { type: 'string', pattern: PAGE_PATTERN },
            ...Object.fromEntries(
              engine.order
                .filter((id) => engine.isScreeningStep(id))
                .map((id) => [id, { $ref: `#/components/schemas/${stepSchemaName(id)}` }]),
            ),
          },
          additionalProperties: false,
        },
      },
      required: ['currentStep'],
      anyOf: [{ required: ['client_id'] }, { required: ['clientId'], properties: { clientId: CLIENT_ID } }],
    },
    ApplicationData: applicationData,
    GenerateRequest: {
      type: 'object',
      description:
        "Either {client_id, populate_forms} or the spec's whole generation payload (with client_id): the server always rebuilds the payload from the stored answers.",
      properties: {
        client_id: CLIENT_ID,
        populate_forms: {
          $ref: `#/components/schemas/${stepSchemaName(engine.finalStep)}/properties/populate_forms`,
          minItems: 1,
          description: 'At least one insurer ("Please select at least one form to generate")',
        },
        language: {
          type: 'string',
          enum: ['en', 'fr'],
          description:
            "The documents' language (labels, option labels, notices, money); default the client's preferred language",
        },
      },
      required: ['client_id', 'populate_forms'],
    },
    [payloadName]: payloadSchema(engine),
  };
}
