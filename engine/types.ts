/**
 * Types of the engine layer: the definition format read from steps/, and what the engine returns.
 * The format is described for product staff in docs/definition-format.md.
 */

/** A JSON-Logic expression. Kept loose on purpose: custom operations are registered at run time. */
export type Logic = unknown;

/** Any JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A step's saved record, or any nested object of it. */
export type JsonObject = { [key: string]: unknown };

/** The whole application's answers, keyed by step id: `{ "basic": {...}, "owner": {...} }`. */
export type ApplicationData = { [stepId: string]: JsonObject | undefined } & { $context?: JsonObject };

/** A JSON Schema as written in steps/<id>/schema.json (draft-07 with ajv-errors' errorMessage). */
export type JsonSchema = { [key: string]: unknown };

/** steps/<id>/ui.json: an @rjsf/core UI schema, plus `ui:sections` and `ui:options` used by our theme. */
export type UiDefinition = { [key: string]: unknown };

/** One page of a step with sub-pages (basic screening's sub-steps, proposed-insured's insureds). */
export interface PageDefinition {
  /** Unique within the step, used in state names and URLs. */
  id: string;
  /** Heading shown on the page. */
  title?: string;
  /** Top-level fields of the step record that this page shows and validates. */
  fields: string[];
  /** When the page applies; default: always. */
  showIf?: Logic;
  /** Overrides the Next button's text on this page (for example "Next Insured"). */
  nextLabel?: string;
  /** Counted in the "Step n of N" display. */
  counted?: boolean;
}

/** One entry of steps/flow.json. */
export interface FlowStepDefinition {
  /** The folder name under steps/, and the URL segment. */
  id: string;
  /** Human title, for progress displays and the review page. */
  title: string;
  /** When the step applies, over the whole application's data; default: always. A step that does not apply completes by itself. */
  showIf?: Logic;
  /** Sub-pages, in order. */
  pages?: PageDefinition[];
  /** Reaching this step completes the screening. */
  final?: boolean;
}

/** steps/flow.json. */
export interface FlowDefinition {
  $schema?: string;
  /** The review step, to which EDIT returns. */
  review: string;
  steps: FlowStepDefinition[];
  /** Forms checked by the same engine but outside the screening order (the client profile). */
  forms?: { id: string; title: string; record?: 'client' }[];
  /** Display names worked out from the answers (the client, each insured, each owner, the product), for templates. */
  names?: NameDefinitions;
  /** The words for an answer with no label of its own: yes and no for a boolean without `ui:enumNames`. */
  words?: Words;
  /** Named texts (the wizard's headline, the screening prompt's): alternatives, the first whose names are all known wins. */
  titles?: { [name: string]: string[] };
  /** Choices shared by every step (provinces and territories), offered by a lookupSelect naming them as its source. */
  lists?: { [name: string]: JsonObject[] };
}

/** The words for a boolean answer without labels of its own (flow.json `words`, translated with the definitions). */
export interface Words {
  yes: string;
  no: string;
  /** The empty first choice of a drop-down without a placeholder of its own. */
  select?: string;
  /** What a list with Add and Remove shows while it has no row. */
  emptyList?: string;
}

/** Saved answers of one step that a change elsewhere would drop (see lostAnswers). */
export interface LostAnswers {
  step: string;
  /** The step's flow title. */
  title: string;
  /** Paths in the step record. */
  fields: string[];
  /** The same, as the adviser sees them ("Insured 2: Marcus Bennett"). */
  titles: string[];
}

/** flow.json `names`: JSON-Logic over the answers, or the label of a stored choice; later names may use `$names.x`. */
export type NameDefinitions = { [name: string]: Logic | { labelOf: string } };

/** One group of rule targets repeated over several places (insured_1, insured_2). */
export interface RuleScope {
  /** Path (relative to the step record) of the object the group's rules apply to. */
  path: string;
  /** Constants substituted into messages as {name} and readable in logic as `$params.name`. */
  params?: { [name: string]: Json };
}

export interface VisibilityRule {
  /** Targets: relative paths of fields, `*` standing for every row of an array. */
  fields: string[];
  /** The fields show while this holds. */
  showIf: Logic;
}

