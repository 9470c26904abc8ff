import traverse from 'json-schema-traverse';
import { closestName } from './closestName.ts';
import { SCHEMA_FORMATS } from './createAjv.ts';
import { compileRules, type CompiledRules } from './compileRules.ts';
import { ajvSchemaChecks } from './ajvSchemaChecks.ts';
import { createEngine } from './createEngine.ts';
import { effects as effectRegistry } from './effects.ts';
import { checkDefinitions } from './loadDefinitions.ts';
import { knownOperations } from './operations.ts';
import { propertyNames, schemaAt } from './schemaAt.ts';
import { unboundedProblem } from './schemaBounds.ts';
import { secretShowLast } from './secretFields.ts';
import { placeholdersOf } from './resolveNames.ts';
import { splitPath } from './paths.ts';
import type { DefinitionFiles, DefinitionProblem, Definitions, JsonSchema, Logic, StepDefinition } from './types.ts';

const SCOPED_OPS = new Set(['map', 'filter', 'reduce', 'all', 'some', 'none']);
const UI_SKIP = new Set(['$schema', 'items', 'additionalProperties']);
/** The keywords a step's schema may use: draft-07's, ajv-errors' errorMessage, and our own `x-…` annotations. */
const SCHEMA_KEYWORDS = [
  '$schema',
  '$id',
  '$ref',
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'readOnly',
  'writeOnly',
  'type',
  'enum',
  'const',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'items',
  'additionalItems',
  'maxItems',
  'minItems',
  'uniqueItems',
  'contains',
  'maxProperties',
  'minProperties',
  'required',
  'properties',
  'patternProperties',
  'additionalProperties',
  'dependencies',
  'propertyNames',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'definitions',
  'contentMediaType',
  'contentEncoding',
  'errorMessage',
];
const SCHEMA_KEYWORD_SET = new Set(SCHEMA_KEYWORDS);

/** ` (did you mean "x"?)` when one name is clearly meant (closestName), else nothing. */
function suggestion(written: string, names: readonly string[]): string {
  const guess = names.find((n) => n.toLowerCase() === written.toLowerCase()) ?? closestName(written, [...names]);
  return guess ? ` (did you mean "${guess}"?)` : '';
}

type Report = (file: string, path: string, message: string) => void;

/** Calls `visit` for each var and operator in a logic tree, skipping the per-row logic of map/filter/reduce/all/some/none. */
function walkLogic(logic: Logic, visit: (kind: 'var' | 'op', name: string) => void): void {
  if (Array.isArray(logic)) {
    logic.forEach((l) => walkLogic(l, visit));
    return;
  }
  if (logic === null || typeof logic !== 'object') return;
  // Only one-key objects are operations in JSON-Logic; others are plain data (an object literal).
  if (Object.keys(logic).length !== 1) return;
  const [op, args] = Object.entries(logic as Record<string, unknown>)[0] ?? [];
  if (op === undefined) return;
  visit('op', op);
  if (op === 'var') {
    const name = Array.isArray(args) ? args[0] : args;
    if (typeof name === 'string') visit('var', name);
    return;
  }
  if (SCOPED_OPS.has(op) && Array.isArray(args)) {
    walkLogic(args[0], visit);
    if (op === 'reduce') walkLogic(args[2], visit);
    return;
  }
  walkLogic(args, visit);
}

function pathMessage(
  full: string,
  segments: string[],
  missingAt: number,
  candidates: string[],
  prefix: string,
): string {
  const guess = closestName(segments[missingAt], candidates);
  const fixed = guess
    ? [...segments.slice(0, missingAt), guess, ...segments.slice(missingAt + 1)].join('.')
    : undefined;
  return `${prefix} "${full}" is not a field${fixed ? ` (did you mean ${prefix === 'var' ? fixed : fixed}?)` : ''}`;
}

