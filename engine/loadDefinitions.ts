import Ajv, { type ErrorObject } from 'ajv';
import { assembleDefinitions, assembleStep, flowEntries, stripSchemaKey } from './assembleDefinitions.ts';
import { checkLifecycle } from './checkLifecycle.ts';
import { closestName } from './closestName.ts';
import { isListFromFiles, listRowsFromFiles } from './listFiles.ts';
import { withListLabels } from './listLabels.ts';
import type {
  ContractDefinition,
  DefinitionFiles,
  DefinitionProblem,
  Definitions,
  DocumentMapping,
  ExampleDefinition,
  FlowDefinition,
  JsonObject,
  JsonSchema,
  LifecycleDefinition,
  StepDefinition,
} from './types.ts';

export { stripSchemaKey };

/** Thrown when the definitions are broken; `problems` name the file, the JSON path and the reason. */
export class DefinitionError extends Error {
  constructor(readonly problems: DefinitionProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'DefinitionError';
  }
}

/** `steps/owner/rules.json /visibility/3: reason` */
export function formatProblem(p: DefinitionProblem): string {
  return `${p.file} ${p.path || '/'}: ${p.message}`;
}

const META: Record<string, string> = {
  'schema.json': '_meta/step-schema.schema.json',
  'ui.json': '_meta/ui.schema.json',
  'rules.json': '_meta/rules.schema.json',
};

/** ` (did you mean X?)` for a misspelt key or value, when one allowed name is clearly meant. */
function didYouMean(written: unknown, allowed: unknown[]): string {
  if (typeof written !== 'string') return '';
  const names = allowed.filter((a): a is string => typeof a === 'string');
  const guess = names.find((n) => n.toLowerCase() === written.toLowerCase()) ?? closestName(written, names);
  return guess ? ` (did you mean ${JSON.stringify(guess)}?)` : '';
}

function describe(error: ErrorObject): string {
  if (error.keyword === 'additionalProperties') {
    const key = String((error.params as { additionalProperty: string }).additionalProperty);
    const known = Object.keys(((error.parentSchema as JsonSchema | undefined)?.properties ?? {}) as object);
    return `unknown key "${key}"${didYouMean(key, known)}`;
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
    return `${error.message ?? 'not allowed'}: ${JSON.stringify(allowed)}${didYouMean(error.data, allowed)}`;
  }
  if (error.keyword === 'not' && error.instancePath.endsWith('/required'))
    return '"required" is not allowed in schema.json: use a required rule in rules.json';
  return error.message ?? 'invalid';
}

/** Keeps the most useful errors: drops the summaries of anyOf/oneOf/allOf when a deeper error says more. */
function usefulErrors(errors: ErrorObject[]): ErrorObject[] {
  const specific = errors.filter((e) => !['anyOf', 'oneOf', 'allOf', 'if'].includes(e.keyword));
  return specific.length ? specific : errors;
}

function metaValidator(files: DefinitionFiles): Ajv {
  // verbose: the errors carry the value written and their schema, for the did-you-mean suggestions.
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
  for (const [path, json] of Object.entries(files)) {
    if (path.startsWith('_meta/')) ajv.addSchema(stripSchemaKey(json as JsonSchema), path.slice('_meta/'.length));
  }
  return ajv;
}

/**
 * flow.json with its lists kept in files (`{files, rows}`) replaced by their rows. A row without an id, or an id
 * that two rows share, is a problem of the file it came from.
 */
function resolveLists(
  flow: FlowDefinition,
  files: DefinitionFiles,
  report: (file: string, path: string, message: string) => void,
): FlowDefinition {
  const lists = flow.lists as Record<string, unknown> | undefined;
  if (!lists || !Object.values(lists).some(isListFromFiles)) return flow;
  const resolved: NonNullable<FlowDefinition['lists']> = {};
  for (const [name, list] of Object.entries(lists)) {
    if (!isListFromFiles(list)) {
      resolved[name] = list as JsonObject[];
      continue;
    }
    const { rows, sources } = listRowsFromFiles(files, list);
    if (!rows.length) report('flow.json', `/lists/${name}`, `no file matches "${list.files}"`);
    const seenIds = new Map<unknown, string>();
    rows.forEach((row, i) => {
      if (typeof row.id !== 'string' || row.id === '') report(sources[i], '', `a row of list "${name}" has no id`);
      else if (seenIds.has(row.id))
        report(sources[i], '', `id "${row.id}" of list "${name}" is also in ${seenIds.get(row.id)}`);
      else seenIds.set(row.id, sources[i]);
    });
    resolved[name] = rows;
  }
  return { ...flow, lists: resolved };
}

/**
 * Checks every definition file against its meta-schema and assembles the definitions.
 * @param files - steps/ as a map from relative path (`owner/rules.json`) to parsed JSON; `_meta/*` included
 * @param options - `root` is the folder name used in problem reports (default "steps")
 * @returns the definitions and every problem found; `definitions` is undefined when a file is unusable
 */
