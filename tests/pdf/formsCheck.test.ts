import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { checkFormsDir } from '../../api/pdf/checkFormsDir.ts';
import { formNotes, lintForms } from '../../api/pdf/lintForms.ts';
import { loadForms } from '../../api/pdf/loadForms.ts';
import { prepareGeneration } from '../../api/pdf/buildPayload.ts';
import { renderApplication } from '../../api/pdf/renderPdf.ts';
import type { FormMapping } from '../../api/pdf/types.ts';
import { finalStepOf } from '../../engine/index.ts';
import type { DefinitionProblem } from '../../engine/index.ts';
import { definitions, engine, fullApplication, labels, pdfText, formsLintInput } from './support.ts';
import { specText } from '../support/specText.ts';
import { formsCheck } from '../../scripts/formsCheck.ts';
import { runChecker } from '../support/runChecker.ts';

const format = (p: DefinitionProblem): string => `${p.file} ${p.path || '/'}: ${p.message}`;

/** Index of the first field of a mapping whose answer is `answer`. */
function fieldAt(mapping: FormMapping, answer: string): [number, number] {
  for (const [i, s] of mapping.sections.entries()) {
    const j = (s.fields ?? []).findIndex((f) => f.answer === answer);
    if (j >= 0) return [i, j];
  }
  throw new Error(`no field ${answer}`);
}