export interface ValidationRule {
  /** The relative path the message belongs to; `*` for every row of an array. */
  field: string;
  /** The error holds while this is truthy. Either `when` or `required` is given. */
  when?: Logic;
  /** Shorthand: the error holds while the field is blank (null, missing, empty or white space). */
  required?: boolean;
  /** The spec's exact message. `{name}` is replaced from `params`. */
  message: string;
  /** Values computed for the message's placeholders. */
  params?: { [name: string]: Logic };
  /** What the rule checks, in words (product staff, and the API document, which cannot express every rule). */
  description?: string;
}

export interface ComputedRule {
  /** Relative path of the field written; `*` for every row of an array. */
  field: string;
  /** The value, as JSON-Logic. */
  value: Logic;
  /** Only computed while this holds; otherwise the field keeps what it has. */
  when?: Logic;
}

export interface ClearRule {
  /** While this holds, the fields are removed from the record. */
  when: Logic;
  fields: string[];
}

/** A named operation from the engine's registry, fired when a watched field changes. */
export interface EffectRule {
  /** Relative path(s) watched. The effect fires when one of them differs from the previous record. */
  on: string | string[];
  /** Name of the operation in the registry (see engine/operations). */
  op: string;
  /** Only fires while this holds (evaluated over the new data). */
  when?: Logic;
  params?: { [name: string]: unknown };
}

/** A text (section title, label) that changes with the data. */
export interface TextRule {
  /** A section id from ui.json, or a relative field path. */
  target: string;
  when: Logic;
  text: string;
}

/** Fields shown but not editable while a condition holds (an insured owner's copied ID). */
export interface ReadonlyRule {
  fields: string[];
  when: Logic;
}

export interface RuleSet {
  visibility?: VisibilityRule[];
  validation?: ValidationRule[];
  computed?: ComputedRule[];
  clear?: ClearRule[];
  effects?: EffectRule[];
  texts?: TextRule[];
  readonly?: ReadonlyRule[];
}

/** steps/<id>/rules.json. */
export interface RulesDefinition extends RuleSet {
  $schema?: string;
  /** Rules repeated for each scope; relative paths inside are relative to the scope's path. */
  groups?: (RuleSet & { each: RuleScope[] })[];
}

/** steps/<id>/examples/<name>.json. */
export interface ExampleDefinition {
  $schema?: string;
  title: string;
  description?: string;
  /** Whole application data; must include the step's own record. */
  data: ApplicationData;
}

/** Everything read from one steps/<id>/ folder. */
export interface StepDefinition {
  id: string;
  flow: FlowStepDefinition;
  schema: JsonSchema;
  ui: UiDefinition;
  rules: RulesDefinition;
  examples: { [name: string]: ExampleDefinition };
  /** Document mappings (steps/<id>/documents/<name>.json), by name: the generation payload, its summary. Server only. */
  documents?: { [name: string]: DocumentMapping };
  /** steps/<id>/contract.json: the spec's calls of the step and its parts kept in records of their own. Server only. */
  contract?: ContractDefinition;
}

/** An object of a step record kept as a record of its own (a proposed insured is a client). */
export interface RecordBinding {
  /** The object's path in the step record. */
  path: string;
  /** Which kind of record holds it. */
  store: 'client';
  /** Absolute path where the record's id is kept (`basic.proposed_insured_1`). */
  link: string;
  /** The record's id; null: a new record is created when the object is saved. */
  id: Logic;
  /** The object is kept in a record while this holds; otherwise the link is cleared. */
  when?: Logic;
  /**
   * Fields of the object that belong to this application alone (a picker that copies someone in): never written to
   * the record nor read from it, so no other application reading the record sees them.
   */
  exclude?: string[];
}

/** One of the spec's calls of a step, served by the server's generic registrar. */
export interface ContractCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  path: string;
  summary: string;
  /** The request body as a JSON Schema for the API document, where the record mapping reshapes it ($refs into the step schema). */
  body?: JsonObject;
  clientId: { from: string[]; message?: string };
  action: 'load' | 'save' | 'merge' | 'update' | 'context';
  /** context: the fact answered. */
  fact?: string;
  record?: unknown;
  /** Refusals of the request, checked before the record is built (over $body, $query, $params, $clientId and the saved answers). */
  checks?: DocumentCheck[];
  /** Fields filled when neither the call nor the stored record has them; a dotted path only inside an object the caller sent. */
  defaults?: JsonObject;
  errorPaths?: unknown;
  whenMissing?: unknown;
  response: unknown;
}

