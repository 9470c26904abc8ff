/**
 * The step modules' checks take ajv-formats' formats from an ES module made of ajv-formats' own file at build time
 * (scripts/ajvFormatsModule.ts): every format is there, under its name, and judges strings as the package's does.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { describe, expect, it } from 'vitest';
import { ajvFormatsModule } from '../../scripts/ajvFormatsModule.ts';

type Format = (typeof fullFormats)[keyof typeof fullFormats];

async function generated(): Promise<Record<string, Format>> {
  const file = join(mkdtempSync(join(tmpdir(), 'ajv-formats-')), 'formats.mjs');
  writeFileSync(file, ajvFormatsModule());
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Record<string, Format>;
}

/** What a format says of a string: a pattern's or a function's verdict. */
function judge(format: Format, value: string): unknown {
  const check = typeof format === 'object' && !(format instanceof RegExp) ? format.validate : format;
  if (check instanceof RegExp) return check.test(value);
  if (typeof check === 'function') return (check as (s: string) => boolean)(value);
  return check;
}

describe('ajvFormatsModule (ajv-formats, one export per format)', () => {
  it('exports every full format under its name', async () => {
    const formats = await generated();
    expect(Object.keys(formats).sort()).toEqual(Object.keys(fullFormats).sort());
  });

  const samples = ['2024-02-29', '2023-02-29', '2024-13-01', 'x', '', 'a@b.ca', 'a@@b', '2024-02-29T10:00:00Z'];
  it.each(['date', 'date-time', 'email', 'time', 'uri', 'ipv6', 'regex'])(
    '%s judges as ajv-formats does',
    async (name) => {
      const formats = await generated();
      const theirs = fullFormats[name as keyof typeof fullFormats];
      for (const value of samples) expect(judge(formats[name], value)).toBe(judge(theirs, value));
    },
  );
});
