import { PDFCheckBox, PDFDocument, PDFDropdown, PDFOptionList, PDFRadioGroup, PDFTextField } from 'pdf-lib';
import { answerLines, labelOf, titleCase } from '../../engine/index.ts';
import { isObject } from './answerValues.ts';
import { answersOf, hasAnswer, readAnswer, withN, type AnswerSource } from './answerPaths.ts';
import { formatMoney, formatValue } from './formatValue.ts';
import type { GenerationLabels } from './generationLabels.ts';
import { embedFonts } from './embedFonts.ts';
import { PageWriter, hexColor, type Cell } from './pageWriter.ts';
import type { FormField, FormMapping, LoadedForm, OwnerParty, PayloadBeneficiary, PlanOption } from './types.ts';

export interface RenderInput {
  /** The insurer's mapping (compiled by loadForms) and optional template. */
  form: LoadedForm;
  /** The application data (engine values) and the payload built from it. */
  source: AnswerSource;
  labels: GenerationLabels;
  /** When the documents were generated; printed on every page. */
  generatedAt: Date;
}

/** `2025-11-22 14:05 UTC`. */
export function stamp(date: Date): string {
  return `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 16)} UTC`;
}

/** Default cell widths (twelfths): short answers a third, text a half, long text the whole row. */
function spanOf(field: FormField, value: string): number {
  const preferred = field.width === 'full' ? 12 : field.width === 'half' ? 6 : field.width === 'third' ? 4 : undefined;
  const auto =
    value.length > 70 ? 12 : value.length > 28 || ((field.format ?? 'text') === 'text' && value.length > 18) ? 6 : 4;
  return Math.max(preferred ?? 0, auto);
}

/** The printed value of a field for repeat number n. */
export function fieldValue(field: FormField, source: AnswerSource, n: number | undefined): string {
  const answers = answersOf(field).map((a) => readAnswer(source, withN(a, n)));
  if (answers.length > 1)
    return answers
      .map((v) => formatValue(v))
      .filter(Boolean)
      .join(field.separator ?? ' ');
  return formatValue(answers[0], field.format, field.options);
}

const shows = (source: AnswerSource, path: string | undefined, n: number | undefined): boolean =>
  !path || hasAnswer(readAnswer(source, withN(path, n)));

function partyName(party: OwnerParty | null | undefined): string {
  return party?.full_name ?? '';
}

function insuredName(source: AnswerSource, i: 1 | 2): string {
  const info = source.payload.proposed_insured_information[`proposed_insured_information_${i}`];
  if (!info) return '';
  const m =
    typeof info.middle_name === 'string' && info.middle_name
      ? info.middle_name.length === 1
        ? `${info.middle_name}.`
        : info.middle_name
      : '';
  return [info.first_name, m, info.last_name].filter((s) => typeof s === 'string' && s).join(' ');
}

function plansOf(source: AnswerSource, labels: GenerationLabels): { rows: string[][]; total: number } {
  const { single_life_options: single, joint_plan_options: joint } = source.payload.plan_details;
  const rows: string[][] = [];
  let total = 0;
  const add = (option: PlanOption, type: string, cover: string): void => {
    total += option.face_amount ?? 0;
    rows.push([
      String(option.option_number),
      type,
      labels.productType[option.product_type ?? ''] ?? titleCase(option.product_type ?? ''),
      labels.planName[option.plan_name ?? ''] ?? titleCase(option.plan_name ?? ''),
      cover,
      option.face_amount === null ? '' : formatMoney(option.face_amount),
    ]);
  };
  for (const o of single ?? [])
    add(o, labels.result.singleLife, o.proposed_insured_1 === false ? 'Proposed insured 2' : 'Proposed insured 1');
  for (const o of joint ?? [])
    add(
      o,
      labels.result.jointPlan,
      labels.coverageType[String(o.coverage_type ?? '')] ?? titleCase(String(o.coverage_type ?? '')),
    );
  return { rows, total };
}

function drawPlans(w: PageWriter, source: AnswerSource, labels: GenerationLabels): void {
  const { rows, total } = plansOf(source, labels);
  w.table(
    [
      { label: 'No.', width: 0.06 },
      { label: 'Plan type', width: 0.14 },
      { label: 'Product', width: 0.16 },
      { label: 'Plan', width: 0.22 },
      { label: 'Coverage', width: 0.22 },
      { label: 'Face amount', width: 0.2, align: 'right' },
    ],
    [...rows, ['', '', '', '', 'Total face amount', formatMoney(total)]],
    { boldLastRow: true },
  );
}