/** steps/<id>/contract.json. */
export interface ContractDefinition {
  description?: string;
  templates?: { [name: string]: unknown };
  records?: RecordBinding[];
  /** Absolute paths of other steps' records written from this step's data when it is saved. */
  writes?: { [path: string]: Logic };
  /** Facts from outside the answers that the step's rules read as `$context.<name>`. */
  context?: { [name: string]: { linkedRecords: string } };
  calls?: ContractCall[];
}

/**
 * A document built from the application's data by a declarative mapping (steps/<id>/<name>.json): the
 * generation payload, the summary of a generation. Leaves are literals or JSON-Logic; objects and arrays are
 * copied node by node; keys starting with `$` are directives (see docs/definition-format.md, "Document mappings").
 */
export interface DocumentMapping {
  $schema?: string;
  description?: string;
  /** Checked in order before mapping: the first whose `when` holds refuses the data with its message. */
  checks?: DocumentCheck[];
  /** Named sub-documents, used with `{"$use": name, "$with": {"$arg": logic}}`. */
  templates?: { [name: string]: unknown };
  /** For a document built once per value (an application per insurer): the rows it keeps (see scopeData). */
  scope?: DocumentScope;
  /** The document to build. */
  document: unknown;
}

/**
 * How a document built once per value (an application per insurer) keeps only that value's rows: the rows of the
 * listed answers whose `key` is the value. No row left refuses the document with `message` (`{name}` is the value's
 * name), its `code` and `field`.
 */
export interface DocumentScope {
  description?: string;
  /** The lists it filters, as `step.field` (`plan-details.single_life_options`). */
  rows: string[];
  /** The row's value, with the row as `$item` and the lists as `$lists`. */
  key: Logic;
  code: string;
  message: string;
  field?: string;
}

export interface DocumentCheck {
  /** A short stable name, for callers that map refusals to their own texts. */
  code: string;
  when: Logic;
  message: string;
  /** The field the refusal is about, for callers that answer `{field, message}`. */
  field?: string;
}

/** The raw contents of steps/, as a map from a file's path relative to steps/ to its parsed JSON. */
export type DefinitionFiles = { [relativePath: string]: unknown };

/** All definitions, loaded and checked. */
export interface Definitions {
  flow: FlowDefinition;
  /** Every step and form, by id. */
  steps: { [id: string]: StepDefinition };
  /** Screening step ids in flow order (forms excluded). */
  order: string[];
  /** steps/lifecycle.json, when the definitions have one. */
  lifecycle?: LifecycleDefinition;
}

/** The review step's `ui:review`: every screening step is on the review unless excluded. */
export interface ReviewLayout {
  /** Steps listed first, in this order; the others follow in flow order. */
  order?: string[];
  /** Steps left off the review. */
  exclude?: string[];
  /** Why they are left off, for product staff. */
  reason?: string;
}

/** One section of the review: a step's answers under its flow title. */
export interface ReviewSection {
  step: string;
  title: string;
}

/** One step that applies to the application but is not complete (Engine.incompleteSteps). */
export interface IncompleteStep {
  id: string;
  /** The step's title in flow.json. */
  title: string;
  /** The engine's errors (field paths relative to the step record); empty when nothing was saved. */
  errors: FieldError[];
  /** True when no record of the step was saved at all. */
  missing: boolean;
}

/** A step whose saved record holds answers to questions it no longer asks (see StepView.retired). */
export interface RetiredAnswers {
  id: string;
  /** The step's title in flow.json. */
  title: string;
  /** Dotted paths of the answers, relative to the step record. */
  fields: string[];
}

/** One error, with the field's dotted path relative to the step record (`insured_1.primary_beneficiaries.0.full_name`). */
export interface FieldError {
  field: string;
  message: string;
}

