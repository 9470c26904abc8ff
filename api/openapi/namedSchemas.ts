import { documentSchema, fieldAt } from '../../engine/index.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../auth/checkPassword.ts';
import { SIGN_UP_LIMITS } from '../auth/signUpLimits.ts';
import { PAGE_PATTERN } from '../screening/progressRoutes.ts';
import { clientBindings } from '../clients/clientRules.ts';
import type { ServerEngine } from '../definitions/createServerEngine.ts';
import type { JsonObject } from '../types.ts';
import { toSchemaObject } from './toSchemaObject.ts';

/** `#/components/schemas/<name>`. */
export function schemaRef(name: string): JsonObject {
  return { $ref: `#/components/schemas/${name}` };
}

/** The component name of a step's (or form's) record schema. */
export function stepSchemaName(stepId: string): string {
  return `step_${stepId}`;
}

const NULLABLE_STRING = { type: ['string', 'null'] };
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

/** One page of a list: Django REST framework's page-number pagination answer. */
function pageOf(item: JsonObject, description: string): JsonObject {
  const link = {
    type: ['string', 'null'],
    description: 'The path of that page with the same parameters (page 1 has no page parameter), or null',
  };
  return {
    type: 'object',
    description,
    properties: {
      count: { type: 'integer', minimum: 0, description: 'Rows in the whole filtered list, not only this page' },
      next: link,
      previous: link,
      results: { type: 'array', items: item },
    },
    required: ['count', 'next', 'previous', 'results'],
  };
}

