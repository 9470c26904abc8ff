import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readDefinitionFiles } from '../../api/definitions/readDefinitionFiles.ts';
import { formsCheck } from '../../scripts/formsCheck.ts';
import { runChecker } from '../support/runChecker.ts';
import { prepareGeneration } from '../../api/pdf/buildPayload.ts';
import { labelsFrom } from '../../api/pdf/generationLabels.ts';
import { formNotes, lintForms } from '../../api/pdf/lintForms.ts';
import { loadForms } from '../../api/pdf/loadForms.ts';
import { OTHER_ANSWERS_TITLE, otherAnswers, renderApplication, wordsOf } from '../../api/pdf/renderPdf.ts';
import type { AnswerSource } from '../../api/pdf/answerPaths.ts';
import type { FormMapping, LoadedForm } from '../../api/pdf/types.ts';
import { answerFields, ajvSchemaChecks, createEngine, documentSources, loadDefinitions } from '../../engine/index.ts';
import type { ApplicationData, Definitions, JsonObject } from '../../engine/index.ts';
import {
  INSURERS,
  definitions,
  engine,
  forms,
  fullApplication,
  labels,
  pdfText,
  step,
  formsLintInput,
} from './support.ts';

const generatedAt = new Date('2026-06-01T14:05:00Z');
const squash = (s: string): string => s.replace(/\s+/g, ' ').trim();

async function textOf(form: LoadedForm, source: AnswerSource, generationLabels = labels): Promise<string> {
  return pdfText((await renderApplication({ form, source, labels: generationLabels, generatedAt })).bytes);
}

/** The text of the "Other answers" section: from its heading to the declaration that closes every document. */
function otherSection(text: string, mapping: FormMapping): string {
  const start = text.indexOf(OTHER_ANSWERS_TITLE);
  // The adviser's section follows "Other answers", under the insurer's own heading.
  return start < 0 ? '' : text.slice(start, text.indexOf(wordsOf(mapping)('Adviser'), start));
}

/** The ui title of a field of a step, as ui.json gives it. */
function uiTitle(stepId: string, path: string): string {
  const field = answerFields(definitions.steps[stepId]).find((f) => f.path === path);
  if (!field) throw new Error(`no field ${stepId}.${path}`);
  return field.titles[field.titles.length - 1];
}

describe('what a form places through the payload', () => {
  const payload = definitions.steps['pdf-generation'].documents!.payload;

  it('follows the payload mapping to the step answers a payload path is built from', () => {
    expect(documentSources(payload, 'owner_information.owner_info.owner1_sin')).toEqual([
      'tax-information.owner1_sin_part1',
      'tax-information.owner1_sin_part2',
      'tax-information.owner1_sin_part3',
    ]);
    expect(documentSources(payload, 'lifestyle_information.lifestyle_information_2.drinks_alcohol')).toEqual([
      'lifestyle.lifestyle_data_2.drinks_alcohol',
    ]);
    expect(
      documentSources(
        payload,
        'insurance_history_information.insured_1.insurance_history_data.existing_insurance_entries.*.company',
      ),
    ).toEqual(['insurance-history.insured_1.existing_insurance_entries.*.company']);
    // Templates with bound people, dynamic field names ($prefix) and the branches of every owner type.
    expect(documentSources(payload, 'owner_information.owner_info_1.full_name')).toEqual(
      expect.arrayContaining([
        'proposed-insured.insured_1.first_name',
        'proposed-insured.insured_2.last_name',
        'owner.first_name',
        'owner.middle_initial',
        'owner.legal_name',
      ]),
    );
    expect(documentSources(payload, 'owner_information.owner_info_2.email')).toEqual([
      'owner.individual_2_email',
      'proposed-insured.insured_2.email',
    ]);
    // Keyed rows of both insureds ($merge of $entries), with the trustee a template falls back to.
    expect(documentSources(payload, 'beneficiary_designation.primary_beneficiaries.*.trustee_name')).toEqual([
      'beneficiary.insured_1.primary_beneficiaries.*.trustee_name',
      'beneficiary.insured_1.primary_trustee_for_minors.full_name',
      'beneficiary.insured_2.primary_beneficiaries.*.trustee_name',
      'beneficiary.insured_2.primary_trustee_for_minors.full_name',
    ]);
  });

  it("counts what a conditional only tests when its branches are fixed values, and never the call's context", () => {
    // is_smoker is true/false worked out from the owner's smoking class: the class is what it shows.
    expect(documentSources(payload, 'owner_information.owner_info.is_smoker')).toEqual(['owner.smoking_class']);
    // The e-mail is printed only with consent: the e-mail is placed, the consent is not.
    expect(documentSources(payload, 'owner_information.owner_info_1.email')).not.toContain(
      'proposed-insured.insured_1.email_consent',
    );
    expect(documentSources(payload, 'populate_forms')).toEqual([]);
  });
});