function checkVar(
  name: string,
  defs: Definitions,
  step: StepDefinition,
  target: string | undefined,
  report: (msg: string) => void,
): void {
  if (name === '' || name === '$index' || name === '$rows' || name.startsWith('$context')) return;
  if (name === '$lists' || name.startsWith('$lists.')) {
    const [, list] = splitPath(name);
    const lists = Object.keys(defs.flow.lists ?? {});
    if (list === undefined || !lists.includes(list)) {
      const guess = list === undefined ? undefined : closestName(list, lists);
      report(`var "${name}" names no list of flow.json${guess ? ` (did you mean $lists.${guess}?)` : ''}`);
    }
    return;
  }
  if (name.startsWith('$scope') || name.startsWith('$params')) {
    report(`var "${name}" is only allowed inside "groups"`);
    return;
  }
  if (name === '$item' || name.startsWith('$item.')) {
    const star = target ? target.lastIndexOf('*') : -1;
    if (!target || star < 0) {
      report(`var "${name}" is only allowed in a rule whose target has a "*"`);
      return;
    }
    const rowPath = [...splitPath(target.slice(0, star + 1)), ...splitPath(name).slice(1)];
    const found = schemaAt(step.schema, step.schema, rowPath);
    if (!found.found)
      report(
        pathMessage(
          name,
          splitPath(name),
          found.missingAt - splitPath(target.slice(0, star + 1)).length + 1,
          found.candidates,
          'var',
        ),
      );
    return;
  }
  const [stepId, ...rest] = splitPath(name);
  const other = defs.steps[stepId];
  if (!other) {
    const guess = closestName(stepId, Object.keys(defs.steps));
    report(`var "${name}" names no step "${stepId}"${guess ? ` (did you mean ${[guess, ...rest].join('.')}?)` : ''}`);
    return;
  }
  const found = schemaAt(other.schema, other.schema, rest);
  if (!found.found) report(pathMessage(name, splitPath(name), found.missingAt + 1, found.candidates, 'var'));
}

function checkTarget(
  target: string,
  step: StepDefinition,
  sections: Set<string>,
  report: (msg: string) => void,
  what: string,
): void {
  const segments = splitPath(target);
  const found = schemaAt(step.schema, step.schema, segments);
  if (found.found) return;
  if (found.missingAt === segments.length - 1 && sections.has(segments[segments.length - 1])) return;
  report(pathMessage(target, segments, found.missingAt, found.candidates, what));
}

function collectSections(ui: unknown, out: Set<string>): void {
  if (!ui || typeof ui !== 'object') return;
  for (const [k, v] of Object.entries(ui as Record<string, unknown>)) {
    if (k === 'ui:sections' && Array.isArray(v)) v.forEach((s) => out.add(String((s as { id: string }).id)));
    else if (!k.startsWith('ui:') || k === 'ui:definitions') collectSections(v, out);
  }
}

const ALTERNATIVES = ['oneOf', 'anyOf', 'dependencies'];

/**
 * The browser carries a precompiled check for the record and for each `if` condition, nothing else: a form choosing
 * between alternatives (oneOf, anyOf, dependencies) would ask about schemas no one compiled, and an `if` reaching
 * elsewhere with $ref would be resolved by the form before it asks.
 */
/** A node whose format or length limit is misspelt: its own problem says so, so the bound is not asked for again. */
function misspelt(sub: JsonSchema): boolean {
  return (
    ('format' in sub && !(SCHEMA_FORMATS as readonly unknown[]).includes(sub.format)) ||
    Object.keys(sub).some((k) => !SCHEMA_KEYWORD_SET.has(k) && !k.startsWith('x-'))
  );
}

