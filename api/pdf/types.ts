/**
 * Types of application generation: the generation payload (spec document 3, "Generation payload"),
 * the insurer form mappings read from forms/<insurer>/form.json, and the summary shown after generation.
 */
import type { Static } from 'typebox';
import type { GenerationSummary as GenerationSummarySchema } from './generationSchemas.ts';
import type { JsonObject, JsonSchema, UiDefinition } from '../../engine/index.ts';
import type { GenerationPayload as GeneratedPayload } from './payload.gen.ts';

export type { JsonObject };

// ---------------------------------------------------------------------------
// The generation payload: its type is generated from the payload mapping (api/pdf/payload.gen.ts, written by
// `npm run api:types`), so a new answer in steps/pdf-generation/documents/payload.json reaches it without code.

/** The spec's generation payload, as the payload mapping builds it. */
export type GenerationPayload = GeneratedPayload;

type PlanDetails = NonNullable<GenerationPayload['plan_details']>;
type Beneficiaries = NonNullable<GenerationPayload['beneficiary_designation']>;

/** One plan option, numbered from 1. */
export type PlanOption = NonNullable<PlanDetails['single_life_options']>[number];

/** One beneficiary entry of the payload (keyed IP1_B1, IP1_B2, …, IP2_B1, …). */
export type PayloadBeneficiary = NonNullable<Beneficiaries['primary_beneficiaries']>[string];

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
