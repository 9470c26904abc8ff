import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { checkFormsDir } from '../../api/pdf/checkFormsDir.ts';
import { prepareGeneration } from '../../api/pdf/buildPayload.ts';
import { loadForms } from '../../api/pdf/loadForms.ts';
import { renderApplication } from '../../api/pdf/renderPdf.ts';
import type { FormMapping } from '../../api/pdf/types.ts';
import type { DefinitionProblem } from '../../engine/index.ts';
import { definitions, engine, fullApplication, labels, pdfText } from './support.ts';

const format = (p: DefinitionProblem): string => `${p.path || '/'}: ${p.message}`;

/** Manulife's own fillable application, as an insurer would supply it: text fields, date boxes, check boxes, a radio group. */
async function insurerTemplate(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText('Manulife - Life Insurance Application NN1207E (insurer template)', { x: 40, y: 750, size: 11 });
  const form = doc.getForm();
  let y = 720;
  const text = (name: string, width = 180, maxLength?: number): void => {
    const field = form.createTextField(name);
    if (maxLength) field.setMaxLength(maxLength);
    field.addToPage(page, { x: 40, y: (y -= 28), width, height: 18 });
  };
  for (const n of [1, 2]) {
    text(`life${n}_surname`);
    text(`life${n}_given_names`);
    text(`life${n}_dob_yyyy`, 50, 4);
    text(`life${n}_dob_mm`, 30, 2);
    text(`life${n}_dob_dd`, 30, 2);
    for (const box of [`life${n}_sex_m`, `life${n}_sex_f`, `life${n}_smoker_yes`, `life${n}_smoker_no`])
      form
        .createCheckBox(box)
        .addToPage(page, { x: 300 + (box.endsWith('f') || box.endsWith('no') ? 40 : 0), y, width: 12, height: 12 });
    const marital = form.createRadioGroup(`life${n}_marital`);
    ['S', 'M', 'CL', 'D', 'W', 'SEP'].forEach((option, i) =>
      marital.addOptionToPage(option, page, { x: 360 + i * 20, y: (y -= i === 0 ? 20 : 0), width: 12, height: 12 }),
    );
  }
  text('office_use_only');
  text('agent_signature');
  return doc.save();
}

/** The mapping product staff would write for it: every field filled by name, no drawn layout. */
function templateMapping(): FormMapping {
  return {
    $schema: '../_meta/form.schema.json',
    insurer: 'MANULIFE',
    displayName: 'Manulife',
    formTitle: 'Life Insurance Application',
    formNumber: 'NN1207E (11/2024)',
    flatten: false,
    sections: [
      {
        title: 'Life to be insured {n}',
        each: [{ n: 1 }, { n: 2 }],
        showIf: 'payload.proposed_insured_information.proposed_insured_information_{n}',
        fields: [
          { label: 'Surname', answer: 'proposed-insured.insured_{n}.last_name', acroField: 'life{n}_surname' },
          {
            label: 'Given names',
            answer: ['proposed-insured.insured_{n}.first_name', 'proposed-insured.insured_{n}.middle_name'],
            acroField: 'life{n}_given_names',
          },
          {
            label: 'Birth date',
            answer: 'proposed-insured.insured_{n}.date_of_birth',
            format: 'date',
            acroDate: { year: 'life{n}_dob_yyyy', month: 'life{n}_dob_mm', day: 'life{n}_dob_dd' },
          },
          {
            label: 'Sex',
            answer: 'proposed-insured.insured_{n}.gender_sex_at_birth',
            format: 'enum',
            acroChoices: { male: 'life{n}_sex_m', female: 'life{n}_sex_f' },
          },
          {
            label: 'Smoker',
            answer: 'proposed-insured.insured_{n}.is_smoker',
            format: 'yesno',
            acroChoices: { true: 'life{n}_smoker_yes', false: 'life{n}_smoker_no' },
          },
          {
            label: 'Marital status',
            answer: 'proposed-insured.insured_{n}.marital_status',
            format: 'enum',
            acroField: 'life{n}_marital',
            acroOptions: { single: 'S', married: 'M', common_law: 'CL', divorced: 'D', widowed: 'W', separated: 'SEP' },
          },
        ],
      },
    ],
    ignoredFields: ['office_use_only', 'agent_signature'],
  };
}