function drawBeneficiaries(w: PageWriter, source: AnswerSource): void {
  const designation = source.payload.beneficiary_designation;
  const columns = [
    { label: 'No.', width: 0.06 },
    { label: 'Full name', width: 0.24 },
    { label: 'Relationship', width: 0.13 },
    { label: 'Date of birth', width: 0.12 },
    { label: 'Share', width: 0.08, align: 'right' as const },
    { label: 'Designation', width: 0.12 },
    { label: 'Trustee for a minor', width: 0.25 },
  ];
  const rowsOf = (list: Record<string, PayloadBeneficiary>, prefix: string): string[][] =>
    Object.entries(list)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, b]) => [
        key.slice(prefix.length),
        b.full_name ?? '',
        b.relationship ? titleCase(b.relationship) : '',
        b.date_of_birth ?? '',
        b.share_percentage === null ? '' : `${Number(b.share_percentage.toFixed(2))}%`,
        b.is_revocable ? 'Revocable' : 'Irrevocable',
        b.trustee_name
          ? `${b.trustee_name}${b.trustee_relationship ? ` (${b.trustee_relationship})` : ''}`
          : b.trustee_required
            ? 'Trustee required'
            : '',
      ]);
  for (const i of [1, 2] as const) {
    const prefix = `IP${i}_`;
    const primary = rowsOf(designation.primary_beneficiaries, prefix);
    const contingent = rowsOf(designation.contingent_beneficiaries, prefix);
    if (!primary.length && !contingent.length) continue;
    w.caption(`Beneficiaries of proposed insured ${i}: ${insuredName(source, i)}`);
    w.caption('Primary beneficiaries');
    w.table(columns, primary.length ? primary : [['', 'None designated', '', '', '', '', '']]);
    if (contingent.length) {
      w.caption('Contingent beneficiaries');
      w.table(columns, contingent);
    } else {
      w.paragraph('Contingent beneficiaries: none designated.', 8, w.fonts.italic);
      w.gap(4);
    }
  }
  const trustees = designation.trustee_for_minors;
  if (trustees.primary_beneficiary_full_name || trustees.contingent_beneficiary_full_name) {
    const parts = [
      trustees.primary_beneficiary_full_name ? `primary beneficiaries: ${trustees.primary_beneficiary_full_name}` : '',
      trustees.contingent_beneficiary_full_name
        ? `contingent beneficiaries: ${trustees.contingent_beneficiary_full_name}`
        : '',
    ].filter(Boolean);
    w.paragraph(`Trustee for minors - ${parts.join('; ')}.`, 8.5);
    w.gap(4);
  }
}

function tableOf(field: FormField, source: AnswerSource, n: number | undefined): string[][] {
  const rows = readAnswer(source, withN(answersOf(field)[0], n));
  if (!Array.isArray(rows)) return [];
  const dig = (row: unknown, path: string): unknown =>
    path
      .split('.')
      .reduce<unknown>(
        (cur, k) => (cur !== null && typeof cur === 'object' ? (cur as Record<string, unknown>)[k] : undefined),
        row,
      );
  return rows.map((row) => (field.columns ?? []).map((c) => formatValue(dig(row, c.answer), c.format, c.options)));
}

function drawFields(w: PageWriter, fields: FormField[], source: AnswerSource, n: number | undefined): void {
  let cells: Cell[] = [];
  for (const field of fields) {
    if (!shows(source, field.showIf, n)) continue;
    if (field.format === 'table') {
      w.cells(cells);
      cells = [];
      const rows = tableOf(field, source, n);
      w.caption(field.label);
      if (rows.length) {
        w.table(
          (field.columns ?? []).map((c) => ({
            label: c.label,
            width: c.format === 'money' ? 1.3 : c.format === 'text' || !c.format ? 2 : 1,
            align: c.format === 'money' || c.format === 'percent' ? ('right' as const) : ('left' as const),
          })),
          rows,
        );
      } else {
        w.paragraph('None.', 8, w.fonts.italic);
        w.gap(4);
      }
      continue;
    }
    const value = fieldValue(field, source, n);
    cells.push({ label: field.label, value, span: spanOf(field, value) });
  }
  w.cells(cells);
}