const fieldError: JsonObject = {
  type: 'object',
  properties: {
    field: { type: 'string', description: 'Dotted JSON path of the field at fault; empty when no field is' },
    message: { type: 'string' },
  },
  required: ['field', 'message'],
};

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
  const clientView: JsonObject = {
    type: 'object',
    description:
      'A client: its profile fields, its fields as a proposed insured, its brokers; a field never given is absent or null.',
    properties: {
      id: ID,
      ...Object.fromEntries(Object.keys(client.properties).map((k) => [k, {}])),
      first_name: { type: 'string' },
      last_name: { type: 'string' },
      email: NULLABLE_STRING,
      phone_primary: NULLABLE_STRING,
      phone: { ...NULLABLE_STRING, description: 'phone_primary, as the list view names it' },
      date_of_birth: NULLABLE_STRING,
      gender_sex_at_birth: NULLABLE_STRING,
      brokers: { type: 'array', items: { type: 'string' } },
      created_at: { type: 'string' },
      updated_at: { type: 'string' },
      life_applications: {
        type: 'array',
        items: schemaRef('LifeApplication'),
        description: 'With ?include=life_applications',
      },
      version: {
        type: 'integer',
        minimum: 1,
        description: 'Raised by every change; also the ETag (send it back as If-Match)',
      },
      access: {
        type: 'string',
        enum: ['owner', 'broker'],
        description:
          "owner: the user's own client; broker: shared with the user as a granted broker (no delete, no change of brokers)",
      },
    },
    required: ['id', 'first_name', 'last_name', 'brokers', 'created_at', 'updated_at', 'version', 'access'],
  };
  const generation: JsonObject = {
    type: 'object',
    properties: {
      id: { type: 'string' },
      created_at: { type: 'string' },
      populate_forms: { type: 'array', items: { type: 'string' } },
      files: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            insurer: { type: 'string' },
            name: { type: 'string' },
            filename: { type: 'string' },
            url: { type: 'string' },
          },
          required: ['insurer', 'name', 'filename', 'url'],
        },
      },
      combined_url: NULLABLE_STRING,
    },
    required: ['id', 'created_at', 'populate_forms', 'files', 'combined_url'],
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
    },
    additionalProperties: false,
  };
  const payloadName = 'GenerationPayload';
  return {
    ...steps,
    Unanswered: {
      enum: [null, ''],
      description:
        "A field left empty: the step's schema checks are skipped for it (its rules may still require an answer)",
    },
    ErrorAnswer: {
      type: 'object',
      description: 'Every refusal: the first message, and each field at fault',
      properties: {
        error: { type: 'string', description: 'The first message' },
        errors: { type: 'array', items: fieldError },
        detail: {
          type: 'string',
          description: "Sign-up only: the first message again (the spec's sign-up screen reads detail)",
        },
        current: {
          description: 'A 412 only: the record as stored now (send its version back as If-Match to save over it)',
        },
        version: { type: 'integer', description: 'A 412 only: the current version of the record (also its ETag)' },
        incomplete_steps: {
          type: 'array',
          description: 'Generation only: the steps that apply but are not complete',
          items: {
            type: 'object',
            properties: { id: { type: 'string' }, title: { type: 'string' } },
            required: ['id', 'title'],
          },
        },
      },
      required: ['error', 'errors'],
    },
    SignUpRequest: {
      type: 'object',
      properties: {
        email: {
          type: 'string',
          format: 'email',
          pattern: SIGN_UP_LIMITS.emailPattern,
          maxLength: SIGN_UP_LIMITS.emailMaxLength,
          description: 'Trimmed and lower-cased; needs a domain with a dot',
        },
        password: {
          type: 'string',
          minLength: PASSWORD_MIN_LENGTH,
          maxLength: PASSWORD_MAX_LENGTH,
          description: 'Not the email, and not guessable (zxcvbn score 3 or more)',
        },
        username: {
          type: ['string', 'null'],
          maxLength: SIGN_UP_LIMITS.usernameMaxLength,
          description: "Defaults to the email; one that looks like an email must be the account's own email",
        },
      },
      required: ['email', 'password'],
    },
    Account: {
      type: 'object',
      properties: { email: { type: 'string' }, username: { type: 'string' } },
      required: ['email', 'username'],
    },
    LoginRequest: {
      type: 'object',
      properties: {
        username: { type: 'string', pattern: '\\S', description: 'A username or an email' },
        password: { type: 'string' },
      },
      required: ['username', 'password'],
    },
    LoginAnswer: {
      type: 'object',
      properties: {
        token: { type: 'string', description: 'Send as "Authorization: Token {token}"' },
        username: { type: 'string' },
        role: { type: 'string' },
        user_id: ID,
        expires_at: { type: 'string', format: 'date-time', description: 'When the token stops being accepted' },
      },
      required: ['token', 'username', 'role', 'user_id', 'expires_at'],
    },
    Success: { type: 'object', properties: { success: { const: true } }, required: ['success'] },
    UserInfo: {
      type: 'object',
      properties: { user_id: ID, username: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } },
      required: ['user_id', 'username', 'email', 'role'],
    },
    ClientInput: {
      type: 'object',
      description: "A client's fields. Other fields are ignored. Blank text of an optional field is stored as null.",
      properties: client.properties,
      required: client.required,
    },
    ClientPatch: {
      type: 'object',
      description: 'Some fields of a client; only the fields given are checked. Other fields are ignored.',
      properties: client.properties,
    },
    Client: clientView,
    History: {
      type: 'object',
      description: "A page of a client's audit trail, newest first",
      properties: {
        ...(pageOf({}, '').properties as JsonObject),
        results: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'at', 'user', 'entity', 'entity_id', 'changes'],
            properties: {
              id: ID,
              at: { type: 'string', format: 'date-time' },
              user: {
                type: ['object', 'null'],
                properties: { id: ID, username: { type: 'string' } },
                required: ['id', 'username'],
                description: 'Who made the change (null: the system)',
              },
              entity: { type: 'string', enum: ['client', 'step', 'application', 'generation'] },
              entity_id: { type: 'string', description: 'The client id, step id, application id or generation id' },
              changes: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['field'],
                  properties: {
                    field: { type: 'string', description: 'Dotted path in the record' },
                    from: { description: 'null when new; SINs masked' },
                    to: { description: 'null when removed; SINs masked' },
                  },
                },
              },
            },
          },
        },
      },
      required: ['count', 'next', 'previous', 'results'],
    },
    ClientList: pageOf(schemaRef('Client'), 'One page of clients'),
    Broker: {
      type: 'object',
      properties: { id: ID, name: { type: 'string' }, email: { type: 'string' } },
      required: ['id', 'name', 'email'],
    },
    Generation: generation,
    ApplicationList: pageOf(schemaRef('LifeApplication'), 'One page of applications'),
    LifeApplication: {
      type: 'object',
      properties: {
        id: ID,
        client_id: ID,
        client_name: { type: 'string' },
        created_at: { type: 'string' },
        updated_at: { type: 'string' },
        application_type: NULLABLE_STRING,
        application_type_label: {
          type: ['string', 'null'],
          description: 'application_type as the screening labels it',
        },
        product_type: NULLABLE_STRING,
        product_type_label: { type: ['string', 'null'], description: 'product_type as the screening labels it' },
        number_of_insureds: { type: 'integer', enum: [1, 2] },
        status: { type: 'string' },
        face_amount: { type: ['number', 'null'] },
        is_current: { type: 'boolean' },
        definitions_changed: {
          type: 'boolean',
          description: 'The definitions changed since the application was created',
        },
        role: {
          type: ['string', 'null'],
          description:
            "The role on it of the client whose applications are listed (a client profile lists every application naming the client, e.g. 'Insured 2, joint owner'); in the list of every application, its own client's role; null when not recorded",
        },
        generations: { type: 'array', items: schemaRef('Generation') },
      },
      required: [
        'id',
        'client_id',
        'client_name',
        'created_at',
        'updated_at',
        'application_type',
        'application_type_label',
        'product_type',
        'product_type_label',
        'number_of_insureds',
        'status',
        'face_amount',
        'is_current',
        'definitions_changed',
        'role',
        'generations',
      ],
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
      },
      required: ['client_id', 'populate_forms'],
    },
    GenerateAnswer: {
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: {
            s3_url: { type: 'string', description: 'The file of every chosen insurer' },
            id: { type: 'string' },
            files: {
              type: 'array',
              items: {
                type: 'object',
                properties: { insurer: { type: 'string' }, name: { type: 'string' }, url: { type: 'string' } },
                required: ['insurer', 'name', 'url'],
              },
            },
          },
          required: ['s3_url', 'id', 'files'],
        },
        summary: schemaRef('GenerationSummary'),
      },
      required: ['data', 'summary'],
    },
    GenerationSummary: {
      type: 'object',
      description: "The result view's summary cards",
      properties: {
        provider: { type: 'string' },
        product_type: { type: 'string' },
        number_of_insureds: { type: 'integer' },
        type_of_insurance: { type: 'string' },
        primary_insured: { type: 'string' },
        secondary_insured: { type: 'string' },
        owner_type: { type: 'string' },
        owner_name: { type: 'string' },
        plan_details: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              plan_type: { type: 'string' },
              product_type: { type: 'string' },
              plan_name: { type: 'string' },
              face_amount: { type: 'string' },
              face_amount_value: { type: ['number', 'null'] },
            },
            required: ['plan_type', 'product_type', 'plan_name', 'face_amount', 'face_amount_value'],
          },
        },
      },
      required: [
        'provider',
        'product_type',
        'number_of_insureds',
        'type_of_insurance',
        'primary_insured',
        'secondary_insured',
        'owner_type',
        'owner_name',
        'plan_details',
      ],
    },
    [payloadName]: toSchemaObject(
      documentSchema(engine.definitions.steps[engine.finalStep].documents?.payload ?? { document: {} }, engine.schemas),
      `#/components/schemas/${payloadName}`,
    ),
  };
}