describe('"Other answers" in the documents of the complete application', () => {
  const source = prepareGeneration(engine, fullApplication(), { populateForms: INSURERS, clientId: 2087 });

  it.each(INSURERS)(
    '%s: an answer the form does not place is printed there with its ui label; a placed one is printed once',
    async (insurer) => {
      const form = forms.get(insurer)!;
      // The electronic-documents consent of insured 1 is placed by no insurer's mapping.
      expect(form.others.placed.has('proposed-insured.insured_1.email_consent')).toBe(false);
      expect(form.others.placed.has('proposed-insured.insured_1.occupation')).toBe(true);
      const text = await textOf(form, source);
      const others = otherSection(text, form.mapping);
      expect(others).toContain('Proposed Insured');
      expect(others).toContain(squash(`${uiTitle('proposed-insured', 'insured_1.email_consent')} Yes`));
      // Placed answers stay where the insurer put them, not again under "Other answers".
      for (const placed of ['Petroleum engineer, field operations planning', 'Beer, 3 to 4 drinks per week', 'Arjun'])
        expect(others).not.toContain(placed);
      expect(text.split('Beer, 3 to 4 drinks per week').length - 1).toBe(1);
      // SINs are placed (the payload joins the three parts), so their parts are not printed again.
      expect(others).not.toContain('SIN part');
      expect(text.lastIndexOf(OTHER_ANSWERS_TITLE)).toBeLessThan(
        text.indexOf(wordsOf(form.mapping)('Declaration and signatures')),
      );
    },
  );

  it('lists one line per field of each row, labelled with the row title, grouped under the flow title in flow order', () => {
    const form = forms.get('BMO')!;
    const narrowed: LoadedForm = {
      ...form,
      others: {
        ...form.others,
        placed: new Set(
          [...form.others.placed].filter((p) => !p.startsWith('beneficiary.') && !p.startsWith('lifestyle.')),
        ),
      },
    };
    const groups = otherAnswers(narrowed, source);
    const titles = groups.map((g) => g.title);
    const flowTitles = definitions.flow.steps.map((s) => s.title);
    expect(titles).toEqual([...titles].sort((a, b) => flowTitles.indexOf(a) - flowTitles.indexOf(b)));
    const beneficiary = groups.find((g) => g.title === definitions.steps.beneficiary.flow.title)!;
    expect(beneficiary.cells.map((c) => `${c.label}: ${c.value}`)).toContain(
      'Insured Person 1 — Contingent Beneficiary 2 — Full Name: Kavya Mehta',
    );
    const lifestyle = groups.find((g) => g.title === definitions.steps.lifestyle.flow.title)!;
    expect(lifestyle.cells[0]).toMatchObject({
      label: `Proposed Insured 1 — Tobacco/Nicotine — ${uiTitle('lifestyle', 'lifestyle_data_1.tobacco_last_12_months')}`,
      value: 'Yes',
    });
    // "No" answers and blanks are no answers; steps that do not apply are absent from the engine's view.
    expect(lifestyle.cells.some((c) => c.value === 'No')).toBe(false);
  });

  it('prints no "Other answers" heading when the form places every answer', async () => {
    const form = forms.get('SUNLIFE')!;
    const everything = new Set(
      definitions.order.flatMap((id) => answerFields(definitions.steps[id]).map((f) => `${id}.${f.path}`)),
    );
    const complete: LoadedForm = { ...form, others: { ...form.others, placed: everything } };
    expect(otherAnswers(complete, source)).toEqual([]);
    expect(await textOf(complete, source)).not.toContain(OTHER_ANSWERS_TITLE);
  });

  it('prints the SIN whole when a form does not place it', async () => {
    const form = forms.get('MANULIFE')!;
    const withoutSin: LoadedForm = {
      ...form,
      others: {
        ...form.others,
        placed: new Set([...form.others.placed].filter((p) => !p.startsWith('tax-information.owner1_sin'))),
      },
    };
    const others = otherSection(await textOf(withoutSin, source), withoutSin.mapping);
    expect(others).toContain('Tax Information');
    expect(others).toMatch(/SIN part 1 046 .*SIN part 2 454 .*SIN part 3 286/);
  });
});

