import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDecimalSeparator as rjsfGetDecimalSeparator } from '@rjsf/utils';
import getDecimalSeparator from '../../renderer/rjsfDecimalSeparator.ts';

// rjsf's NumberField asks for the separator on every render: the stand-in the build uses answers as rjsf's does, from
// one Intl.NumberFormat per list of locales.
describe('rjsfDecimalSeparator (@rjsf/utils getDecimalSeparator, cached)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const cases: (string | string[])[] = [
    'en-CA',
    'fr-CA',
    'de-DE',
    ['fr-CA', 'en-CA'],
    ['en-US', 'fr-FR'],
    'xx-invalid-',
  ];
  it.each(cases)('answers for %j as rjsf does', (locales) => {
    expect(getDecimalSeparator(locales)).toBe(rjsfGetDecimalSeparator(locales));
  });

  it('writes French decimals with a comma and English ones with a point', () => {
    expect(getDecimalSeparator('fr-CA')).toBe(',');
    expect(getDecimalSeparator(['en-CA', 'fr-CA'])).toBe('.');
  });

  it("follows the browser's languages when given none, and looks each list up once", () => {
    const browser = { languages: ['fr-BE', 'en'] };
    vi.stubGlobal('navigator', browser);
    const format = vi.spyOn(Intl.NumberFormat.prototype, 'formatToParts');
    expect(getDecimalSeparator()).toBe(',');
    expect(getDecimalSeparator()).toBe(',');
    expect(format).toHaveBeenCalledTimes(1);
    browser.languages = ['en-GB'];
    expect(getDecimalSeparator()).toBe('.');
    expect(format).toHaveBeenCalledTimes(2);
  });
});
