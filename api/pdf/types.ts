/**
 * Types of application generation: the generation payload (spec document 3, "Generation payload"),
 * the insurer form mappings read from forms/<insurer>/form.json, and the summary shown after generation.
 */
import type { Static } from 'typebox';
import type { GenerationSummary as GenerationSummarySchema } from './generationSchemas.ts';
import type { JsonObject, JsonSchema, UiDefinition } from '../../engine/index.ts';

export type { JsonObject };

// ---------------------------------------------------------------------------
// The generation payload.

/** A proposed insured as sent: the profile fields, with physical_residence only for a PO box. */
export type InsuredInfo = JsonObject & { is_po_box: boolean; physical_residence: string | null };

/** One owner as a person or an entity, resolved from the owner type (insured records, owner fields, individual_2_ fields). */
export interface OwnerParty {
  kind: 'individual' | 'entity';
  /** "First M. Last", or the legal name of an entity. */
  full_name: string | null;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  date_of_birth: string | null;
  sex: string | null;
  is_smoker: boolean | null;
  relationship_to_insured: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  province: string | null;
  postal_code: string | null;
  phone: string | null;
  email: string | null;
  occupation: string | null;
  id_type: string | null;
  id_number: string | null;
  id_expiry: string | null;
  /** The owner's SIN (owner1_sin or owner2_sin), nine digits. */
  sin: string | null;
  /** Entity owners only. */
  legal_name?: string | null;
  trade_name?: string | null;
  business_number?: string | null;
  contact_name?: string | null;
}

/** One beneficiary entry of the payload. */
export interface PayloadBeneficiary extends JsonObject {
  full_name: string | null;
  relationship: string | null;
  beneficiary_type: string;
  date_of_birth: string | null;
  share_percentage: number | null;
  is_primary: boolean;
  is_revocable: boolean;
  is_quebec_policy: boolean;
  is_minor: boolean;
  trustee_required: boolean;
  trustee_name: string | null;
  trustee_relationship: string | null;
  belongs_to_insured: 'insured_1' | 'insured_2';
}

/** One plan option, numbered from 1. */
export interface PlanOption extends JsonObject {
  option_number: number;
  product_type: string | null;
  plan_name: string | null;
  face_amount: number | null;
}

/** The owner type as sent (the stored ownership_type, normalised). */
export type OwnerType = 'insured_1' | 'insured_2' | 'joint_insureds' | 'other_individual' | 'corporation';

export interface GenerationPayload {
  populate_forms: string[];
  language_check: {
    speaks_english_french: boolean | null;
    language_explained: boolean | null;
    preferred_language: string | null;
  };
  residency_check: { is_canadian_tax_resident: boolean | null };
  application_info: {
    client_id: string | number | null;
    application_type: string | null;
    existing_policy_number: string | null;
    product_type: string | null;
    number_of_insureds: number;
    proposed_insured_1: string | number | null;
    proposed_insured_2: string | number | null;
  };
  proposed_insured_information: {
    proposed_insured_information_1: InsuredInfo;
    proposed_insured_information_2?: InsuredInfo;
  };
  owner_information: {
    type: OwnerType;
    /** The owner record with the tax answers: SIN parts joined into owner1_sin / owner2_sin, smoking_class as is_smoker. */
    owner_info: JsonObject;
    owner_info_1: OwnerParty;
    owner_info_2: OwnerParty | null;
  };
  beneficiary_designation: {
    is_quebec_policy: boolean;
    /** Keyed IP1_B1, IP1_B2, …, IP2_B1, … */
    primary_beneficiaries: { [key: string]: PayloadBeneficiary };
    contingent_beneficiaries: { [key: string]: PayloadBeneficiary };
    trustee_for_minors: {
      primary_beneficiary_full_name: string | null;
      contingent_beneficiary_full_name: string | null;
    };
  };
  financial_information: {
    ownership_type: OwnerType;
    insured_1: { client_id: string | number | null; financial_data: JsonObject };
    insured_2: { client_id: string | number | null; financial_data: JsonObject } | null;
    owner_financial_data: JsonObject | null;
    corporate_data: JsonObject | null;
  };
  purpose_of_insurance: JsonObject;
  lifestyle_information: { lifestyle_information_1: JsonObject; lifestyle_information_2: JsonObject | null };
  insurance_history_information: {
    insured_1: { client_id: string | number | null; insurance_history_data: JsonObject };
    insured_2: { client_id: string | number | null; insurance_history_data: JsonObject } | null;
  };
  medical_information: {
    number_of_insureds: number;
    medical_information_1: JsonObject;
    medical_information_2: JsonObject | null;
  };
  plan_details: {
    illustration_status: string | null;
    policy_date_type: string | null;
    save_age_insured_1: boolean;
    save_age_insured_2: boolean;
    product_type: string | null;
    single_life_options: PlanOption[] | null;
    joint_plan_options: PlanOption[] | null;
  };
}

// ---------------------------------------------------------------------------
// Form mappings (forms/<insurer>/form.json, described by forms/_meta/form.schema.json).

