import { PDFDocument } from 'pdf-lib';
import { fieldValue } from './fieldValue.ts';
import { fillTemplate } from './fillTemplate.ts';
import { answerLines, labelOf, titleCase } from '../../engine/index.ts';
import { isObject } from './answerValues.ts';
import { answersOf, hasAnswer, readAnswer, withN, type AnswerSource } from './answerPaths.ts';
import { ENGLISH, formatMoney, formatValue, type DocumentLocale } from './formatValue.ts';
import type { GenerationLabels } from './generationLabels.ts';
import { embedFonts } from './embedFonts.ts';
import { PageWriter, hexColor, type Cell, type SignatureBox } from './pageWriter.ts';
import type { AdviserProfile, FormField, FormMapping, LoadedForm, PayloadBeneficiary, PlanOption } from './types.ts';

export interface RenderInput {
  /** The insurer's mapping (compiled by loadForms) and optional template. */
  form: LoadedForm;
  /** The application data (engine values) and the payload built from it. */
  source: AnswerSource;
  labels: GenerationLabels;
  /** When the documents were generated; printed on every page. */
  generatedAt: Date;
  /** The application's number, printed in every footer (never an internal client id). */
  applicationNumber?: string;
  /** The adviser who signs it (the generation context's `$context.adviser`); blank lines to fill in without one. */
  adviser?: AdviserProfile;
}

/**
 * The insurer's word for one of the texts every form prints (`wording` in its mapping, in the document's language),
 * else the text in the document's language (api/texts), which in English is the text itself.
 */
type Words = (text: string) => string;
export const wordsOf =
  (mapping: FormMapping, locale: DocumentLocale = ENGLISH): Words =>
  (text) =>
    mapping.wording?.[text] ?? locale.words(text);

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

const shows = (source: AnswerSource, path: string | undefined, n: number | undefined): boolean =>
  !path || hasAnswer(readAnswer(source, withN(path, n)));

/** An insured's name as the summary document writes it ("First M. Last"), empty when there is none. */
function insuredName(source: AnswerSource, i: 1 | 2): string {
  return (i === 1 ? source.names.primary_insured : source.names.secondary_insured) ?? '';
}

function plansOf(source: AnswerSource, labels: GenerationLabels): { rows: string[][]; total: number } {
  const { lang, words } = source.locale ?? ENGLISH;
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
      option.face_amount === null ? '' : formatMoney(option.face_amount, lang),
    ]);
  };
  for (const o of single ?? [])
    // The plan table's own words, in the document's language (not the insurer's wording of its section titles).
    add(
      o,
      labels.result.singleLife,
      words(o.proposed_insured_1 === false ? 'Proposed insured 2' : 'Proposed insured 1'),
    );
  for (const o of joint ?? [])
    add(
      o,
      labels.result.jointPlan,
      labels.coverageType[String(o.coverage_type ?? '')] ?? titleCase(String(o.coverage_type ?? '')),
    );
  return { rows, total };
}

function drawPlans(w: PageWriter, source: AnswerSource, labels: GenerationLabels, t: Words): void {
  const { rows, total } = plansOf(source, labels);
  w.table(
    [
      { label: t('No.'), width: 0.06 },
      { label: t('Plan type'), width: 0.14 },
      { label: t('Product type'), width: 0.16 },
      { label: t('Plan'), width: 0.22 },
      { label: t('Coverage'), width: 0.22 },
      { label: t('Face amount'), width: 0.2, align: 'right' },
    ],
    [...rows, ['', '', '', '', t('Total face amount'), formatMoney(total, source.locale?.lang)]],
    { boldLastRow: true },
  );
}