function lintSchema(step: StepDefinition, report: (path: string, msg: string) => void): void {
  traverse(step.schema, {
    cb: (sub: JsonSchema, ptr: string, _root: unknown, _parentPtr?: string, parentKeyword?: string) => {
      for (const keyword of ALTERNATIVES) {
        if (keyword in sub)
          report(
            `${ptr}/${keyword}`,
            `"${keyword}" is not supported in a step's schema: offer the choices with "enum" and show fields with visibility rules`,
          );
      }
      if (parentKeyword === 'if' && JSON.stringify(sub).includes('"$ref"'))
        report(ptr, 'an "if" condition may not use "$ref": write the condition out');
      // A misspelt keyword is otherwise silently ignored by JSON Schema: the limit or message it meant never applies.
      for (const key of Object.keys(sub)) {
        if (!SCHEMA_KEYWORD_SET.has(key) && !key.startsWith('x-'))
          report(`${ptr}/${key}`, `unknown keyword "${key}"${suggestion(key, SCHEMA_KEYWORDS)}`);
      }
      if ('format' in sub && !(SCHEMA_FORMATS as readonly unknown[]).includes(sub.format)) {
        report(
          `${ptr}/format`,
          `unknown format ${JSON.stringify(sub.format)}${typeof sub.format === 'string' ? suggestion(sub.format, SCHEMA_FORMATS) : ''} (known: ${SCHEMA_FORMATS.join(', ')})`,
        );
      }
      if ('x-secret' in sub && secretShowLast(sub['x-secret']) === undefined) {
        report(`${ptr}/x-secret`, '"x-secret" is true (masked whole) or { "showLast": n } with n from 0 to 9');
      }
      // In good order, and so no answer can stall the server: every text, number and list is bounded.
      const problem = /\/if(\/|$)/.test(ptr) || misspelt(sub) ? undefined : unboundedProblem(sub);
      if (problem) report(ptr, problem);
    },
  });
}

function lintUi(
  ui: Record<string, unknown>,
  schema: JsonSchema,
  root: JsonSchema,
  pointer: string,
  report: (path: string, msg: string) => void,
): void {
  const names = propertyNames(schema, root);
  for (const [key, value] of Object.entries(ui)) {
    if (key.startsWith('ui:') || UI_SKIP.has(key)) continue;
    if (!names.includes(key)) {
      const guess = closestName(key, names);
      report(
        `${pointer}/${key}`,
        `ui key "${key}" is not a field of the schema${guess ? ` (did you mean ${guess}?)` : ''}`,
      );
      continue;
    }
    const sub = schemaAt(schema, root, [key]);
    if (sub.found && value && typeof value === 'object') {
      const v = value as Record<string, unknown>;
      if (v.items && typeof v.items === 'object') {
        const items = schemaAt(sub.schema, root, ['*']);
        if (items.found)
          lintUi(v.items as Record<string, unknown>, items.schema, root, `${pointer}/${key}/items`, report);
      }
      lintUi(v, sub.schema, root, `${pointer}/${key}`, report);
    }
  }
  const defsUi = ui['ui:definitions'];
  if (defsUi && typeof defsUi === 'object') {
    for (const [ref, sub] of Object.entries(defsUi as Record<string, unknown>)) {
      const defSchema = (root.definitions as Record<string, JsonSchema> | undefined)?.[ref.split('/').pop() ?? ''];
      if (!defSchema) {
        report(`${pointer}/ui:definitions/${ref}`, `"${ref}" is not a definition in schema.json`);
        continue;
      }
      lintUi(sub as Record<string, unknown>, defSchema, root, `${pointer}/ui:definitions/${ref}`, report);
    }
  }
  const sections = ui['ui:sections'];
  if (Array.isArray(sections)) {
    const placed = new Map<string, number>();
    sections.forEach((s: { fields?: string[] }, i: number) =>
      (s.fields ?? []).forEach((f, j) => {
        if (!names.includes(f))
          report(
            `${pointer}/ui:sections/${i}/fields/${j}`,
            `section field "${f}" is not a field of the schema${closestName(f, names) ? ` (did you mean ${closestName(f, names)}?)` : ''}`,
          );
        if (placed.has(f)) report(`${pointer}/ui:sections/${i}/fields/${j}`, `field "${f}" is in two sections`);
        placed.set(f, i);
      }),
    );
  }
  const order = ui['ui:order'];
  if (Array.isArray(order))
    order.forEach((f: string, i: number) => {
      if (f !== '*' && !names.includes(f))
        report(`${pointer}/ui:order/${i}`, `ui:order names "${f}", which is not a field of the schema`);
    });
}