describe('forms:check over the real mappings', () => {
  it('finds nothing wrong in forms/', async () => {
    expect((await checkFormsDir('forms', 'steps')).map(format)).toEqual([]);
  });

  it('exits 0 on forms/, printing that it is valid (in-process: the command with its arguments)', async () => {
    const r = await runChecker(formsCheck, []);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('forms/ is valid');
  });

  it('exits 1 from the command line with the problems printed for a broken folder (the command itself)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'forms-'));
    try {
      cpSync('forms', dir, { recursive: true });
      const bmo = JSON.parse(readFileSync(join(dir, 'bmo', 'form.json'), 'utf8')) as FormMapping;
      const [i, j] = fieldAt(bmo, 'owner.owner_type');
      bmo.sections[i].fields![j].answer = 'owner.ownr_type';
      writeFileSync(join(dir, 'bmo', 'form.json'), JSON.stringify(bmo));
      let out = '';
      let status = 0;
      try {
        execFileSync(process.execPath, ['--import', 'tsx', 'scripts/formsCheck.ts', dir], {
          encoding: 'utf8',
          stdio: 'pipe',
        });
      } catch (e) {
        status = (e as { status: number }).status;
        out = (e as { stderr: string }).stderr;
      }
      expect(status).toBe(1);
      expect(out).toContain(
        `${dir}/bmo/form.json /sections/${i}/fields/${j}: answer "owner.ownr_type" is not a field of any step (did you mean owner.owner_type?)`,
      );
      expect(out).toContain('1 problem in');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('forms:check catches a broken mapping', () => {
  it('an answer that exists in no step, with the likely fix', () => {
    const lint = formsLintInput();
    const [i, j] = fieldAt(lint.mappings.bmo, 'owner.owner_type');
    lint.mappings.bmo.sections[i].fields![j].answer = 'owner.ownr_type';
    expect(lintForms(lint).map(format)).toEqual([
      `forms/bmo/form.json /sections/${i}/fields/${j}: answer "owner.ownr_type" is not a field of any step (did you mean owner.owner_type?)`,
    ]);
  });

  it('a label set of the documents that names a missing answer, or one without options, with the likely fix', () => {
    const lint = formsLintInput();
    const final = finalStepOf(lint.flow);
    const ui = structuredClone(lint.stepUis![final]);
    const sets = (ui['ui:options'] as { labels: Record<string, unknown> }).labels;
    sets.applicationType = ['basic.aplication_type'];
    sets.ownerType = { from: ['owner.first_name'] };
    lint.stepUis = { ...lint.stepUis, [final]: ui };
    expect(lintForms(lint).map(format)).toEqual([
      `steps/${final}/ui.json /ui:options/labels/applicationType/0: "basic.aplication_type" is not a field of any step (did you mean basic.application_type?)`,
      `steps/${final}/ui.json /ui:options/labels/ownerType/from/0: "owner.first_name" has no options to take labels from`,
    ]);
  });

  it('a label that claims more than its answer asks (issue 26): a subject of another question, or an added alternative', () => {
    const lint = formsLintInput();
    const manulife = lint.mappings.manulife;
    const [a, b] = fieldAt(manulife, 'lifestyle.lifestyle_data_{n}.tobacco_last_12_months');
    manulife.sections[a].fields![b].label = 'Used tobacco, nicotine or cannabis products (12 months)';
    const canadaLife = lint.mappings.canada_life;
    const [c, d] = fieldAt(canadaLife, 'proposed-insured.insured_{n}.politically_exposed_person');
    canadaLife.sections[c].fields![d].label = 'Politically exposed person or head of organization';
    // A rewording that claims nothing more passes: French beside English, a noun for the question.
    const [e, f] = fieldAt(lint.mappings.beneva, 'lifestyle.lifestyle_data_{n}.drinks_alcohol');
    lint.mappings.beneva.sections[e].fields![f].label = "Consomme de l'alcool / Drinks alcohol";
    const problems = lintForms(lint).map(format);
    expect(problems).toHaveLength(2);
    const [tobacco, pep] = problems;
    expect(pep).toMatch(
      new RegExp(
        `^forms/canada_life/form.json /sections/${c}/fields/${d}/label: label "Politically exposed person or head of organization" claims .*"head of organization", which "proposed-insured.insured_\\{n\\}.politically_exposed_person" does not ask \\(".*Are you a politically exposed person\\?"\\)`,
      ),
    );
    expect(tobacco).toMatch(
      new RegExp(
        `^forms/manulife/form.json /sections/${a}/fields/${b}/label: label "Used tobacco, nicotine or cannabis products \\(12 months\\)" claims "cannab", "cannabis products", which "lifestyle.lifestyle_data_\\{n\\}.tobacco_last_12_months" does not ask`,
      ),
    );
    expect(tobacco).toContain('name every answer it combines in "answer"');
  });

  it('a questionnaire called for by an answer that is no yes/no question, or by no answer at all', () => {
    const lint = formsLintInput();
    const questionnaires = lint.mappings.sunlife.questionnaires!;
    questionnaires[0].when = ['lifestyle.lifestyle_data_{n}.alcohol_details'];
    questionnaires[1].when = ['lifestyle.lifestyle_data_{n}.drug_use_10_yeras'];
    expect(lintForms(lint).map(format)).toEqual([
      'forms/sunlife/form.json /questionnaires/0/when/0: format yesno needs a true/false answer, but "lifestyle.lifestyle_data_{n}.alcohol_details" is string',
      'forms/sunlife/form.json /questionnaires/1/when/0: answer "lifestyle.lifestyle_data_{n}.drug_use_10_yeras" is not a field of any step (did you mean lifestyle.lifestyle_data_{n}.drug_use_10_years?)',
    ]);
  });

  it('an unknown step, a misspelt repeated path, a payload path, a showIf and a table column', () => {
    const lint = formsLintInput();
    const m = lint.mappings.sunlife;
    const [a, b] = fieldAt(m, 'medical.insured_{n}.physician_name');
    m.sections[a].fields![b].answer = 'medicl.insured_{n}.physician_name';
    const [c, d] = fieldAt(m, 'lifestyle.lifestyle_data_{n}.drinks_alcohol');
    m.sections[c].fields![d].answer = 'lifestyle.lifestyle_data_{n}.drinks_alcohl';
    const [e, f] = fieldAt(m, 'payload.owner_information.owner_info.owner1_sin');
    m.sections[e].fields![f].answer = 'payload.owner_information.owner_info.owner1_sn';
    m.sections[e].showIf = 'tax-informaton';
    const [g, h] = fieldAt(
      m,
      'payload.insurance_history_information.insured_{n}.insurance_history_data.existing_insurance_entries',
    );
    m.sections[g].fields![h].columns![0].answer = 'compny';
    expect(lintForms(lint).map(format)).toEqual(
      [
        `forms/sunlife/form.json /sections/${c}/fields/${d}: answer "lifestyle.lifestyle_data_{n}.drinks_alcohl" is not a field of any step (did you mean lifestyle.lifestyle_data_{n}.drinks_alcohol?)`,
        `forms/sunlife/form.json /sections/${a}/fields/${b}: answer "medicl.insured_{n}.physician_name" is not a field of any step (did you mean medical.insured_{n}.physician_name?)`,
        `forms/sunlife/form.json /sections/${g}/fields/${h}/columns/0: column "compny" is not a field of the rows of "payload.insurance_history_information.insured_{n}.insurance_history_data.existing_insurance_entries" (did you mean company?)`,
        `forms/sunlife/form.json /sections/${e}/showIf: showIf "tax-informaton" is not a field of any step (did you mean tax-information?)`,
        `forms/sunlife/form.json /sections/${e}/fields/${f}: answer "payload.owner_information.owner_info.owner1_sn" is not a field of the generation payload (did you mean payload.owner_information.owner_info.owner1_sin?)`,
      ].sort((x, y) => problemOrder(x) - problemOrder(y)),
    );
  });

  it("a format that does not suit the answer, an option that is not a value, and the mapping's shape", () => {
    const lint = formsLintInput();
    const m = lint.mappings.beneva;
    const [a, b] = fieldAt(m, 'proposed-insured.insured_{n}.occupation');
    m.sections[a].fields![b].format = 'money';
    const [c, d] = fieldAt(m, 'proposed-insured.insured_{n}.marital_status');
    m.sections[c].fields![d].options = { married: 'Marié(e)', maried: 'typo' };
    (m.sections[0] as unknown as Record<string, unknown>).colour = 'red';
    lint.mappings.canada_life.sections[0].fields![0].format = 'date' as never;
    lint.mappings.canada_life.sections[0].fields![0].answer = 'basic.speaks_english_french';
    const problems = lintForms(lint).map(format);
    expect(problems).toContain('forms/beneva/form.json /sections/0: unknown key "colour"');
    expect(problems).toContain(
      'forms/canada_life/form.json /sections/0/fields/0: format date needs a text date, but "basic.speaks_english_french" is boolean',
    );
    const fixed = formsLintInput();
    fixed.mappings.beneva.sections[a].fields![b].format = 'money';
    fixed.mappings.beneva.sections[c].fields![d].options = { married: 'Marié(e)', maried: 'typo' };
    expect(lintForms(fixed).map(format).sort()).toEqual(
      [
        `forms/beneva/form.json /sections/${a}/fields/${b}: format money needs a number, but "proposed-insured.insured_{n}.occupation" is string`,
        `forms/beneva/form.json /sections/${c}/fields/${d}/options/maried: option "maried" is not a value of "proposed-insured.insured_{n}.marital_status" (values: single, married, divorced, widowed, separated, common_law)`,
      ].sort(),
    );
  });

  it('a missing block and an insurer without a mapping; a step with no answer mapped is only a note (its answers print under "Other answers")', () => {
    const lint = formsLintInput();
    const m = lint.mappings.manulife;
    m.sections = m.sections.filter((s) => s.block !== 'beneficiaries' && !(s.showIf === 'multi-owner'));
    delete lint.mappings.canada_life;
    expect(lintForms(lint).map(format)).toEqual([
      'forms/manulife/form.json /sections: needs a section with "block": "beneficiaries"',
      'forms/ /: no mapping for insurer "CANADA_LIFE" (expected forms/canada_life/form.json)',
    ]);
    const notes = formNotes({
      ...lint,
      stepUis: Object.fromEntries(definitions.order.map((id) => [id, definitions.steps[id].ui])),
    }).filter((n) => n.file === 'forms/manulife/form.json' && n.answer.startsWith('multi-owner.'));
    expect(notes.map((n) => n.answer)).toContain('multi-owner.owner1_successor_first_name');
    expect(notes.every((n) => n.section === undefined)).toBe(true);
  });

  it('template fields that are neither mapped nor ignored, and acroFields the template lacks', () => {
    const lint = formsLintInput();
    const m = lint.mappings.bmo;
    const [a, b] = fieldAt(m, 'proposed-insured.insured_{n}.last_name');
    m.sections[a].fields![b].acroField = 'pi{n}_last_name';
    const [c, d] = fieldAt(m, 'plan-details.illustration_status');
    m.sections[c].fields![d].acroField = 'illustraton';
    m.ignoredFields = ['office_use', 'not_in_template'];
    m.appendLayout = true;
    lint.templateFields.bmo = ['pi1_last_name', 'pi2_last_name', 'illustration', 'office_use', 'signature_date'];
    expect(lintForms(lint).map(format)).toEqual([
      `forms/bmo/form.json /sections/${c}/fields/${d}/acroField: acroField "illustraton" is not a field of forms/bmo/template.pdf (did you mean illustration?)`,
      'forms/bmo/template.pdf /illustration: template field "illustration" is neither mapped (acroField in forms/bmo/form.json) nor listed under ignoredFields',
      'forms/bmo/template.pdf /signature_date: template field "signature_date" is neither mapped (acroField in forms/bmo/form.json) nor listed under ignoredFields',
      'forms/bmo/form.json /ignoredFields/1: ignored field "not_in_template" is not a field of forms/bmo/template.pdf',
    ]);
  });
});

/** Problems come out section by section, fields before the section's showIf only when earlier: sort by pointer. */
function problemOrder(line: string): number {
  const m = /\/sections\/(\d+)(?:\/fields\/(\d+))?/.exec(line);
  return m ? Number(m[1]) * 1000 + (m[2] ? Number(m[2]) + 1 : 0) : 0;
}

describe('an AcroForm template', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'forms-template-'));
    cpSync('forms', dir, { recursive: true });
    const bmo = JSON.parse(readFileSync(join(dir, 'bmo', 'form.json'), 'utf8')) as FormMapping;
    const set = (answer: string, acroField: string): void => {
      const [i, j] = fieldAt(bmo, answer);
      bmo.sections[i].fields![j].acroField = acroField;
    };
    set('proposed-insured.insured_{n}.last_name', 'pi{n}_last_name');
    set('proposed-insured.insured_{n}.is_smoker', 'pi{n}_smoker');
    set('payload.owner_information.owner_info.owner1_sin', 'owner1_sin');
    set('plan-details.illustration_status', 'illustration');
    bmo.ignoredFields = ['office_use'];
    bmo.appendLayout = true;
    writeFileSync(join(dir, 'bmo', 'form.json'), JSON.stringify(bmo, null, 2));

    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    page.drawText('BMO Insurance - official application form (test template)', { x: 40, y: 740, size: 12, font });
    const form = doc.getForm();
    let y = 700;
    for (const name of ['pi1_last_name', 'pi2_last_name', 'owner1_sin', 'office_use']) {
      form.createTextField(name).addToPage(page, { x: 40, y: (y -= 40), width: 200, height: 20 });
    }
    for (const name of ['pi1_smoker', 'pi2_smoker'])
      form.createCheckBox(name).addToPage(page, { x: 300, y: (y -= 30), width: 12, height: 12 });
    const choice = form.createDropdown('illustration');
    choice.addOptions(['Illustration attached', specText('plan-details.illustration_status.enumNames.not_completed')]);
    choice.addToPage(page, { x: 40, y: (y -= 40), width: 200, height: 20 });
    writeFileSync(join(dir, 'bmo', 'template.pdf'), await doc.save());
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes forms:check when every template field is mapped or ignored', async () => {
    expect((await checkFormsDir(dir, 'steps')).map(format)).toEqual([]);
  });

  it('fails forms:check for a template field neither mapped nor ignored', async () => {
    const bmo = JSON.parse(readFileSync(join(dir, 'bmo', 'form.json'), 'utf8')) as FormMapping;
    const broken = mkdtempSync(join(tmpdir(), 'forms-broken-'));
    try {
      cpSync(dir, broken, { recursive: true });
      writeFileSync(join(broken, 'bmo', 'form.json'), JSON.stringify({ ...bmo, ignoredFields: [] }));
      expect((await checkFormsDir(broken, 'steps')).map((p) => `${p.path}: ${p.message}`)).toEqual([
        `/office_use: template field "office_use" is neither mapped (acroField in ${broken}/bmo/form.json) nor listed under ignoredFields`,
      ]);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it('is filled by field name, and the generated pages follow it', async () => {
    const form = loadForms(dir, definitions).get('BMO')!;
    expect(form.template).toBeDefined();
    const source = prepareGeneration(engine, fullApplication(), { populateForms: ['BMO'] });
    const bytes = (await renderApplication({ form, source, labels, generatedAt: new Date('2026-06-01T12:00:00Z') }))
      .bytes;
    const doc = await PDFDocument.load(bytes);
    const filled = doc.getForm();
    expect(filled.getTextField('pi1_last_name').getText()).toBe('Mehta');
    expect(filled.getTextField('pi2_last_name').getText()).toBe('Mehta');
    expect(filled.getTextField('owner1_sin').getText()).toBe('046 454 286');
    expect(filled.getTextField('office_use').getText()).toBeUndefined();
    expect(filled.getCheckBox('pi1_smoker').isChecked()).toBe(true);
    expect(filled.getCheckBox('pi2_smoker').isChecked()).toBe(false);
    expect(filled.getDropdown('illustration').getSelected()).toEqual(['Illustration attached']);
    expect(doc.getPageCount()).toBeGreaterThan(5);
    const text = pdfText(bytes);
    expect(text.indexOf('official application form (test template)')).toBeLessThan(
      text.indexOf('Part A - Application details'),
    );
  });
});
