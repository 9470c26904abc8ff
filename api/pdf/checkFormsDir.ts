import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { DocumentMapping, DefinitionProblem, JsonSchema, UiDefinition } from '../../engine/index.ts';
import { finalStepOf } from '../../engine/index.ts';
import { readDefinitionFiles } from '../definitions/readDefinitionFiles.ts';
import { FORM_FILE, TEMPLATE_FILE, formFile, insurerFolders, templateFile } from './formFiles.ts';
import { lintCatalogues } from './lintCatalogues.ts';
import { formNotes, lintForms, type FormNote, type FormsLintInput } from './lintForms.ts';

/** The AcroForm field names of a template PDF. */
export async function templateFieldNames(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return doc
    .getForm()
    .getFields()
    .map((f) => f.getName());
}

/**
 * Reads forms/ (every <name>/form.json, its optional <name>/template.pdf and _meta/form.schema.json) and steps/,
 * then lints the mappings (see lintForms). Reads files only: no engine, no server.
 * @param formsDir - default "forms"
 * @param stepsDir - default "steps"
 * @returns the problems; a file that is not valid JSON is reported as one
 */
export async function checkFormsDir(formsDir = 'forms', stepsDir = 'steps'): Promise<DefinitionProblem[]> {
  return (await checkForms(formsDir, stepsDir)).problems;
}

/**
 * checkFormsDir, with the notes: the answers each mapping does not place (they print under "Other answers"), with a
 * suggested section (see formNotes). Notes are no problems.
 */
export async function checkForms(
  formsDir = 'forms',
  stepsDir = 'steps',
): Promise<{ problems: DefinitionProblem[]; notes: FormNote[] }> {
  const root = formsDir.replace(/\/$/, '');
  const problems: DefinitionProblem[] = [];
  const steps = readDefinitionFiles(stepsDir);
  const flow = steps['flow.json'] as FormsLintInput['flow'];
  const stepSchemas: Record<string, JsonSchema> = {};
  const stepUis: Record<string, UiDefinition> = {};
  for (const step of flow.steps) {
    stepSchemas[step.id] = (steps[`${step.id}/schema.json`] ?? {}) as JsonSchema;
    stepUis[step.id] = (steps[`${step.id}/ui.json`] ?? {}) as UiDefinition;
  }
  const final = finalStepOf(flow);
  const payloadMapping = final ? (steps[`${final}/documents/payload.json`] as DocumentMapping | undefined) : undefined;

  const mappings: Record<string, unknown> = {};
  const templateFields: Record<string, string[]> = {};
  for (const file of readdirSync(formsDir).sort()) {
    if (file.endsWith('.json') || file.endsWith('.pdf'))
      problems.push({
        file: `${root}/${file}`,
        path: '',
        message: `a mapping lives in its insurer's folder: move it to ${formFile(root, file.replace(/\.(json|pdf)$/, ''))}`,
      });
  }
  for (const name of insurerFolders(formsDir)) {
    try {
      mappings[name] = JSON.parse(readFileSync(join(formsDir, name, FORM_FILE), 'utf8'));
    } catch (e) {
      problems.push({ file: formFile(root, name), path: '', message: `not valid JSON (${(e as Error).message})` });
      continue;
    }
    const pdf = join(formsDir, name, TEMPLATE_FILE);
    if (existsSync(pdf)) {
      try {
        templateFields[name] = await templateFieldNames(readFileSync(pdf));
      } catch (e) {
        problems.push({
          file: templateFile(root, name),
          path: '',
          message: `cannot be read as a PDF form (${(e as Error).message})`,
        });
      }
    }
  }
  const formSchema = JSON.parse(readFileSync(join(formsDir, '_meta', 'form.schema.json'), 'utf8')) as JsonSchema;
  const catalogues = catalogueProblems(formsDir, root, steps, final);
  const input: FormsLintInput = {
    mappings,
    templateFields,
    formSchema,
    flow,
    stepSchemas,
    stepUis,
    payloadMapping,
    root,
  };
  return { problems: [...problems, ...catalogues, ...lintForms(input)], notes: formNotes(input) };
}

/** Reads forms/<name>/catalogue.json and lints them (see lintCatalogues) against what the steps allow. */
function catalogueProblems(
  formsDir: string,
  root: string,
  steps: Record<string, unknown>,
  final: string | undefined,
): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const catalogues: Record<string, unknown> = {};
  for (const name of readdirSync(formsDir).sort()) {
    const file = join(formsDir, name, 'catalogue.json');
    if (name.startsWith('_') || !existsSync(file)) continue;
    try {
      catalogues[name] = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      problems.push({
        file: `${root}/${name}/catalogue.json`,
        path: '',
        message: `not valid JSON (${(e as Error).message})`,
      });
    }
  }
  type Enumerated = { enum?: unknown[]; items?: Enumerated; properties?: Record<string, Enumerated> };
  const strings = (s: Enumerated | undefined): string[] =>
    (s?.enum ?? []).filter((v): v is string => typeof v === 'string');
  const finalSchema = (final ? steps[`${final}/schema.json`] : undefined) as Enumerated | undefined;
  const plan = steps['plan-details/schema.json'] as { definitions?: Record<string, Enumerated> } | undefined;
  const schemaFile = join(formsDir, '_meta', 'catalogue.schema.json');
  if (!existsSync(schemaFile)) return problems;
  return [
    ...problems,
    ...lintCatalogues({
      catalogues,
      catalogueSchema: JSON.parse(readFileSync(schemaFile, 'utf8')) as JsonSchema,
      insurers: strings(finalSchema?.properties?.populate_forms?.items),
      productTypes: strings(plan?.definitions?.plan_product_type),
      coverageTypes: strings(plan?.definitions?.joint_plan_option?.properties?.coverage_type),
      root,
    }),
  ];
}