/**
 * Reports a rule of a group (written once, expanded once per `each` entry) as written in the file: `$scope.x` and
 * `x`, not `lifestyle.lifestyle_data_1.x` and `lifestyle_data_1.x`; the same mistake in every entry is one problem.
 */
function asWritten(step: StepDefinition, report: Report): Report {
  const groups = (step.rules as { groups?: { each?: { path: string }[] }[] }).groups ?? [];
  const seen = new Set<string>();
  return (file, path, message) => {
    let text = message;
    const group = /^\/groups\/(\d+)\//.exec(path);
    for (const entry of group ? (groups[Number(group[1])]?.each ?? []) : []) {
      text = text
        .replaceAll(`"${step.id}.${entry.path}.`, '"$scope.')
        .replaceAll(` ${step.id}.${entry.path}.`, ' $scope.')
        .replaceAll(`"${entry.path}.`, '"')
        .replaceAll(` ${entry.path}.`, ' ');
    }
    const key = `${file} ${path} ${text}`;
    if (seen.has(key)) return;
    seen.add(key);
    report(file, path, text);
  };
}

function lintRules(defs: Definitions, step: StepDefinition, rules: CompiledRules, report: Report): void {
  const file = `steps/${step.id}/rules.json`;
  const sections = new Set<string>();
  collectSections(step.ui, sections);
  /** `known` is a var already reported as an unknown target: one mistake, one problem. */
  const logicChecks = (logic: Logic, source: string, target?: string, known?: string): void =>
    walkLogic(logic, (kind, name) => {
      if (kind === 'op' && !knownOperations.has(name)) report(file, source, `unknown operation "${name}"`);
      if (kind === 'var' && name !== known) checkVar(name, defs, step, target, (msg) => report(file, source, msg));
    });
  for (const r of rules.visibility) {
    r.targets.forEach((t) => checkTarget(t, step, sections, (m) => report(file, r.source, m), 'field'));
    r.targets.forEach((t) => logicChecks(r.showIf, r.source, t));
  }
  for (const r of rules.validation) {
    let unknownField = false;
    checkTarget(
      r.field,
      step,
      sections,
      (m) => {
        unknownField = true;
        report(file, r.source, m);
      },
      'field',
    );
    if (!r.message.trim()) report(file, r.source, 'validation rule has no message');
    // A required rule reads its own field: an unknown field is reported once (above), not again as a var.
    logicChecks(r.when, r.source, r.field, unknownField ? `${step.id}.${r.field}` : undefined);
    Object.values(r.params ?? {}).forEach((l) => logicChecks(l, r.source, r.field));
    for (const m of r.message.matchAll(/\{(\w+)\}/g))
      if (!r.params || !(m[1] in r.params)) report(file, r.source, `message placeholder {${m[1]}} has no param`);
  }
  for (const r of rules.computed) {
    checkTarget(r.field, step, sections, (m) => report(file, r.source, m), 'field');
    logicChecks(r.value, r.source, r.field);
    if (r.when !== undefined) logicChecks(r.when, r.source, r.field);
  }
  for (const r of rules.clear) {
    r.fields.forEach((t) => checkTarget(t, step, sections, (m) => report(file, r.source, m), 'field'));
    logicChecks(r.when, r.source);
  }
  for (const r of rules.effects) {
    if (!(r.op in effectRegistry))
      report(file, r.source, `unknown effect "${r.op}" (known: ${Object.keys(effectRegistry).join(', ')})`);
    r.on.forEach((t) => checkTarget(t, step, sections, (m) => report(file, r.source, m), 'field'));
    if (r.when !== undefined) logicChecks(r.when, r.source);
    const values = r.params.values as Record<string, unknown> | undefined;
    if (values)
      for (const [p, l] of Object.entries(values)) {
        checkTarget(p, step, sections, (m) => report(file, r.source, m), 'field');
        logicChecks(l, r.source);
      }
    for (const key of ['match', 'target'] as const)
      if (typeof r.params[key] === 'string')
        checkTarget(r.params[key] as string, step, sections, (m) => report(file, r.source, m), 'field');
    // A reset's kept fields: a misspelt one would be emptied with the rest.
    if (Array.isArray(r.params.keep))
      for (const kept of r.params.keep as unknown[])
        checkTarget(String(kept), step, sections, (m) => report(file, r.source, m), 'field');
    if (r.params.source !== undefined) logicChecks(r.params.source, r.source);
  }
  for (const r of rules.readonly) {
    r.fields.forEach((t) => checkTarget(t, step, sections, (m) => report(file, r.source, m), 'field'));
    logicChecks(r.when, r.source);
  }
  for (const r of rules.texts) {
    checkTarget(r.target, step, sections, (m) => report(file, r.source, m), 'target');
    logicChecks(r.when, r.source);
    for (const name of placeholdersOf(r.text)) {
      if (!(name in (defs.flow.names ?? {})))
        report(file, r.source, `text "${r.text}" names "{${name}}", which flow.json "names" does not declare`);
    }
  }
}