/** The sections of a mapping as they will print: each repetition that shows, with its title. */
export function printedSections(
  mapping: FormMapping,
  source: AnswerSource,
): { title: string; n: number | undefined; index: number }[] {
  const out: { title: string; n: number | undefined; index: number }[] = [];
  mapping.sections.forEach((section, index) => {
    for (const n of section.each ? section.each.map((e) => e.n) : [undefined]) {
      if (!shows(source, section.showIf, n)) continue;
      const visibleFields = (section.fields ?? []).some((f) => shows(source, f.showIf, n));
      if (!section.block && !visibleFields) continue;
      out.push({ title: withN(section.title, n), n, index });
    }
  });
  return out;
}

/** The heading of the closing section that holds every answer the mapping does not place. */
export const OTHER_ANSWERS_TITLE = 'Other answers';

/** One step's answers that the mapping does not place, under the step's flow title. */
export interface OtherAnswersGroup {
  title: string;
  cells: Cell[];
}

/**
 * The answers of the applying steps that the insurer's mapping does not place, step by step in flow order and
 * field by field in form order, labelled from ui.json ("Primary Beneficiary 2 — Full Name"), values as the adviser
 * saw them. Only what counts as an answer (hasAnswer) is listed; the source data is the engine's view, so steps
 * that do not apply and hidden fields are already absent.
 */
export function otherAnswers(form: LoadedForm, source: AnswerSource): OtherAnswersGroup[] {
  const groups: OtherAnswersGroup[] = [];
  for (const step of form.others.steps) {
    const record = source.data[step.id];
    if (!isObject(record)) continue;
    const cells: Cell[] = [];
    for (const line of answerLines(step.definition, record, (f) => !form.others.placed.has(`${step.id}.${f.path}`))) {
      if (!hasAnswer(line.value)) continue;
      const value =
        line.field.widget === 'money' && typeof line.value === 'number'
          ? formatMoney(line.value)
          : labelOf(step.definition, line.path, line.value);
      const label = line.titles.join(' — ');
      cells.push({ label, value, span: value.length > 40 || label.length > 110 ? 12 : 6 });
    }
    if (cells.length) groups.push({ title: step.title, cells });
  }
  return groups;
}

function drawOtherAnswers(w: PageWriter, groups: OtherAnswersGroup[]): void {
  if (!groups.length) return;
  w.heading(OTHER_ANSWERS_TITLE, 'Answers of the screening that this form does not ask for elsewhere.');
  for (const group of groups) {
    w.caption(group.title);
    w.cells(group.cells);
    w.gap(6);
  }
  w.endSection();
}

async function renderPages(input: RenderInput): Promise<PDFDocument> {
  const { form, source, labels, generatedAt } = input;
  const mapping = form.mapping;
  const payload = source.payload;
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc);
  const w = new PageWriter(
    doc,
    fonts,
    { insurer: mapping.displayName, formTitle: mapping.formTitle, formNumber: mapping.formNumber },
    hexColor(mapping.accentColor),
  );
  w.newPage();

  const insured1 = insuredName(source, 1);
  const insured2 = insuredName(source, 2);
  const owners = [partyName(payload.owner_information.owner_info_1), partyName(payload.owner_information.owner_info_2)]
    .filter(Boolean)
    .join(' and ');
  const info = payload.application_info;
  const { total } = plansOf(source, labels);
  w.title(
    mapping.formTitle,
    `${mapping.displayName} - prefilled application generated ${stamp(generatedAt)}`,
    mapping.intro,
  );
  w.summary([
    ['Client', `${insured1}${info.client_id !== null ? ` (client ${info.client_id})` : ''}`],
    ['Application type', labels.applicationType[info.application_type ?? ''] ?? info.application_type ?? ''],
    [
      'Proposed insured 1',
      `${insured1}${payload.proposed_insured_information.proposed_insured_information_1.date_of_birth ? `, born ${String(payload.proposed_insured_information.proposed_insured_information_1.date_of_birth)}` : ''}`,
    ],
    ['Product type', labels.productType[info.product_type ?? ''] ?? titleCase(info.product_type ?? '')],
    [
      'Proposed insured 2',
      insured2
        ? `${insured2}${payload.proposed_insured_information.proposed_insured_information_2?.date_of_birth ? `, born ${String(payload.proposed_insured_information.proposed_insured_information_2.date_of_birth)}` : ''}`
        : labels.result.notSpecified,
    ],
    ['Total face amount', formatMoney(total)],
    [
      'Policy owner',
      `${owners}${owners ? ' - ' : ''}${labels.ownerType[payload.owner_information.type] ?? payload.owner_information.type}`,
    ],
    ['Generated on', stamp(generatedAt)],
  ]);

  for (const printed of printedSections(mapping, source)) {
    const section = mapping.sections[printed.index];
    w.heading(printed.title, section.note);
    if (section.fields?.length) drawFields(w, section.fields, source, printed.n);
    if (section.block === 'plans') drawPlans(w, source, labels);
    if (section.block === 'beneficiaries') drawBeneficiaries(w, source);
    w.endSection();
  }
  drawOtherAnswers(w, otherAnswers(form, source));

  w.heading('Declaration and signatures', undefined, 90);
  if (mapping.declaration) w.paragraph(mapping.declaration, 8.5);
  const signers = [`Proposed insured 1: ${insured1}`];
  if (insured2) signers.push(`Proposed insured 2: ${insured2}`);
  if (payload.owner_information.type === 'other_individual' || payload.owner_information.type === 'corporation')
    signers.push(`Policy owner: ${owners}`);
  signers.push('Advisor');
  w.signatures(signers);
  w.endSection();

  w.finish(
    `${mapping.displayName}${mapping.formNumber ? ` - Form ${mapping.formNumber}` : ''} - prefilled ${stamp(generatedAt)} - client ${info.client_id ?? ''}`,
  );
  doc.setTitle(`${mapping.displayName} - ${mapping.formTitle} - ${insured1}`);
  doc.setAuthor('Insure wizard');
  doc.setSubject(`Prefilled ${mapping.formTitle} for ${[insured1, insured2].filter(Boolean).join(' and ')}`);
  doc.setKeywords([mapping.insurer, 'life insurance application']);
  doc.setCreator('Insure wizard');
  doc.setProducer('Insure wizard (pdf-lib)');
  doc.setCreationDate(generatedAt);
  doc.setModificationDate(generatedAt);
  return doc;
}

