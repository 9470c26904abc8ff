import { readFileSync } from 'node:fs';
import { readDefinitionFiles } from '../../api/definitions/readDefinitionFiles.ts';
import { catalogueEntries, type TranslationEntry } from '../../engine/index.ts';

/** docs/glossary-fr.md's table: each English term (alternatives split by " / ") and its accepted French forms. */
function glossary(): { en: string[]; fr: string[] }[] {
  return readFileSync('docs/glossary-fr.md', 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| English'))
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .map((cells) => ({
      en: cells[1].split(' / ').map((t) => t.replace(/\s*\(.*\)$/, '')),
      fr: cells[2].split(';').map((t) => t.trim().toLowerCase()),
    }));
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The term as a word, in either case, singular or plural, written with a space or a hyphen. */
const termPattern = (term: string): RegExp => new RegExp(`\\b${escape(term).replace(/ /g, '[\\s-]')}s?\\b`, 'gi');

/** Every entry of every French catalogue of steps/ and forms/. */
function catalogues(): [string, TranslationEntry][] {
  return [
    ['steps', readDefinitionFiles('steps')],
    ['forms', readDefinitionFiles('forms')],
  ].flatMap(([root, files]) =>
    Object.entries(files as Record<string, unknown>)
      .filter(([file]) => file.endsWith('i18n/fr.json') && !file.startsWith('../'))
      .flatMap(([file, json]) =>
        catalogueEntries(json).map(([key, e]): [string, TranslationEntry] => [`${root}/${file} ${key}`, e]),
      ),
  );
}

describe('docs/glossary-fr.md: each term of the trade has one French in the catalogues', () => {
  const terms = glossary();
  const entries = catalogues();

  it('reads the glossary and the catalogues', () => {
    expect(terms.length).toBeGreaterThan(30);
    expect(entries.length).toBeGreaterThan(1000);
  });

  it.each(terms.flatMap((t) => t.en.map((en) => ({ en, fr: t.fr }))))('"$en" is always $fr', ({ en, fr }) => {
    // A longer term holding this one is checked on its own ("policy owner" is titulaire, not police).
    const longer = terms
      .flatMap((t) => t.en)
      .filter((other) => other.length > en.length && termPattern(en).test(other));
    const wrong = entries
      .filter(([, e]) => {
        // A bilingual form's own French ("Titulaire subrogé / Successor owner") is the insurer's wording.
        if (e.en.includes(' / ') && e.en.startsWith(e.fr)) return false;
        let english = e.en.replace(/\$?\{[^}]*\}/g, ' ');
        for (const other of longer) english = english.replace(termPattern(other), ' ');
        return termPattern(en).test(english) && !fr.some((form) => e.fr.toLowerCase().includes(form));
      })
      .map(([where, e]) => `${where}: "${e.en}" → "${e.fr}"`);
    expect(wrong).toEqual([]);
  });
});
