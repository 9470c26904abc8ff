import {
  PDFCheckBox,
  PDFDocument,
  PDFDropdown,
  PDFOptionList,
  PDFRadioGroup,
  PDFTextField,
  type PDFForm,
} from 'pdf-lib';
import { answersOf, readAnswer, withN, type AnswerSource } from './answerPaths.ts';
import { embedFonts } from './embedFonts.ts';
import { fieldValue } from './fieldValue.ts';
import type { FormField, FormMapping } from './types.ts';

function setText(form: PDFForm, name: string, value: string): void {
  const target = form.getFieldMaybe(name);
  if (target instanceof PDFTextField) {
    const max = target.getMaxLength();
    target.setText(max !== undefined && value.length > max ? value.slice(0, max) : value);
  }
}

function fillField(form: PDFForm, field: FormField, source: AnswerSource, n: number | undefined): void {
  const raw = readAnswer(source, withN(answersOf(field)[0], n));
  if (field.acroDate) {
    const [year = '', month = '', day = ''] = typeof raw === 'string' ? raw.split('-') : [];
    setText(form, withN(field.acroDate.year, n), year);
    setText(form, withN(field.acroDate.month, n), month);
    setText(form, withN(field.acroDate.day, n), day);
  }
  for (const [value, name] of Object.entries(field.acroChoices ?? {})) {
    const box = form.getFieldMaybe(withN(name, n));
    if (box instanceof PDFCheckBox) {
      if (raw !== null && raw !== undefined && String(raw) === value) box.check();
      else box.uncheck();
    }
  }
  if (!field.acroField) return;
  const target = form.getFieldMaybe(withN(field.acroField, n));
  const value = fieldValue(field, source, n);
  if (target instanceof PDFTextField) setText(form, target.getName(), value);
  else if (target instanceof PDFCheckBox) {
    if (raw === true) target.check();
    else target.uncheck();
  } else if (target instanceof PDFDropdown || target instanceof PDFOptionList || target instanceof PDFRadioGroup) {
    const key = raw === null || raw === undefined ? '' : String(raw);
    const choices = target.getOptions();
    const pick = [field.acroOptions?.[key], value, key].find((c) => c !== undefined && choices.includes(c));
    if (pick) target.select(pick);
    else if (target instanceof PDFRadioGroup) target.clear();
  }
}

/**
 * Fills the insurer's own fillable application (forms/<insurer>/template.pdf) by field name: a text field takes the
 * printed value (cut to its maximum length), a check box the yes/no answer, a radio group or a choice the option
 * `acroOptions` names (else the value or its label), `acroDate` splits a date into year, month and day boxes, and
 * `acroChoices` ticks one box per answer value. With `flatten`, the fields become part of the page.
 * @example const doc = await fillTemplate(form.template!, form.mapping, { data, payload });
 */
export async function fillTemplate(
  template: Uint8Array,
  mapping: FormMapping,
  source: AnswerSource,
): Promise<PDFDocument> {
  const doc = await PDFDocument.load(template);
  const form = doc.getForm();
  const fonts = await embedFonts(doc);
  for (const section of mapping.sections)
    for (const n of section.each ? section.each.map((e) => e.n) : [undefined])
      for (const field of section.fields ?? []) fillField(form, field, source, n);
  form.updateFieldAppearances(fonts.regular);
  if (mapping.flatten) form.flatten();
  return doc;
}