export function checkDefinitions(
  files: DefinitionFiles,
  options: { root?: string } = {},
): { definitions?: Definitions; problems: DefinitionProblem[] } {
  const root = options.root ?? 'steps';
  const problems: DefinitionProblem[] = [];
  const report = (file: string, path: string, message: string): void => {
    problems.push({ file: `${root}/${file}`, path, message });
  };
  const ajv = metaValidator(files);
  const check = (file: string, metaId: string): boolean => {
    const validate = ajv.getSchema(metaId.slice('_meta/'.length));
    if (!validate) {
      report(file, '', `meta-schema ${metaId} is missing`);
      return false;
    }
    if (validate(files[file])) return true;
    for (const e of usefulErrors(validate.errors ?? [])) report(file, e.instancePath, describe(e));
    return false;
  };

  const flowFile = 'flow.json';
  if (!(flowFile in files)) {
    report(flowFile, '', 'flow.json is missing');
    return { problems };
  }
  if (!check(flowFile, '_meta/flow.schema.json')) return { problems };
  const rawLists = (files[flowFile] as { lists?: Record<string, unknown> }).lists ?? {};
  const flow = resolveLists(
    stripSchemaKey(files[flowFile] as unknown as Record<string, unknown>) as unknown as FlowDefinition,
    files,
    report,
  );

  // The lists kept in files hold codes (plan ids) that are labelled by their rows; an inline list's ids (AB) print.
  const catalogued = Object.fromEntries(
    Object.entries(flow.lists ?? {}).filter(([name]) => isListFromFiles(rawLists[name])),
  );
  const steps: Record<string, StepDefinition> = {};
  let usable = true;
  const seen = new Set<string>();
  const entries = flowEntries(flow).map((flowStep, i) => ({
    flowStep,
    pointer: i < flow.steps.length ? `/steps/${i}/id` : `/forms/${i - flow.steps.length}/id`,
  }));
  entries.forEach(({ flowStep, pointer }) => {
    if (seen.has(flowStep.id)) report(flowFile, pointer, `step "${flowStep.id}" is listed twice`);
    seen.add(flowStep.id);
    const parts: Record<string, unknown> = {};
    for (const name of Object.keys(META)) {
      const file = `${flowStep.id}/${name}`;
      if (!(file in files)) {
        report(file, '', `missing: every step needs ${name}`);
        usable = false;
        continue;
      }
      if (!check(file, META[name])) usable = false;
      parts[name] = files[file];
    }
    const examples: Record<string, ExampleDefinition> = {};
    const prefix = `${flowStep.id}/examples/`;
    for (const file of Object.keys(files)
      .filter((f) => f.startsWith(prefix))
      .sort()) {
      if (check(file, '_meta/example.schema.json'))
        examples[file.slice(prefix.length).replace(/\.json$/, '')] = files[file] as ExampleDefinition;
    }
    const documents: Record<string, DocumentMapping> = {};
    const docPrefix = `${flowStep.id}/documents/`;
    for (const file of Object.keys(files)
      .filter((f) => f.startsWith(docPrefix))
      .sort()) {
      if (check(file, '_meta/document-mapping.schema.json'))
        documents[file.slice(docPrefix.length).replace(/\.json$/, '')] = stripSchemaKey(
          files[file] as Record<string, unknown>,
        ) as unknown as DocumentMapping;
      else usable = false;
    }
    const contractFile = `${flowStep.id}/contract.json`;
    let contract: ContractDefinition | undefined;
    if (contractFile in files) {
      if (check(contractFile, '_meta/contract.schema.json'))
        contract = stripSchemaKey(files[contractFile] as Record<string, unknown>) as ContractDefinition;
      else usable = false;
    }
    steps[flowStep.id] = assembleStep(
      flowStep,
      { schema: parts['schema.json'], ui: withListLabels(parts['ui.json'], catalogued), rules: parts['rules.json'] },
      examples,
      documents,
      contract,
    );
  });
  if (!seen.has(flow.review)) report(flowFile, '/review', `review step "${flow.review}" is not in steps`);
  for (const file of Object.keys(files)) {
    const dir = file.split('/')[0];
    if (file.includes('/') && dir !== '_meta' && dir !== '..' && dir !== 'i18n' && !seen.has(dir))
      report(file, '', `folder "${dir}" is not listed in flow.json`);
  }
  const lifecycleFile = 'lifecycle.json';
  let lifecycle: LifecycleDefinition | undefined;
  if (lifecycleFile in files) {
    if (check(lifecycleFile, '_meta/lifecycle.schema.json')) {
      lifecycle = stripSchemaKey(files[lifecycleFile] as Record<string, unknown>) as unknown as LifecycleDefinition;
      for (const p of checkLifecycle(lifecycle)) report(lifecycleFile, p.path, p.message);
    } else usable = false;
  }
  if (!usable) return { problems };
  const definitions = assembleDefinitions(flow, steps);
  return { definitions: lifecycle ? { ...definitions, lifecycle } : definitions, problems };
}

/**
 * Loads and checks the definitions; throws when any file is broken.
 * @param files - steps/ as a map from relative path to parsed JSON
 * @throws DefinitionError naming each file, JSON path and reason
 * @example const defs = loadDefinitions(readDefinitionFiles('steps'));
 */
export function loadDefinitions(files: DefinitionFiles): Definitions {
  const { definitions, problems } = checkDefinitions(files);
  if (!definitions || problems.length) throw new DefinitionError(problems);
  return definitions;
}
