import { PDFDocument } from 'pdf-lib';
import { prepareGeneration } from '../../api/pdf/buildPayload.ts';
import { renderApplication } from '../../api/pdf/renderPdf.ts';
import { printable } from '../../api/pdf/embedFonts.ts';
import type { JsonObject } from '../../engine/index.ts';
import { INSURERS, engine, forms, fullApplication, labels, pdfText, step } from './support.ts';

const generatedAt = new Date('2026-06-01T14:05:00Z');

/** The complete application with names and free text beyond Latin-1 (issue 26, item 5). */
function typedApplication(): ReturnType<typeof fullApplication> {
  const data = fullApplication();
  const insured = step(data, 'proposed-insured');
  Object.assign(insured.insured_1 as JsonObject, {
    first_name: 'Zoë-Émilie',
    middle_name: '',
    last_name: 'Nguyễn-Łukasik',
    occupation: 'Pâtissière 🎂 – chef 👩‍🍳 ★',
  });
  Object.assign(insured.insured_2 as JsonObject, { first_name: 'Şahin', middle_name: '', last_name: 'Đặng' });
  return data;
}

describe('every character as typed', () => {
  const source = prepareGeneration(engine, typedApplication(), { populateForms: INSURERS, clientId: 2087 });

  it.each(INSURERS)('%s prints the names exactly, never transliterated, and emoji, never "?"', async (insurer) => {
    const bytes = (await renderApplication({ form: forms.get(insurer)!, source, labels, generatedAt })).bytes;
    const text = pdfText(bytes);
    expect(text).toContain('Zoë-Émilie Nguyễn-Łukasik');
    expect(text).toContain('Şahin Đặng');
    expect(text).not.toContain('Nguyen');
    expect(text).not.toContain('Sahin');
    expect(text).toContain('Pâtissière 🎂 – chef 👩‍🍳 ★');
    expect(text).not.toMatch(/\?\?|chef \?/);
  });

  it('embeds the fonts subset: a document stays small', async () => {
    const bytes = (await renderApplication({ form: forms.get('BMO')!, source, labels, generatedAt })).bytes;
    expect(bytes.length).toBeLessThan(200_000);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(3);
  });

  it('composes decomposed accents and spells a character no face has as its code point', () => {
    expect(printable('Nguye\u0302\u0303n')).toBe('Nguyễn');
    expect(printable('李\tx\u0007')).toBe('[U+674E] x');
  });
});