function drawBeneficiaries(w: PageWriter, source: AnswerSource, t: Words): void {
  const designation = source.payload.beneficiary_designation;
  const columns = [
    { label: t('No.'), width: 0.06 },
    { label: t('Full name'), width: 0.24 },
    { label: t('Relationship'), width: 0.13 },
    { label: t('Date of birth'), width: 0.12 },
    { label: t('Share'), width: 0.08, align: 'right' as const },
    { label: t('Designation'), width: 0.12 },
    { label: t('Trustee for a minor'), width: 0.25 },
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
        t(b.is_revocable ? 'Revocable' : 'Irrevocable'),
        b.trustee_name
          ? `${b.trustee_name}${b.trustee_relationship ? ` (${b.trustee_relationship})` : ''}`
          : b.trustee_required
            ? t('Trustee required')
            : '',
      ]);
  for (const i of [1, 2] as const) {
    const prefix = `IP${i}_`;
    const primary = rowsOf(designation.primary_beneficiaries, prefix);
    const contingent = rowsOf(designation.contingent_beneficiaries, prefix);
    if (!primary.length && !contingent.length) continue;
    w.caption(`${t('Beneficiaries of proposed insured')} ${i}: ${insuredName(source, i)}`);
    w.caption(t('Primary beneficiaries'));
    w.table(columns, primary.length ? primary : [['', t('None designated'), '', '', '', '', '']]);
    if (contingent.length) {
      w.caption(t('Contingent beneficiaries'));
      w.table(columns, contingent);
    } else {
      w.paragraph(`${t('Contingent beneficiaries')}: ${t('None designated')}.`, 8, w.fonts.italic);
      w.gap(4);
    }
  }
  const trustees = designation.trustee_for_minors;
  if (trustees.primary_beneficiary_full_name || trustees.contingent_beneficiary_full_name) {
    const parts = [
      trustees.primary_beneficiary_full_name
        ? `${t('primary beneficiaries')}: ${trustees.primary_beneficiary_full_name}`
        : '',
      trustees.contingent_beneficiary_full_name
        ? `${t('contingent beneficiaries')}: ${trustees.contingent_beneficiary_full_name}`
        : '',
    ].filter(Boolean);
    w.paragraph(`${t('Trustee for minors')} - ${parts.join('; ')}.`, 8.5);
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
  return rows.map((row) =>
    (field.columns ?? []).map((c) => formatValue(dig(row, c.answer), c.format, c.options, source.locale)),
  );
}

/** A yes/no answer as the insurer prints it: the word, or a ticked box beside Yes or No. */
function yesNo(value: string, raw: unknown, mapping: FormMapping, t: Words): string {
  if (mapping.layout?.yesNo !== 'checkboxes' || typeof raw !== 'boolean') return value;
  return `${raw ? '☒' : '☐'} ${t('Yes')}   ${raw ? '☐' : '☒'} ${t('No')}`;
}

/** A field's answer as the insurer's form prints it: fieldValue, a yes/no as the insurer shows one. */
export function printedValue(
  field: FormField,
  source: AnswerSource,
  n: number | undefined,
  mapping: FormMapping,
): string {
  const printed = fieldValue(field, source, n);
  return field.format === 'yesno'
    ? yesNo(printed, readAnswer(source, withN(answersOf(field)[0], n)), mapping, wordsOf(mapping, source.locale))
    : printed;
}

function drawFields(
  w: PageWriter,
  section: { fields: FormField[]; number: number },
  source: AnswerSource,
  n: number | undefined,
  mapping: FormMapping,
): void {
  const style = mapping.layout?.fields ?? 'boxes';
  let cells: Cell[] = [];
  let question = 0;
  const flush = (): void => {
    if (!cells.length) return;
    if (style === 'boxes') w.cells(cells);
    else
      w.lines(
        cells.map((c) => ({
          label: c.label,
          value: c.value,
          ...(style === 'questions'
            ? {
                number:
                  mapping.layout?.numbering === 'letter'
                    ? `${String.fromCharCode(64 + ((section.number - 1) % 26) + 1)}${++question}`
                    : `${section.number}.${++question}`,
              }
            : {}),
        })),
        style === 'questions' ? 0.58 : 0.42,
      );
    cells = [];
  };
  for (const field of section.fields) {
    if (!shows(source, field.showIf, n)) continue;
    if (field.format === 'table') {
      flush();
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
        w.paragraph(wordsOf(mapping, source.locale)('None.'), 8, w.fonts.italic);
        w.gap(4);
      }
      continue;
    }
    const value = printedValue(field, source, n, mapping);
    cells.push({ label: field.label, value, span: spanOf(field, value) });
  }
  flush();
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
          ? formatMoney(line.value, source.locale?.lang)
          : typeof line.value === 'boolean'
            ? // A yes/no without labels of its own is the engine's "Yes"/"No": in the document's language.
              (source.locale ?? ENGLISH).words(labelOf(step.definition, line.path, line.value))
            : labelOf(step.definition, line.path, line.value);
      const label = line.titles.join(' — ');
      cells.push({ label, value, span: value.length > 40 || label.length > 110 ? 12 : 6 });
    }
    if (cells.length) groups.push({ title: step.title, cells });
  }
  return groups;
}

