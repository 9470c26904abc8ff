import { TEXT_MESSAGES, textProblem, textProblems } from '../../engine/textRule.ts';
import { engine, example } from '../support/engine.ts';

describe('the text rule', () => {
  it('refuses NUL, other control characters, DEL, C1 controls and lone surrogates anywhere', () => {
    for (const bad of ['a\u0000b', '\u0007', 'x\u001b[31m', 'del\u007f', 'c1\u0085', '\ud800', 'x\udc00y', '\ud83d'])
      expect(textProblem(bad, true), JSON.stringify(bad)).toBe(TEXT_MESSAGES.notText);
  });

  it('takes tabs and line breaks only where several lines are allowed', () => {
    for (const text of ['two\nlines', 'a\ttab', 'windows\r\nline']) {
      expect(textProblem(text, true)).toBeUndefined();
      expect(textProblem(text, false)).toBe(TEXT_MESSAGES.oneLine);
    }
  });

  it('keeps every real character: accents, other scripts, emoji made of surrogate pairs and joiners', () => {
    for (const text of ['Nguyễn Đặng', 'Łukasik-Şahin', "O'Brien", '東京', 'Ελληνικά', '🎉 party 👨‍👩‍👧', '—'])
      expect(textProblem(text, false), text).toBeUndefined();
  });

  it('names each bad string of a JSON value by its path, object keys included', () => {
    expect(textProblems({ a: { b: ['ok', 'x\u0000'] }, c: 'fine' })).toEqual([
      { field: 'a.b.1', message: TEXT_MESSAGES.notText },
    ]);
    expect(textProblems({ nested: { 'k\u0000': 1 } })).toEqual([{ field: 'nested', message: TEXT_MESSAGES.notText }]);
    expect(textProblems({ note: 'a\nb' }, (p) => p === 'note')).toEqual([]);
    expect(textProblems({ name: 'a\nb' }, () => false)).toEqual([{ field: 'name', message: TEXT_MESSAGES.oneLine }]);
  });
});

describe('evaluateStep applies the text rule to every answer (browser and server alike)', () => {
  it('refuses a line break in a one-line field and keeps it in a text area', () => {
    const data = example('lifestyle', 'all-no');
    const row = (data.lifestyle as Record<string, any>).lifestyle_data_1;
    row.drinks_alcohol = true;
    row.alcohol_details = 'Wine with dinner\nTwo glasses a week';
    expect(
      engine.evaluateStep('lifestyle', data).errors.filter((e) => e.field === 'lifestyle_data_1.alcohol_details'),
    ).toEqual([]);

    const owner = example('owner', 'individual');
    (owner.owner as Record<string, unknown>).first_name = 'Ann\nMarie';
    const errors = engine.evaluateStep('owner', owner).errors.filter((e) => e.field === 'first_name');
    expect(errors).toEqual([{ field: 'first_name', message: TEXT_MESSAGES.oneLine }]);
  });

  it('refuses a NUL in a free-text answer with one message for the field', () => {
    const data = example('lifestyle', 'all-no');
    const row = (data.lifestyle as Record<string, any>).lifestyle_data_1;
    row.drinks_alcohol = true;
    row.alcohol_details = 'Wine\u0000';
    const errors = engine.evaluateStep('lifestyle', data).errors.filter((e) => e.field.endsWith('alcohol_details'));
    expect(errors).toEqual([{ field: 'lifestyle_data_1.alcohol_details', message: TEXT_MESSAGES.notText }]);
  });
});