export type FieldFormat =
  'text' | 'date' | 'money' | 'number' | 'percent' | 'yesno' | 'enum' | 'list' | 'sin' | 'table';

export interface FormColumn {
  label: string;
  /** Path inside one row of the table's array. */
  answer: string;
  format?: Exclude<FieldFormat, 'table'>;
  options?: { [value: string]: string };
}

export interface FormField {
  label: string;
  /**
   * Where the answer is: an application-data path (`owner.first_name`, `proposed-insured.insured_{n}.date_of_birth`)
   * or a payload path (`payload.owner_information.owner_info.owner1_sin`). `{n}` is the section's repeat number.
   */
  answer: string | string[];
  /** Joins several answers; default one space. */
  separator?: string;
  format?: FieldFormat;
  /** The field is printed only when this path holds an answer. */
  showIf?: string;
  /** Value labels for enum, list and yesno formats; missing ones come from the step's ui.json, then from the value itself. */
  options?: { [value: string]: string };
  /** Table format: the columns, each a path inside a row. */
  columns?: FormColumn[];
  /** Cell width on the page; long text is full width by default. */
  width?: 'third' | 'half' | 'full';
  /** The AcroForm field of forms/<insurer>/template.pdf filled with this answer (`{n}` allowed). */
  acroField?: string;
  /** A date split into boxes: the template's year, month and day text fields. */
  acroDate?: { year: string; month: string; day: string };
  /** One check box per answer value ("true"/"false" for yes/no): the box ticked for each value. */
  acroChoices?: { [value: string]: string };
  /** The template's option (radio export value, choice) for each answer value. */
  acroOptions?: { [value: string]: string };
}

export interface FormSection {
  title: string;
  /** Printed under the title. */
  note?: string;
  /** Repeats the section for each entry; `{n}` in the title, answers and acroFields is replaced by `n`. */
  each?: { n: number }[];
  /** The section (or one repetition) is printed only when this path holds an answer. */
  showIf?: string;
  /** A block drawn from the payload instead of fields. */
  block?: 'beneficiaries' | 'plans';
  fields?: FormField[];
}

export interface FormMapping {
  $schema?: string;
  /** The insurer id of populate_forms (BMO, MANULIFE, SUNLIFE, BENEVA, CANADA_LIFE). */
  insurer: string;
  displayName: string;
  formTitle: string;
  formNumber?: string;
  /** Heading colour, #rrggbb. */
  accentColor?: string;
  intro?: string;
  sections: FormSection[];
  /** Template fields deliberately left empty (signatures, office use). */
  ignoredFields?: string[];
  /** Words of the closing declaration. */
  declaration?: string;
  /** With a template: the drawn layout follows the filled template (default: the template alone). */
  appendLayout?: boolean;
  /** With a template: flatten the filled fields into the page. */
  flatten?: boolean;
  /** The insurer's page furniture and the way its questions are laid out. */
  layout?: FormLayout;
  /** The insurer's words for the texts every form prints, keyed by the default text. */
  wording?: { [text: string]: string };
  /** The insurer's questionnaires and the yes/no answers that call for them. */
  questionnaires?: FormQuestionnaire[];
}

export interface FormLayout {
  fields?: 'boxes' | 'lines' | 'questions';
  header?: 'band' | 'rule';
  yesNo?: 'text' | 'checkboxes';
  /** decimal: 3.1, 3.2; letter: C1, C2 (questions layout). */
  numbering?: 'decimal' | 'letter';
  edition?: string;
  /** `{insurer} - {formNumber} - Application {application}`: the left part of every footer. */
  footer?: string;
}

export interface FormQuestionnaire {
  title: string;
  /** Yes/no answers (`{n}` allowed); any of them Yes calls for the questionnaire. */
  when: string[];
  each?: { n: number }[];
}

/**
 * The adviser who signs the application, as the generation context carries it (`$context.adviser`, from the
 * adviser's profile): printed in each insurer's adviser section with that insurer's adviser code.
 */
export interface AdviserProfile {
  full_name: string;
  licence_number?: string;
  licence_provinces?: string[];
  agency?: string;
  /** The adviser's code with each insurer, keyed by insurer id (MANULIFE). */
  codes?: { [insurer: string]: string };
}

/** A screening step whose answers may print under "Other answers": its id, flow title and definition. */
export interface AnswerStep {
  id: string;
  title: string;
  definition: { schema: JsonSchema; ui: UiDefinition };
}

/** A mapping loaded from disk, with its template when forms/<name>/template.pdf exists. */
export interface LoadedForm {
  /** File name without extension (bmo, canada_life). */
  name: string;
  mapping: FormMapping;
  template?: Uint8Array;
  /**
   * What the document prints under "Other answers": the screening steps in flow order, and the step answers the
   * mapping places (step paths, `*` for rows), worked out once at load.
   */
  others: { steps: readonly AnswerStep[]; placed: ReadonlySet<string> };
}

// ---------------------------------------------------------------------------
// Summary cards of the result view.

/** The result view's cards, as the route schema says them (generationSchemas.ts). */
export type GenerationSummary = Static<typeof GenerationSummarySchema>;
