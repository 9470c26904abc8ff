import type { JsonSchema } from '../../engine/types.ts';

type Schema = JsonSchema;

const ID: Schema = { type: ['string', 'integer', 'null'] };
const NULLABLE_STRING: Schema = { type: ['string', 'null'] };
const NULLABLE_BOOL: Schema = { type: ['boolean', 'null'] };
const OWNER_TYPE: Schema = { type: 'string', enum: ['insured_1', 'insured_2', 'joint_insureds', 'other_individual', 'corporation'] };

const object = (properties: { [name: string]: Schema }, nullable = false): Schema => ({
  type: nullable ? ['object', 'null'] : 'object',
  additionalProperties: false,
  properties,
});

/** Rewrites `#/definitions/x` refs of one step's schema to `#/definitions/<stepId>__x` of the payload schema. */
function rewriteRefs(node: unknown, stepId: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, stepId));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/definitions/')
      ? `#/definitions/${stepId}__${v.slice('#/definitions/'.length)}`
      : rewriteRefs(v, stepId);
  }
  return out;
}

/** A copy of an object schema with properties added and some removed (the payload's derived fields). */
function reshape(schema: Schema, add: { [name: string]: Schema }, remove: (name: string) => boolean = () => false): Schema {
  const properties = Object.fromEntries(Object.entries((schema.properties ?? {}) as Record<string, Schema>).filter(([k]) => !remove(k)));
  return { ...schema, properties: { ...properties, ...add } };
}

const withNull = (schema: Schema): Schema => ({ anyOf: [schema, { type: 'null' }] });

const PARTY: Schema = object({
  kind: { type: 'string', enum: ['individual', 'entity'] },
  full_name: NULLABLE_STRING,
  first_name: NULLABLE_STRING,
  middle_name: NULLABLE_STRING,
  last_name: NULLABLE_STRING,
  date_of_birth: NULLABLE_STRING,
  sex: NULLABLE_STRING,
  is_smoker: NULLABLE_BOOL,
  relationship_to_insured: NULLABLE_STRING,
  address_line1: NULLABLE_STRING,
  address_line2: NULLABLE_STRING,
  city: NULLABLE_STRING,
  province: NULLABLE_STRING,
  postal_code: NULLABLE_STRING,
  phone: NULLABLE_STRING,
  email: NULLABLE_STRING,
  occupation: NULLABLE_STRING,
  id_type: NULLABLE_STRING,
  id_number: NULLABLE_STRING,
  id_expiry: NULLABLE_STRING,
  sin: { type: ['string', 'null'], pattern: '^[0-9]*$' },
  legal_name: NULLABLE_STRING,
  trade_name: NULLABLE_STRING,
  business_number: NULLABLE_STRING,
  contact_name: NULLABLE_STRING,
});

/**
 * The JSON Schema of the generation payload (api/pdf/types.ts GenerationPayload), assembled from the step
 * schemas so that a payload path in a form mapping (`payload.owner_information.owner_info.owner1_sin`) can be
 * checked like a step answer, and a built payload can be validated in tests.
 * @param steps - each step's schema.json, keyed by step id
 * @returns a draft-07 schema whose `definitions` hold every step's definitions, prefixed `<stepId>__`
 */
