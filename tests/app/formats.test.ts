// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { formatCad, formatDate, formatDateTime, formatNumber, formatPhone, formatTime } from '../../app/format.ts';
import { activateLanguage } from '../../app/i18n/language.ts';
import { formatMoney, parseMoney } from '../../renderer/options.ts';

/** Intl separates French thousands with narrow no-break spaces and the $ with a no-break space: compare as spaces. */
const spaced = (text: string | null) => text?.replace(/[\u00a0\u202f]/g, ' ');

afterEach(() => activateLanguage('en'));

describe('formats in the language shown', () => {
  it('writes money and numbers the English Canadian way', async () => {
    await activateLanguage('en');
    expect(formatCad(530000)).toBe('$530,000');
    expect(formatMoney(1250.5)).toBe('$1,250.5');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(parseMoney('$1,250.50')).toBe(1250.5);
  });

  it('writes money and numbers the French Canadian way, and reads a French amount', async () => {
    await activateLanguage('fr');
    expect(spaced(formatCad(530000))).toBe('530 000 $');
    expect(spaced(formatCad('530000.00'))).toBe('530 000 $');
    expect(spaced(formatNumber(1234567))).toBe('1 234 567');
    expect(parseMoney('1 250,50 $')).toBe(1250.5);
    expect(parseMoney('530\u202f000\u00a0$')).toBe(530000);
  });

  it('keeps ISO dates, 24-hour times and North American phones in both languages', async () => {
    for (const language of ['en', 'fr'] as const) {
      await activateLanguage(language);
      expect(formatDate('2026-11-26')).toBe('2026-11-26');
      expect(formatDateTime('2026-11-26T14:05:00')).toBe('2026-11-26 14:05');
      expect(formatTime('2026-11-26T09:05:00')).toBe('09:05');
      expect(formatPhone('5145550142')).toBe('(514) 555-0142');
    }
  });
});