function lintFlow(defs: Definitions, report: Report): void {
  const file = 'steps/flow.json';
  const steps = defs.flow.steps;
  const finals = steps.map((s, i) => (s.final ? i : -1)).filter((i) => i >= 0);
  if (finals.length !== 1) report(file, '/steps', `exactly one step must be final (found ${finals.length})`);
  const last = finals[0] ?? -1;
  if (last >= 0 && last !== steps.length - 1)
    report(file, `/steps/${last + 1}`, `step "${steps[last + 1].id}" is unreachable: it comes after the final step`);
  if (last >= 0 && steps[last].showIf !== undefined)
    report(file, `/steps/${last}/showIf`, 'the final step must always apply, or a path would never end');
  const review = steps.findIndex((s) => s.id === defs.flow.review);
  if (review >= 0 && last >= 0 && review > last)
    report(file, '/review', 'the review step must come before the final step');
  const flowLogic = (logic: Logic, path: string): void =>
    walkLogic(logic, (kind, name) => {
      if (kind === 'op' && !knownOperations.has(name)) report(file, path, `unknown operation "${name}"`);
      if (kind === 'var') checkVar(name, defs, defs.steps[steps[0].id], undefined, (msg) => report(file, path, msg));
    });
  steps.forEach((s, i) => {
    if (s.showIf !== undefined) flowLogic(s.showIf, `/steps/${i}/showIf`);
    (s.pages ?? []).forEach((p, k) => {
      if (p.showIf !== undefined) flowLogic(p.showIf, `/steps/${i}/pages/${k}/showIf`);
    });
    if (s.showIf === false || s.showIf === null || s.showIf === 0 || s.showIf === '')
      report(file, `/steps/${i}/showIf`, `step "${s.id}" is unreachable: its showIf never holds`);
    const step = defs.steps[s.id];
    const names = propertyNames(step.schema, step.schema);
    (s.pages ?? []).forEach((p, k) => {
      p.fields.forEach((f, j) => {
        if (!names.includes(f))
          report(
            file,
            `/steps/${i}/pages/${k}/fields/${j}`,
            `page field "${f}" is not a field of steps/${s.id}/schema.json${closestName(f, names) ? ` (did you mean ${closestName(f, names)}?)` : ''}`,
          );
      });
      if (p.showIf === false)
        report(file, `/steps/${i}/pages/${k}/showIf`, `page "${p.id}" is unreachable: its showIf never holds`);
    });
    if (s.pages && s.pages.every((p) => p.showIf !== undefined))
      report(
        file,
        `/steps/${i}/pages`,
        `step "${s.id}" needs at least one page without showIf, or it could show nothing`,
      );
  });
}