/**
 * Fills forms/<name>/template.pdf: each mapped acroField gets its answer (text fields the printed value, check boxes
 * the yes/no answer, choices the value or its label when the template offers it).
 */
async function fillTemplate(template: Uint8Array, input: RenderInput): Promise<PDFDocument> {
  const doc = await PDFDocument.load(template);
  const form = doc.getForm();
  const fonts = await embedFonts(doc);
  for (const section of input.form.mapping.sections) {
    for (const n of section.each ? section.each.map((e) => e.n) : [undefined]) {
      for (const field of section.fields ?? []) {
        if (!field.acroField) continue;
        const target = form.getFieldMaybe(withN(field.acroField, n));
        if (!target) continue;
        const value = fieldValue(field, input.source, n);
        if (target instanceof PDFTextField) target.setText(value);
        else if (target instanceof PDFCheckBox) {
          if (readAnswer(input.source, withN(answersOf(field)[0], n)) === true) target.check();
          else target.uncheck();
        } else if (
          target instanceof PDFDropdown ||
          target instanceof PDFOptionList ||
          target instanceof PDFRadioGroup
        ) {
          const raw = String(readAnswer(input.source, withN(answersOf(field)[0], n)) ?? '');
          const choices = target.getOptions();
          const pick = choices.includes(value) ? value : choices.includes(raw) ? raw : undefined;
          if (pick) target.select(pick);
        }
      }
    }
  }
  form.updateFieldAppearances(fonts.regular);
  return doc;
}

/**
 * One insurer's prefilled application as PDF bytes: real text in DejaVu Sans, subset and embedded (searchable, every character as typed), paged, every page
 * headed with the insurer's name and numbered. With a template (forms/<name>/template.pdf), the filled template comes
 * first and the generated pages follow.
 * @example const bytes = await renderApplicationPdf({ form, source: { data, payload }, labels, generatedAt: new Date() });
 */
export async function renderApplicationPdf(input: RenderInput): Promise<Uint8Array> {
  const generated = await renderPages(input);
  if (!input.form.template) return generated.save();
  const filled = await fillTemplate(input.form.template, input);
  const pages = await filled.copyPages(generated, generated.getPageIndices());
  for (const page of pages) filled.addPage(page);
  filled.setTitle(generated.getTitle() ?? input.form.mapping.displayName);
  return filled.save();
}

/** Several documents one after the other in one PDF (the download of all chosen insurers). */
export async function mergePdfs(documents: Uint8Array[]): Promise<Uint8Array> {
  if (documents.length === 1) return documents[0];
  const merged = await PDFDocument.create();
  for (const bytes of documents) {
    // Each document is copied in its own turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    const doc = await PDFDocument.load(bytes);
    const pages = await merged.copyPages(doc, doc.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  merged.setTitle('Prefilled life insurance applications');
  merged.setCreator('Insure wizard');
  return merged.save();
}
