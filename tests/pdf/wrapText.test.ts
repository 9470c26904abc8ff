import { PDFDocument, StandardFonts } from 'pdf-lib';
import { textWidth, wrapText } from '../../api/pdf/pageWriter.ts';

const doc = await PDFDocument.create();
const font = await doc.embedFont(StandardFonts.Helvetica);
const SIZE = 9;
const WIDTH = 200;

describe('wrapText', () => {
  it('breaks between words, keeping every word and every line within the width', () => {
    const text = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');
    const lines = wrapText(text, font, SIZE, WIDTH);
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.join(' ')).toBe(text);
    for (const line of lines) expect(textWidth(line, font, SIZE)).toBeLessThanOrEqual(WIDTH);
  });

  it('cuts a word longer than a line into full lines, losing no character', () => {
    const word = 'Ab9'.repeat(20_000);
    const lines = wrapText(`before ${word} after`, font, SIZE, WIDTH);
    expect(lines[0]).toBe('before');
    expect(lines.at(-1)!.endsWith('after')).toBe(true);
    expect(
      lines
        .join('')
        .replace('before', '')
        .replace(/ ?after$/, ''),
    ).toBe(word);
    for (const line of lines) expect(textWidth(line, font, SIZE)).toBeLessThanOrEqual(WIDTH);
    // Every cut line is full: one more character would not have fitted.
    for (const line of lines.slice(1, -2)) expect(textWidth(`${line}A`, font, SIZE)).toBeGreaterThan(WIDTH);
  });

  it('keeps paragraphs and gives an empty text one empty line', () => {
    expect(wrapText('one\ntwo', font, SIZE, WIDTH)).toEqual(['one', 'two']);
    expect(wrapText('', font, SIZE, WIDTH)).toEqual(['']);
  });
});
