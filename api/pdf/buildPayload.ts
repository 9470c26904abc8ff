import type { Engine } from '../../engine/createEngine.ts';
import type { ApplicationData } from '../../engine/types.ts';
import { bool, id, isObject, num, obj, str } from './answerValues.ts';
import { normalizeData } from './checkScreening.ts';
import { IncompleteScreeningError, PAYLOAD_MESSAGES, PayloadError, type PayloadErrorCode } from './generationErrors.ts';
import { entityParty, individualParty, insuredParty, joinSin, ownerInfo, resolveOwnerType } from './ownerParties.ts';
import type { GenerationPayload, InsuredInfo, JsonObject, OwnerParty, PayloadBeneficiary, PlanOption } from './types.ts';

export { GenerationError, IncompleteScreeningError, PAYLOAD_MESSAGES, PayloadError, type IncompleteStep, type PayloadErrorCode } from './generationErrors.ts';
export { normalizeData } from './checkScreening.ts';
export { joinSin, resolveOwnerType } from './ownerParties.ts';

export interface PayloadOptions {
  /** The insurers chosen (populate_forms). */
  populateForms: string[];
  /** The application's client; default basic.client_id, then $context.clientId. */
  clientId?: string | number;
  /** Today as YYYY-MM-DD, for minors without a computed is_minor; default the current date. */
  today?: string;
  /** Texts of the payload errors by code (pdf-generation/ui.json's messages). */
  messages?: Partial<Record<PayloadErrorCode, string>>;
}

/**
 * Checks the screening, then builds the generation payload from the engine's view of the saved answers.
 * @param engine - the engine over steps/
 * @param data - the saved application data, keyed by step id
 * @param options - the chosen insurers and the client
 * @throws IncompleteScreeningError naming the incomplete steps; PayloadError with the spec's message
 * @example const payload = buildPayload(engine, await screening.load(42), { populateForms: ['BMO'] });
 */
export function buildPayload(engine: Engine, data: ApplicationData, options: PayloadOptions): GenerationPayload {
  return prepareGeneration(engine, data, options).payload;
}

/**
 * buildPayload, also returning the engine's view of the data that the payload was built from
 * (the form mappings read both).
 * @throws IncompleteScreeningError, PayloadError
 */
export function prepareGeneration(engine: Engine, data: ApplicationData, options: PayloadOptions): { payload: GenerationPayload; data: ApplicationData } {
  const incomplete = engine.incompleteSteps(data);
  if (incomplete.length) throw new IncompleteScreeningError(incomplete);
  const normalized = normalizeData(engine, data);
  return { payload: assemblePayload(normalized, options), data: normalized };
}