/** The review's layout names screening steps only (every other step is on the review by default). */
function lintReview(defs: Definitions, report: Report): void {
  const reviewId = defs.flow.review;
  const layout = (defs.steps[reviewId]?.ui as Record<string, unknown> | undefined)?.['ui:review'] as
    { order?: string[]; exclude?: string[] } | undefined;
  if (!layout) return;
  const screening = defs.flow.steps.filter((s) => s.id !== reviewId && !s.final).map((s) => s.id);
  for (const key of ['order', 'exclude'] as const) {
    (layout[key] ?? []).forEach((id, i) => {
      if (screening.includes(id)) return;
      const guess = closestName(id, screening);
      report(
        `steps/${reviewId}/ui.json`,
        `/ui:review/${key}/${i}`,
        `"${id}" is not a screening step of flow.json${guess ? ` (did you mean ${guess}?)` : ''}`,
      );
    });
  }
}

/**
 * The product staff's linter: everything `npm run steps:check` reports.
 * Checks each file against its meta-schema, every var and target against the schemas, ui keys, messages,
 * effects and operators, the flow's reachability, and that every example has no errors.
 * @param files - steps/ as a map from relative path to parsed JSON
 * @returns the problems, each naming the file, the JSON path and the reason (empty when all is well)
 */
export function lintDefinitions(files: DefinitionFiles): DefinitionProblem[] {
  const { definitions, problems } = checkDefinitions(files);
  if (!definitions) return problems;
  const report: Report = (file, path, message) => problems.push({ file, path, message });
  lintFlow(definitions, report);
  lintReview(definitions, report);
  for (const step of Object.values(definitions.steps)) {
    lintRules(definitions, step, compileRules(step.rules, step.id), asWritten(step, report));
    lintUi(step.ui, step.schema, step.schema, '', (path, msg) => report(`steps/${step.id}/ui.json`, path, msg));
    lintSchema(step, (path, msg) => report(`steps/${step.id}/schema.json`, path, msg));
  }
  if (problems.length) return problems;
  let engine;
  try {
    engine = createEngine(definitions, ajvSchemaChecks());
  } catch (e) {
    report('steps', '', `could not compile: ${(e as Error).message}`);
    return problems;
  }
  for (const step of Object.values(definitions.steps)) {
    for (const [name, ex] of Object.entries(step.examples)) {
      const file = `steps/${step.id}/examples/${name}.json`;
      if (!ex.data[step.id]) {
        report(file, '/data', `example has no "${step.id}" record`);
        continue;
      }
      try {
        for (const e of engine.evaluateStep(step.id, ex.data).errors)
          report(file, `/data/${step.id}/${e.field.split('.').join('/')}`, `example is not valid: ${e.message}`);
      } catch (e) {
        report(file, '', `could not evaluate: ${(e as Error).message}`);
      }
    }
  }
  // The review step's examples are whole applications: each must be complete, so a new step is noticed here first.
  const review = definitions.steps[definitions.flow.review];
  for (const [name, ex] of Object.entries(review?.examples ?? {})) {
    for (const missing of engine.incompleteSteps(ex.data)) {
      const why = missing.missing ? 'has no record of it' : `has errors in it: ${missing.errors[0]?.message}`;
      report(
        `steps/${review.id}/examples/${name}.json`,
        `/data/${missing.id}`,
        `the complete application must hold every step that applies; it ${why} (step "${missing.id}", ${missing.title})`,
      );
    }
  }
  return problems;
}