describe("an insurer's own fillable PDF (AcroForm template)", () => {
  let dir: string;
  const write = async (mapping: FormMapping): Promise<void> => {
    writeFileSync(join(dir, 'manulife', 'form.json'), JSON.stringify(mapping, null, 2));
  };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'forms-acro-'));
    cpSync('forms', dir, { recursive: true });
    writeFileSync(join(dir, 'manulife', 'template.pdf'), await insurerTemplate());
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const generate = async (): Promise<Uint8Array> => {
    const form = loadForms(dir, definitions).get('MANULIFE')!;
    const source = prepareGeneration(engine, fullApplication(), { populateForms: ['MANULIFE'] });
    return (await renderApplication({ form, source, labels, generatedAt: new Date('2026-06-01T12:00:00Z') })).bytes;
  };

  it('passes forms:check when every field is mapped or ignored, with no layout blocks', async () => {
    await write(templateMapping());
    expect((await checkFormsDir(dir, 'steps')).map(format)).toEqual([]);
  });

  it('fills text fields, dates split into boxes, check boxes per value and radio groups by name; reads them back', async () => {
    await write(templateMapping());
    const doc = await PDFDocument.load(await generate());
    expect(doc.getPageCount()).toBe(1); // the insurer's form instead of a drawn layout
    const form = doc.getForm();
    expect(form.getTextField('life1_surname').getText()).toBe('Mehta');
    expect(form.getTextField('life1_given_names').getText()).toBe('Arjun K');
    expect(form.getTextField('life2_given_names').getText()).toBe('Emily R');
    expect(['life1_dob_yyyy', 'life1_dob_mm', 'life1_dob_dd'].map((n) => form.getTextField(n).getText())).toEqual([
      '1979',
      '09',
      '03',
    ]);
    expect(['life2_dob_yyyy', 'life2_dob_mm', 'life2_dob_dd'].map((n) => form.getTextField(n).getText())).toEqual([
      '1982',
      '01',
      '27',
    ]);
    expect(form.getCheckBox('life1_sex_m').isChecked()).toBe(true);
    expect(form.getCheckBox('life1_sex_f').isChecked()).toBe(false);
    expect(form.getCheckBox('life2_sex_f').isChecked()).toBe(true);
    expect(form.getCheckBox('life1_smoker_yes').isChecked()).toBe(true);
    expect(form.getCheckBox('life1_smoker_no').isChecked()).toBe(false);
    expect(form.getCheckBox('life2_smoker_no').isChecked()).toBe(true);
    expect(form.getRadioGroup('life1_marital').getSelected()).toBe('M');
    expect(form.getTextField('office_use_only').getText()).toBeUndefined();
  });

  it('flattens the filled fields into the page when the mapping says so', async () => {
    await write({ ...templateMapping(), flatten: true });
    const bytes = await generate();
    expect((await PDFDocument.load(bytes)).getForm().getFields()).toHaveLength(0);
    const text = pdfText(bytes);
    expect(text).toContain('Mehta');
    expect(text).toContain('1979');
  });

  it('forms:check lists the template fields nothing fills and the mapped names the template lacks', async () => {
    const mapping = templateMapping();
    mapping.ignoredFields = ['office_use_only'];
    mapping.sections[0].fields![2].acroDate = {
      year: 'life{n}_dob_year',
      month: 'life{n}_dob_mm',
      day: 'life{n}_dob_dd',
    };
    await write(mapping);
    const file = `${dir}/manulife`;
    expect((await checkFormsDir(dir, 'steps')).map(format)).toEqual([
      `/sections/0/fields/2/acroDate/year: acroField "life1_dob_year" is not a field of ${file}/template.pdf (did you mean life1_dob_yyyy?)`,
      `/sections/0/fields/2/acroDate/year: acroField "life2_dob_year" is not a field of ${file}/template.pdf (did you mean life2_dob_yyyy?)`,
      `/life1_dob_yyyy: template field "life1_dob_yyyy" is neither mapped (acroField in ${file}/form.json) nor listed under ignoredFields`,
      `/life2_dob_yyyy: template field "life2_dob_yyyy" is neither mapped (acroField in ${file}/form.json) nor listed under ignoredFields`,
      `/agent_signature: template field "agent_signature" is neither mapped (acroField in ${file}/form.json) nor listed under ignoredFields`,
    ]);
  });

  it('forms:check refuses a field with no place in the template unless the drawn layout follows it', async () => {
    const mapping = templateMapping();
    mapping.sections[0].fields!.push({ label: 'Occupation', answer: 'proposed-insured.insured_{n}.occupation' });
    await write(mapping);
    expect((await checkFormsDir(dir, 'steps')).map(format)).toEqual([
      `/sections/0/fields/6: "Occupation" has no field in ${dir}/manulife/template.pdf: give it an acroField (or acroDate, acroChoices), or set "appendLayout": true to print the drawn pages after the template`,
    ]);
  });
});