function ageOn(dateOfBirth: unknown, today: string): number | null {
  if (typeof dateOfBirth !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return null;
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

function insuredInfo(record: JsonObject): InsuredInfo {
  const isPoBox = record.is_po_box === true;
  const info: InsuredInfo = { ...record, is_po_box: isPoBox, physical_residence: isPoBox ? str(record.physical_residence) : null };
  if (record.email_consent !== true && 'email' in info) info.email = null;
  return info;
}

function beneficiaries(
  record: JsonObject,
  insured: 'insured_1' | 'insured_2',
  tier: 'primary' | 'contingent',
  isQuebec: boolean,
  today: string,
  clientId: string | number | null,
): PayloadBeneficiary[] {
  const group = obj(record[insured]);
  const list = Array.isArray(group[`${tier}_beneficiaries`]) ? (group[`${tier}_beneficiaries`] as unknown[]) : [];
  const trustee = obj(group[`${tier}_trustee_for_minors`]);
  return list.filter(isObject).map((entry) => {
    const age = ageOn(entry.date_of_birth, today);
    const isMinor = typeof entry.is_minor === 'boolean' ? entry.is_minor : age !== null && age < 18;
    const entryTrustee = str(entry.trustee_name);
    return {
      ...entry,
      id: id(entry.id),
      client_id: id(entry.client_id) ?? clientId,
      screening_id: id(entry.screening_id),
      full_name: str(entry.full_name),
      relationship: str(entry.relationship),
      beneficiary_type: str(entry.beneficiary_type) ?? 'individual',
      date_of_birth: str(entry.date_of_birth),
      share_percentage: num(entry.share_percentage),
      is_primary: tier === 'primary',
      is_revocable: entry.is_revocable !== false,
      is_quebec_policy: isQuebec,
      is_minor: isMinor,
      trustee_required: isMinor && !isQuebec,
      trustee_name: isMinor ? entryTrustee ?? str(trustee.full_name) : null,
      trustee_relationship: isMinor ? (entryTrustee ? str(entry.trustee_relationship) : str(trustee.relationship)) : null,
      belongs_to_insured: insured,
    };
  });
}

function planOptions(list: unknown): PlanOption[] | null {
  if (!Array.isArray(list)) return null;
  return list.filter(isObject).map((option, i) => ({
    ...option,
    option_number: i + 1,
    product_type: str(option.product_type),
    plan_name: str(option.plan_name),
    face_amount: num(option.face_amount),
  }));
}

/** The financial record must hold objects where the envelope expects them. */
function checkFinancial(financial: unknown): JsonObject {
  if (!isObject(financial) || !isObject(financial.insured_1)) throw new PayloadError('badFinancial');
  for (const key of ['insured_2', 'owner_financial_data', 'corporate_data']) {
    if (financial[key] !== undefined && financial[key] !== null && !isObject(financial[key])) throw new PayloadError('badFinancial');
  }
  return financial;
}

/**
 * Builds the generation payload from application data, without checking it against the definitions
 * (buildPayload does that first). Pure: the same data and options give the same payload.
 * @param data - application data keyed by step id (normally the engine's values, see normalizeData)
 * @param options - the chosen insurers, the client, today's date
 * @throws PayloadError with the spec's message when a required part is missing
 */
export function assemblePayload(data: ApplicationData, options: PayloadOptions): GenerationPayload {
  const fail = (code: PayloadErrorCode): never => {
    throw new PayloadError(code, options.messages?.[code] ?? PAYLOAD_MESSAGES[code]);
  };
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const basic = obj(data.basic);
  const proposed = obj(data['proposed-insured']);
  const insured1 = proposed.insured_1;
  if (!isObject(insured1) || Object.keys(insured1).length === 0) fail('missingPrimaryInsured');
  const numberOfInsureds = (num(proposed.number_of_insureds) ?? num(basic.number_of_insureds)) === 2 ? 2 : 1;
  const insured2 = numberOfInsureds === 2 && isObject(proposed.insured_2) ? proposed.insured_2 : null;
  const hasSecond = insured2 !== null;

  const plan = data['plan-details'];
  const single = isObject(plan) ? planOptions(plan.single_life_options) : null;
  const joint = isObject(plan) ? planOptions(plan.joint_plan_options) : null;
  if (!isObject(plan) || ((single?.length ?? 0) === 0 && (joint?.length ?? 0) === 0)) fail('missingPlanDetails');
  const planRecord = obj(plan);

  const beneficiary = data.beneficiary;
  const primary1 = obj(obj(beneficiary).insured_1).primary_beneficiaries;
  if (!isObject(beneficiary) || !Array.isArray(primary1) || primary1.length === 0) fail('missingBeneficiary');
  const beneficiaryRecord = obj(beneficiary);

  const purpose = data['purpose-of-insurance'];
  if (!isObject(purpose) || str(purpose.purpose_of_insurance) === null) fail('missingPurpose');
  const financial = checkFinancial(data.financial);

  const clientId = options.clientId ?? id(basic.client_id) ?? id(data.$context?.clientId) ?? id(basic.proposed_insured_1);
  const client1 = id(basic.proposed_insured_1) ?? clientId;
  const client2 = hasSecond ? id(basic.proposed_insured_2) : null;

  // Owner.
  const owner = obj(data.owner);
  const tax = obj(data['tax-information']);
  const type = resolveOwnerType(owner, hasSecond);
  const sin1 = joinSin(tax, 1);
  const sin2 = joinSin(tax, 2);
  const i1 = insured1 as JsonObject;
  let party1: OwnerParty;
  let party2: OwnerParty | null = null;
  switch (type) {
    case 'insured_2':
      party1 = insuredParty(insured2 as JsonObject, sin1, 'self');
      break;
    case 'joint_insureds':
      party1 = insuredParty(i1, sin1, 'self');
      party2 = insured2 ? insuredParty(insured2, sin2, 'self') : null;
      break;
    case 'other_individual':
      party1 = individualParty(owner, '', sin1);
      if (owner.has_second_individual_owner === true) party2 = individualParty(owner, 'individual_2_', sin2);
      break;
    case 'corporation':
      party1 = entityParty(owner);
      break;
    default:
      party1 = insuredParty(i1, sin1, 'self');
  }

  // Beneficiaries, keyed IP1_B1… then IP2_B1…, each tier numbered from 1.
  const isQuebec = beneficiaryRecord.is_quebec_policy === true;
  const insuredKeys: ('insured_1' | 'insured_2')[] = ['insured_1'];
  if (isObject(beneficiaryRecord.insured_2) && beneficiaryRecord.has_insured_2 !== false) insuredKeys.push('insured_2');
  const keyed = (tier: 'primary' | 'contingent'): { [key: string]: PayloadBeneficiary } => {
    const out: { [key: string]: PayloadBeneficiary } = {};
    insuredKeys.forEach((insured, i) => {
      beneficiaries(beneficiaryRecord, insured, tier, isQuebec, today, i === 0 ? client1 : client2).forEach((b, n) => {
        out[`IP${i + 1}_B${n + 1}`] = b;
      });
    });
    return out;
  };
  const primaryBeneficiaries = keyed('primary');
  const contingentBeneficiaries = keyed('contingent');
  /** A tier's trustee is sent only when the tier has a minor and a trustee name is given (first insured first). */
  const tierTrustee = (tier: 'primary' | 'contingent', list: { [key: string]: PayloadBeneficiary }): string | null => {
    for (const insured of insuredKeys) {
      const hasMinor = Object.values(list).some((b) => b.belongs_to_insured === insured && b.is_minor);
      const name = str(obj(obj(beneficiaryRecord[insured])[`${tier}_trustee_for_minors`]).full_name);
      if (hasMinor && name) return name;
    }
    return null;
  };

  // Insurance history: at most 5 existing-insurance entries per insured.
  const history = obj(data['insurance-history']);
  const historyOf = (key: 'insured_1' | 'insured_2'): JsonObject => {
    const record = obj(history[key]);
    const entries = Array.isArray(record.existing_insurance_entries) ? record.existing_insurance_entries.slice(0, 5) : [];
    return { ...record, existing_insurance_entries: entries };
  };
  const historyHas2 = hasSecond && isObject(history.insured_2) && history.has_insured_2 !== false;

  const lifestyle = obj(data.lifestyle);
  const medical = obj(data.medical);
  const corporate = type === 'corporation' && isObject(financial.corporate_data) ? financial.corporate_data : null;
  const ownerIsInsured = type === 'insured_1' || type === 'insured_2' || type === 'joint_insureds';

  const proposedInfo: GenerationPayload['proposed_insured_information'] = { proposed_insured_information_1: insuredInfo(i1) };
  if (insured2) proposedInfo.proposed_insured_information_2 = insuredInfo(insured2);

  return {
    populate_forms: [...options.populateForms],
    language_check: {
      speaks_english_french: bool(basic.speaks_english_french),
      language_explained: bool(basic.language_explained),
      preferred_language: str(basic.preferred_language),
    },
    residency_check: { is_canadian_tax_resident: bool(basic.is_canadian_tax_resident) },
    application_info: {
      client_id: clientId,
      application_type: str(basic.application_type),
      existing_policy_number: str(basic.existing_policy_number),
      product_type: str(planRecord.product_type) ?? str(basic.product_type),
      number_of_insureds: numberOfInsureds,
      proposed_insured_1: client1,
      proposed_insured_2: client2,
    },
    proposed_insured_information: proposedInfo,
    owner_information: { type, owner_info: ownerInfo(owner, tax, type), owner_info_1: party1, owner_info_2: party2 },
    beneficiary_designation: {
      is_quebec_policy: isQuebec,
      primary_beneficiaries: primaryBeneficiaries,
      contingent_beneficiaries: contingentBeneficiaries,
      trustee_for_minors: {
        primary_beneficiary_full_name: isQuebec ? null : tierTrustee('primary', primaryBeneficiaries),
        contingent_beneficiary_full_name: isQuebec ? null : tierTrustee('contingent', contingentBeneficiaries),
      },
    },
    financial_information: {
      ownership_type: type,
      insured_1: { client_id: client1, financial_data: obj(financial.insured_1) },
      insured_2: hasSecond && isObject(financial.insured_2) && financial.has_insured_2 !== false
        ? { client_id: client2, financial_data: financial.insured_2 }
        : null,
      owner_financial_data: !ownerIsInsured && isObject(financial.owner_financial_data) ? financial.owner_financial_data : null,
      corporate_data: corporate,
    },
    purpose_of_insurance: {
      client_id: clientId,
      ...(purpose as JsonObject),
      source_of_payment: Array.isArray((purpose as JsonObject).source_of_payment) ? (purpose as JsonObject).source_of_payment : [],
    },
    lifestyle_information: {
      lifestyle_information_1: obj(lifestyle.lifestyle_data_1),
      lifestyle_information_2: hasSecond && isObject(lifestyle.lifestyle_data_2) && lifestyle.has_insured_2 !== false ? lifestyle.lifestyle_data_2 : null,
    },
    insurance_history_information: {
      insured_1: { client_id: client1, insurance_history_data: historyOf('insured_1') },
      insured_2: historyHas2 ? { client_id: client2, insurance_history_data: historyOf('insured_2') } : null,
    },
    medical_information: {
      number_of_insureds: numberOfInsureds,
      medical_information_1: obj(medical.insured_1),
      medical_information_2: hasSecond && isObject(medical.insured_2) && medical.has_insured_2 !== false ? medical.insured_2 : null,
    },
    plan_details: {
      illustration_status: str(planRecord.illustration_status),
      policy_date_type: str(planRecord.policy_date_type),
      save_age_insured_1: planRecord.save_age_insured_1 === true,
      save_age_insured_2: planRecord.save_age_insured_2 === true,
      product_type: str(planRecord.product_type) ?? str(basic.product_type),
      single_life_options: single,
      joint_plan_options: joint,
    },
  };
}
