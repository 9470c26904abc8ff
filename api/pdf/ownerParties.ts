import { bool, str } from './answerValues.ts';
import type { JsonObject, OwnerParty, OwnerType } from './types.ts';

const OWNER_TYPES: OwnerType[] = ['insured_1', 'insured_2', 'joint_insureds', 'other_individual', 'corporation'];
/** Screen values and the spec's other spellings of the stored owner types. */
const OWNER_TYPE_ALIASES: Record<string, OwnerType> = { individual: 'other_individual', entity: 'corporation', joint: 'joint_insureds' };

/**
 * The owner type as sent: the stored ownership_type (or the screen's owner_type); an unknown type is insured_1,
 * and insured_2 without a second insured is insured_1.
 */
export function resolveOwnerType(owner: JsonObject, hasSecondInsured: boolean): OwnerType {
  const raw = str(owner.ownership_type) ?? str(owner.owner_type) ?? '';
  const type = (OWNER_TYPES as string[]).includes(raw) ? (raw as OwnerType) : OWNER_TYPE_ALIASES[raw] ?? 'insured_1';
  return type === 'insured_2' && !hasSecondInsured ? 'insured_1' : type;
}

/** The SIN of owner 1 or 2, its three parts joined (null when no part is given). */
export function joinSin(tax: JsonObject, owner: 1 | 2): string | null {
  const parts = [1, 2, 3].map((i) => str(tax[`owner${owner}_sin_part${i}`]) ?? '');
  const sin = parts.join('');
  return sin === '' ? null : sin;
}

export function fullName(first: unknown, middle: unknown, last: unknown): string | null {
  const m = str(middle);
  const name = [str(first), m ? (m.length === 1 ? `${m}.` : m) : null, str(last)].filter(Boolean).join(' ');
  return name || null;
}

export function insuredParty(insured: JsonObject, sin: string | null, relationship: string | null): OwnerParty {
  return {
    kind: 'individual',
    full_name: fullName(insured.first_name, insured.middle_name, insured.last_name),
    first_name: str(insured.first_name),
    middle_name: str(insured.middle_name),
    last_name: str(insured.last_name),
    date_of_birth: str(insured.date_of_birth),
    sex: str(insured.gender_sex_at_birth),
    is_smoker: bool(insured.is_smoker),
    relationship_to_insured: relationship,
    address_line1: str(insured.address_line1),
    address_line2: str(insured.address_line2),
    city: str(insured.city),
    province: str(insured.province),
    postal_code: str(insured.postal_code),
    phone: str(insured.phone_primary),
    email: insured.email_consent === true ? str(insured.email) : null,
    occupation: str(insured.occupation),
    id_type: str(insured.primary_id_type),
    id_number: str(insured.primary_id_number),
    id_expiry: str(insured.primary_id_expiry),
    sin,
  };
}

/** An individual owner from the owner record's own fields (prefix '' or 'individual_2_'). */
export function individualParty(owner: JsonObject, prefix: '' | 'individual_2_', sin: string | null): OwnerParty {
  const f = (name: string): unknown => owner[`${prefix}${name}`];
  const smoking = str(f('smoking_class'));
  return {
    kind: 'individual',
    full_name: fullName(f('first_name'), f('middle_initial'), f('last_name')),
    first_name: str(f('first_name')),
    middle_name: str(f('middle_initial')),
    last_name: str(f('last_name')),
    date_of_birth: str(f('date_of_birth')),
    sex: str(f('sex')),
    is_smoker: smoking === null ? null : smoking === 'smoker',
    relationship_to_insured: str(f('relationship_to_insured')),
    address_line1: str(f('address_line1')),
    address_line2: str(f('address_line2')),
    city: str(f('city')),
    province: str(f('province')),
    postal_code: str(f('postal_code')),
    phone: str(f('mobile_phone')) ?? str(f('phone_number')),
    email: str(f('email')),
    occupation: str(f('occupation_duties')),
    id_type: str(f('primary_id_type')),
    id_number: str(f('primary_id_number')),
    id_expiry: str(f('primary_id_expiry')),
    sin,
  };
}

export function entityParty(owner: JsonObject): OwnerParty {
  return {
    kind: 'entity',
    full_name: str(owner.legal_name),
    first_name: null,
    middle_name: null,
    last_name: null,
    date_of_birth: null,
    sex: null,
    is_smoker: null,
    relationship_to_insured: str(owner.relationship_to_insured),
    address_line1: str(owner.business_address_line1),
    address_line2: str(owner.business_address_line2),
    city: str(owner.business_city),
    province: str(owner.business_province),
    postal_code: str(owner.business_postal_code),
    phone: str(owner.business_phone) ?? str(owner.mobile_phone),
    email: str(owner.business_email),
    occupation: null,
    id_type: str(owner.primary_id_type),
    id_number: str(owner.primary_id_number),
    id_expiry: str(owner.primary_id_expiry),
    sin: null,
    legal_name: str(owner.legal_name),
    trade_name: str(owner.trade_name),
    business_number: str(owner.business_number),
    contact_name: str(owner.contact_name),
  };
}

/** The owner record plus the tax answers, with SIN parts joined and smoking classes as is_smoker booleans. */
export function ownerInfo(owner: JsonObject, tax: JsonObject, type: OwnerType): JsonObject {
  const info: JsonObject = { ...owner, ownership_type: type };
  for (const prefix of ['', 'individual_2_']) {
    const key = `${prefix}smoking_class`;
    if (!(key in info)) continue;
    const smoking = str(info[key]);
    delete info[key];
    info[`${prefix}is_smoker`] = smoking === null ? null : smoking === 'smoker';
  }
  for (const [key, value] of Object.entries(tax)) {
    if (!/^owner[12]_sin_part[123]$/.test(key)) info[key] = value;
  }
  info.owner1_sin = joinSin(tax, 1);
  info.owner2_sin = joinSin(tax, 2);
  return info;
}