export function payloadSchema(steps: { [stepId: string]: Schema }): Schema {
  const definitions: { [name: string]: Schema } = {};
  const step: { [stepId: string]: Schema } = {};
  for (const [stepId, schema] of Object.entries(steps)) {
    const rewritten = rewriteRefs(schema, stepId) as Schema;
    for (const [name, def] of Object.entries((rewritten.definitions ?? {}) as Record<string, Schema>)) definitions[`${stepId}__${name}`] = def;
    const { definitions: _drop, $schema: _meta, ...rest } = rewritten;
    void _drop;
    void _meta;
    step[stepId] = rest;
  }
  const prop = (stepId: string, name: string): Schema => ((step[stepId]?.properties ?? {}) as Record<string, Schema>)[name] ?? {};
  const def = (stepId: string, name: string): Schema => definitions[`${stepId}__${name}`] ?? {};
  const ref = (stepId: string, name: string): Schema => ({ $ref: `#/definitions/${stepId}__${name}` });

  // Beneficiaries are keyed IP{insured}_B{n}, up to each tier's maxItems.
  const tierMax = (tier: string): number => Number((def('beneficiary', 'insured_beneficiaries').properties as Record<string, Schema> | undefined)?.[`${tier}_beneficiaries`]?.maxItems ?? 4);
  const keyedBeneficiaries = (tier: string): Schema => {
    const properties: { [key: string]: Schema } = {};
    for (const insured of [1, 2]) for (let n = 1; n <= tierMax(tier); n++) properties[`IP${insured}_B${n}`] = ref('beneficiary', 'beneficiary');
    return object(properties);
  };
  const numbered = (name: string): Schema => ({
    type: ['array', 'null'],
    items: reshape(def('plan-details', name), { option_number: { type: 'integer', minimum: 1 } }),
  });

  const tax = step['tax-information'] ?? {};
  const isSinPart = (k: string): boolean => /^owner[12]_sin_part[123]$/.test(k);
  const ownerInfo = reshape(
    reshape(step.owner ?? {}, { is_smoker: NULLABLE_BOOL, individual_2_is_smoker: NULLABLE_BOOL }, (k) => k === 'smoking_class' || k === 'individual_2_smoking_class'),
    {
      ...Object.fromEntries(Object.entries((tax.properties ?? {}) as Record<string, Schema>).filter(([k]) => !isSinPart(k))),
      owner1_sin: { type: ['string', 'null'], pattern: '^[0-9]*$' },
      owner2_sin: { type: ['string', 'null'], pattern: '^[0-9]*$' },
    },
  );
  const financialOf = object({ client_id: ID, financial_data: ref('financial', 'financial_data') });
  const historyOf = object({ client_id: ID, insurance_history_data: ref('insurance-history', 'insurance_history_data') });

  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Generation payload',
    type: 'object',
    additionalProperties: false,
    definitions,
    properties: {
      populate_forms: prop('pdf-generation', 'populate_forms'),
      language_check: object({ speaks_english_french: NULLABLE_BOOL, language_explained: NULLABLE_BOOL, preferred_language: NULLABLE_STRING }),
      residency_check: object({ is_canadian_tax_resident: NULLABLE_BOOL }),
      application_info: object({
        client_id: ID,
        application_type: NULLABLE_STRING,
        existing_policy_number: NULLABLE_STRING,
        product_type: NULLABLE_STRING,
        number_of_insureds: { type: 'integer', enum: [1, 2] },
        proposed_insured_1: ID,
        proposed_insured_2: ID,
      }),
      proposed_insured_information: object({
        proposed_insured_information_1: ref('proposed-insured', 'insured'),
        proposed_insured_information_2: ref('proposed-insured', 'insured'),
      }),
      owner_information: object({ type: OWNER_TYPE, owner_info: ownerInfo, owner_info_1: PARTY, owner_info_2: withNull(PARTY) }),
      beneficiary_designation: object({
        is_quebec_policy: { type: 'boolean' },
        primary_beneficiaries: keyedBeneficiaries('primary'),
        contingent_beneficiaries: keyedBeneficiaries('contingent'),
        trustee_for_minors: object({ primary_beneficiary_full_name: NULLABLE_STRING, contingent_beneficiary_full_name: NULLABLE_STRING }),
      }),
      financial_information: object({
        ownership_type: OWNER_TYPE,
        insured_1: financialOf,
        insured_2: withNull(financialOf),
        owner_financial_data: withNull(ref('financial', 'financial_data')),
        corporate_data: withNull(ref('financial', 'corporate_data')),
      }),
      purpose_of_insurance: reshape(step['purpose-of-insurance'] ?? {}, { client_id: ID }),
      lifestyle_information: object({
        lifestyle_information_1: ref('lifestyle', 'lifestyle_data'),
        lifestyle_information_2: withNull(ref('lifestyle', 'lifestyle_data')),
      }),
      insurance_history_information: object({ insured_1: historyOf, insured_2: withNull(historyOf) }),
      medical_information: object({
        number_of_insureds: { type: 'integer', enum: [1, 2] },
        medical_information_1: ref('medical', 'medical_data'),
        medical_information_2: withNull(ref('medical', 'medical_data')),
      }),
      plan_details: object({
        illustration_status: NULLABLE_STRING,
        policy_date_type: NULLABLE_STRING,
        save_age_insured_1: { type: 'boolean' },
        save_age_insured_2: { type: 'boolean' },
        product_type: NULLABLE_STRING,
        single_life_options: numbered('single_life_option'),
        joint_plan_options: numbered('joint_plan_option'),
      }),
    },
  };
}