/** What the engine works out for one step over the whole application's data. */
export interface StepView {
  /** The step record with effects, computed values and clearing applied. */
  values: JsonObject;
  /** Dotted paths of fields hidden by visibility rules (array rows expanded). */
  hidden: string[];
  /** Dotted paths of answers removed because hidden or by a clear rule. */
  cleared: string[];
  /** Dotted paths and new values of computed fields that changed. */
  computed: { [path: string]: unknown };
  /** Errors in definition order: JSON Schema first, then rules. */
  errors: FieldError[];
  /** Texts that changed with the data, by target. */
  texts: { [target: string]: string };
  /** Dotted paths of fields that show but may not be edited now. */
  readonly: string[];
  /** Top-level fields that held answers and that an effect of this change emptied (the adviser is asked first). */
  discarded: string[];
  /**
   * Dotted paths of saved answers to questions the step no longer asks (its definition changed since they were
   * saved): kept as they were in `previous`, they are left out of the values, neither refused nor sent anywhere.
   */
  retired: string[];
  /**
   * With `EvaluateOptions.source`: that source with this change's effects folded in (a value an effect set or removed
   * replaces the record's), to pass with the next change.
   */
  source?: JsonObject;
}

export interface EvaluateOptions {
  /** The step record before the change; effects fire on the difference. */
  previous?: JsonObject;
  /** Only report errors of these top-level fields (a page's fields). */
  fields?: string[];
  /**
   * The record as loaded from the records it is prefilled from (the client record's fields of an insured, the saved
   * answers). Hidden answers are still cleared from the values, but a field a rule reveals in this change (hidden
   * under `previous`, shown now) that has no answer takes the source's value: clearing applies to what was typed on
   * the step, never to what the records hold. A form passes it; a server, which sees no change but the one saved,
   * does not.
   */
  source?: JsonObject;
  /**
   * What the caller gave in this change (a record saved whole, or a PATCH's fields): effects fire on the difference
   * from `previous` as usual but never overwrite a value it holds. A server passes it, since the record it receives
   * is the adviser's final answers, effects already applied and answered after; a form, whose change is one edit,
   * does not.
   */
  answered?: JsonObject;
}

/** One JSON Schema error as ajv reports it, whether its check was compiled at run time or precompiled at build time. */
export interface SchemaError {
  keyword: string;
  /** JSON pointer of the failing value in the checked data. */
  instancePath: string;
  params: { [key: string]: unknown };
  /** With ajv-errors, the schema's own `errorMessage` for the failure. */
  message?: string;
}

/** A compiled JSON Schema check: true when the data is valid, the failures in `errors` otherwise. */
export interface SchemaCheck {
  (data: unknown): boolean;
  errors?: SchemaError[] | null;
}

/**
 * Where the engine gets its JSON Schema checks: compiled by ajv on first use (server, tests, Storybook), or code
 * precompiled at build time and loaded with the step (the browser, which ships no compiler).
 */
export interface SchemaChecks {
  /** The check of a step's whole record. */
  record(stepId: string, schema: JsonSchema): SchemaCheck;
  /** The check of one `if` condition of a step's schema, found by its conditionKey. */
  condition(stepId: string, key: string, schema: JsonSchema): SchemaCheck;
}

/** A problem found in the definitions; `file` is relative to the project root. */
export interface DefinitionProblem {
  file: string;
  /** JSON pointer inside the file. */
  path: string;
  message: string;
}

/** A detail an event of the life cycle requires (steps/lifecycle.json `requires`). */
export type LifecycleDetail = 'policy_number' | 'issue_date' | 'face_amount_issued' | 'reason';

/** One event of the life cycle: who sends it, and the details it requires. */
export interface LifecycleEvent {
  label: string;
  /** server: sent by the server itself; submission: by the submit route; adviser: by the adviser's events call. */
  sentBy: 'server' | 'submission' | 'adviser';
  requires?: LifecycleDetail[];
}

/** One status of the life cycle, its badge and the events it accepts. */
export interface LifecycleStatus {
  label: string;
  badge: { colour: string; background: string; text: string };
  final?: true;
  /** The application's overall status is this one as soon as one insurer reaches it (ISSUED). */
  prevails?: true;
  /** The insurer holds the answers (submitted, or decided on them): the screening's answers may not change. */
  locksAnswers?: true;
  on?: { [event: string]: { target: string; guard?: string } };
}

/** steps/lifecycle.json: an application's statuses per insurer, least advanced first. */
export interface LifecycleDefinition {
  initial: string;
  facts: { [name: string]: string };
  guards: { [name: string]: { rule: Logic; message: string } };
  events: { [name: string]: LifecycleEvent };
  statuses: { [name: string]: LifecycleStatus };
}