/** A copy of steps/ and forms/ where product staff added one lifestyle question, in the schema and ui.json only. */
describe('a new lifestyle question added to the JSON only', () => {
  const TITLE = 'Deepest scuba dive in the last 5 years (metres)';
  let dir: string;
  let defs: Definitions;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'other-answers-'));
    cpSync('steps', join(dir, 'steps'), { recursive: true });
    cpSync('forms', join(dir, 'forms'), { recursive: true });
    const schemaFile = join(dir, 'steps/lifestyle/schema.json');
    const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as {
      definitions: { lifestyle_data: { properties: JsonObject } };
    };
    schema.definitions.lifestyle_data.properties.scuba_dive_depth = {
      type: ['integer', 'null'],
      minimum: 0,
      maximum: 400,
    };
    writeFileSync(schemaFile, JSON.stringify(schema, null, 2));
    const uiFile = join(dir, 'steps/lifestyle/ui.json');
    const ui = JSON.parse(readFileSync(uiFile, 'utf8')) as {
      'ui:definitions': Record<string, JsonObject & { 'ui:sections': { id: string; fields: string[] }[] }>;
    };
    const shared = ui['ui:definitions']['#/definitions/lifestyle_data'];
    shared['ui:sections'].find((s) => s.id === 'aviation')!.fields.push('scuba_dive_depth');
    shared.scuba_dive_depth = { 'ui:title': TITLE };
    writeFileSync(uiFile, JSON.stringify(ui, null, 2));
    defs = loadDefinitions(readDefinitionFiles(join(dir, 'steps')));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reaches the PDF of every insurer, labelled and answered, under "Other answers"', async () => {
    const copyEngine = createEngine(defs, ajvSchemaChecks());
    const copyForms = loadForms(join(dir, 'forms'), defs);
    const data: ApplicationData = fullApplication();
    (step(data, 'lifestyle').lifestyle_data_1 as JsonObject).scuba_dive_depth = 32;
    const source = prepareGeneration(copyEngine, data, { populateForms: INSURERS, clientId: 2087 });
    for (const insurer of INSURERS) {
      const others = otherSection(
        await textOf(copyForms.get(insurer)!, source, labelsFrom(defs)),
        copyForms.get(insurer)!.mapping,
      );
      expect(others, insurer).toContain(`${defs.flow.steps.find((s) => s.id === 'lifestyle')!.title}`);
      expect(others, insurer).toContain(`Proposed Insured 1 — Aviation & Activities — ${TITLE} 32`);
    }
  });

  it('is a note of forms:check, with a suggested section, and the check still exits 0', async () => {
    // In-process, with the command's arguments (tests/pdf/formsCheck.test.ts spawns the command itself).
    const { status, stdout: out } = await runChecker(formsCheck, [join(dir, 'forms'), join(dir, 'steps')]);
    expect(status).toBe(0);
    for (const name of ['bmo', 'manulife', 'sunlife', 'beneva', 'canada_life']) {
      const block = out.slice(out.indexOf(`${join(dir, 'forms')}/${name}/form.json:`));
      const line = block.split('\n').find((l) => l.includes('scuba_dive_depth'));
      expect(line, name).toMatch(/^ {2}lifestyle\.lifestyle_data_\{n\}\.scuba_dive_depth -> section \d+ ".*"$/);
    }
    expect(out).toContain('is valid');
  });
});

describe('forms:check notes', () => {
  it('a new step that no form places gives notes for each of its answers, not failures', () => {
    const lint = formsLintInput();
    lint.flow.steps.splice(
      lint.flow.steps.findIndex((s) => s.id === 'medical'),
      0,
      { id: 'occupation', title: 'Occupation' },
    );
    lint.stepSchemas.occupation = {
      type: 'object',
      properties: { duties: { type: 'string' }, hours_per_week: { type: 'integer' } },
    };
    expect(lintForms(lint)).toEqual([]);
    const notes = formNotes(lint).filter((n) => n.answer.startsWith('occupation.'));
    expect(notes.map((n) => `${n.file} ${n.answer} ${n.section ? 'section' : 'Other answers'}`)).toEqual(
      ['bmo', 'manulife', 'sunlife', 'beneva', 'canada_life'].flatMap((name) => [
        `forms/${name}/form.json occupation.duties Other answers`,
        `forms/${name}/form.json occupation.hours_per_week Other answers`,
      ]),
    );
  });

  it('writes a field of every insured once, and suggests the section placing the most fields of the same object', () => {
    const lint = formsLintInput();
    const sunlife = lint.mappings.sunlife;
    const at = sunlife.sections.findIndex((s) =>
      (s.fields ?? []).some((f) => f.answer === 'lifestyle.lifestyle_data_{n}.drinks_alcohol'),
    );
    sunlife.sections[at].fields = sunlife.sections[at].fields!.filter(
      (f) => f.answer !== 'lifestyle.lifestyle_data_{n}.drinks_alcohol',
    );
    const notes = formNotes(lint).filter(
      (n) => n.file === 'forms/sunlife/form.json' && n.answer.includes('drinks_alcohol'),
    );
    expect(notes).toEqual([
      {
        file: 'forms/sunlife/form.json',
        answer: 'lifestyle.lifestyle_data_{n}.drinks_alcohol',
        section: { index: at, title: sunlife.sections[at].title },
      },
    ]);
  });
});