function drawOtherAnswers(w: PageWriter, groups: OtherAnswersGroup[], t: Words): void {
  if (!groups.length) return;
  w.heading(t(OTHER_ANSWERS_TITLE), t('Answers of the screening that this form does not ask for elsewhere.'));
  for (const group of groups) {
    w.caption(group.title);
    w.cells(group.cells);
    w.gap(6);
  }
  w.endSection();
}

/**
 * The insurer's questionnaires the answers call for (`questionnaires` in its mapping): each whose `when` answers
 * hold a Yes, once per insured it concerns, named with the insured ("Alcohol Questionnaire (NN0612E) - proposed
 * insured 1: Arjun K. Mehta"). Listed on the form's first page and in the generation result.
 */
export function questionnairesToAttach(mapping: FormMapping, source: AnswerSource): string[] {
  const t = wordsOf(mapping, source.locale);
  const out: string[] = [];
  for (const q of mapping.questionnaires ?? []) {
    for (const n of q.each ? q.each.map((e) => e.n) : [undefined]) {
      if (!q.when.some((path) => readAnswer(source, withN(path, n)) === true)) continue;
      const who = n === 1 || n === 2 ? insuredName(source, n) : '';
      out.push(n === undefined ? q.title : `${q.title} - ${t(`Proposed insured ${n}`)}${who ? `: ${who}` : ''}`);
    }
  }
  return out;
}

/** The left part of every footer: the mapping's `layout.footer` with its placeholders filled. */
function footerOf(mapping: FormMapping, applicationNumber: string | undefined, t: Words): string {
  const template =
    mapping.layout?.footer ??
    `{insurer}{formNumber? - ${t('Form')} }{formNumber}{application? - ${t('Application')} }{application}`;
  const values: Record<string, string> = {
    insurer: mapping.displayName,
    formNumber: mapping.formNumber ?? '',
    edition: mapping.layout?.edition ?? '',
    application: applicationNumber ?? '',
  };
  return template
    .replace(/\{(\w+)\?([^}]*)\}/g, (_, key: string, text: string) => (values[key] ? text : ''))
    .replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

/** The adviser's section: name, licence, agency and this insurer's adviser code, blank lines without a profile. */
function drawAdviser(w: PageWriter, mapping: FormMapping, adviser: AdviserProfile | undefined, t: Words): void {
  w.heading(t('Adviser'), undefined, 60);
  const licence = [
    adviser?.licence_number,
    adviser?.licence_provinces?.length ? `(${adviser.licence_provinces.join(', ')})` : '',
  ]
    .filter(Boolean)
    .join(' ');
  w.cells([
    { label: t('Adviser name'), value: adviser?.full_name ?? '', span: 6 },
    { label: t('Adviser code'), value: adviser?.codes?.[mapping.insurer] ?? '', span: 6 },
    { label: t('Licence number'), value: licence, span: 6 },
    { label: t('Agency or MGA'), value: adviser?.agency ?? '', span: 6 },
  ]);
  w.endSection();
}

/** Where each signer signs one application: the signer's id (as signing.json names it) and its box on a page. */
export interface SignatureBlock extends SignatureBox {
  signer: string;
}

/** One insurer's application: its PDF bytes and the box where each signer signs (pages counted from 1). */
export interface RenderedApplication {
  bytes: Uint8Array;
  signatureBlocks: SignatureBlock[];
}

async function renderPages(input: RenderInput): Promise<{ doc: PDFDocument; signatureBlocks: SignatureBlock[] }> {
  const { form, source, labels, generatedAt } = input;
  const mapping = form.mapping;
  const t = wordsOf(mapping, source.locale);
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc);
  const formLine = [mapping.formNumber ? `${t('Form')} ${mapping.formNumber}` : '', mapping.layout?.edition ?? '']
    .filter(Boolean)
    .join(' - ');
  const w = new PageWriter(
    doc,
    fonts,
    {
      insurer: mapping.displayName,
      formTitle: mapping.formTitle,
      formLine,
      style: mapping.layout?.header,
      continued: t('continued'),
    },
    hexColor(mapping.accentColor),
  );
  w.newPage();

  const insured1 = insuredName(source, 1);
  const insured2 = insuredName(source, 2);
  w.title(
    mapping.formTitle,
    `${mapping.displayName} - ${t('prefilled application generated')} ${stamp(generatedAt)}`,
    mapping.intro,
  );
  // The rows come from the summary document (summary.json); the insurer words their labels.
  w.summary([
    ...source.names.cover.map((row): [string, string] => [
      t(row.label),
      row.value === null
        ? ''
        : row.format === 'money'
          ? formatMoney(Number(row.value), source.locale?.lang)
          : String(row.value),
    ]),
    [t('Generated on'), stamp(generatedAt)],
  ]);
  const questionnaires = questionnairesToAttach(mapping, source);
  if (questionnaires.length) {
    w.heading(t('Questionnaires to attach'), undefined, 20);
    w.lines(
      questionnaires.map((q, i) => ({ number: String(i + 1), label: q, value: '☐' })),
      0.9,
    );
    w.endSection();
  }

  let number = 0;
  for (const printed of printedSections(mapping, source)) {
    const section = mapping.sections[printed.index];
    w.heading(printed.title, section.note);
    if (section.fields?.length) drawFields(w, { fields: section.fields, number: ++number }, source, printed.n, mapping);
    if (section.block === 'plans') drawPlans(w, source, labels, t);
    if (section.block === 'beneficiaries') drawBeneficiaries(w, source, t);
    w.endSection();
  }
  drawOtherAnswers(w, otherAnswers(form, source), t);
  drawAdviser(w, mapping, input.adviser, t);

  w.heading(t('Declaration and signatures'), undefined, 90);
  if (mapping.declaration) w.paragraph(mapping.declaration, 8.5);
  // Who signs comes from the summary document (summary.json); the insurer words the labels.
  const signers = source.names.signers;
  const boxes = w.signatures(
    signers.map((s) => (s.name ? `${t(s.label)}: ${s.name}` : t(s.label))),
    t('Date (YYYY-MM-DD)'),
  );
  w.endSection();

  w.finish(footerOf(mapping, input.applicationNumber, t), (page, pages) => `${t('Page')} ${page} ${t('of')} ${pages}`);
  doc.setTitle(`${mapping.displayName} - ${mapping.formTitle} - ${insured1}`);
  doc.setAuthor('Insure wizard');
  doc.setSubject(
    t('Prefilled {form} for {names}')
      .replace('{form}', mapping.formTitle)
      .replace('{names}', [insured1, insured2].filter(Boolean).join(` ${t('and')} `)),
  );
  doc.setKeywords([mapping.insurer, 'life insurance application']);
  doc.setCreator('Insure wizard');
  doc.setProducer('Insure wizard (pdf-lib)');
  doc.setCreationDate(generatedAt);
  doc.setModificationDate(generatedAt);
  return { doc, signatureBlocks: boxes.map((box, i) => ({ signer: signers[i].id, ...box })) };
}

/**
 * One insurer's prefilled application as PDF bytes: real text in DejaVu Sans, subset and embedded (searchable, every
 * character as typed), paged, every page headed with the insurer's name and numbered. When the insurer supplies its
 * own fillable application (forms/<insurer>/template.pdf), that is filled by field name instead; with
 * `appendLayout`, the drawn pages follow it. Also answers where each signer of summary.json's `signers` signs (the
 * drawn pages' signature lines, counted after the template's pages; none for a template alone).
 * @example const { bytes, signatureBlocks } = await renderApplication({ form, source, labels, generatedAt: new Date() });
 */
export async function renderApplication(input: RenderInput): Promise<RenderedApplication> {
  const { form } = input;
  if (!form.template) {
    const { doc, signatureBlocks } = await renderPages(input);
    return { bytes: await doc.save(), signatureBlocks };
  }
  const filled = await fillTemplate(form.template, form.mapping, input.source);
  filled.setTitle(`${form.mapping.displayName} - ${form.mapping.formTitle}`);
  let signatureBlocks: SignatureBlock[] = [];
  if (form.mapping.appendLayout) {
    const offset = filled.getPageCount();
    const generated = await renderPages(input);
    const pages = await filled.copyPages(generated.doc, generated.doc.getPageIndices());
    for (const page of pages) filled.addPage(page);
    filled.setTitle(generated.doc.getTitle() ?? form.mapping.displayName);
    signatureBlocks = generated.signatureBlocks.map((block) => ({ ...block, page: block.page + offset }));
  }
  return { bytes: await filled.save(), signatureBlocks };
}

/** Several documents one after the other in one PDF (the download of all chosen insurers). */
export async function mergePdfs(
  documents: Uint8Array[],
  title = 'Prefilled life insurance applications',
): Promise<Uint8Array> {
  if (documents.length === 1) return documents[0];
  const merged = await PDFDocument.create();
  for (const bytes of documents) {
    // Each document is copied in its own turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    const doc = await PDFDocument.load(bytes);
    const pages = await merged.copyPages(doc, doc.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  merged.setTitle(title);
  merged.setCreator('Insure wizard');
  return merged.save();
}
