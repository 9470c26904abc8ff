import { describe, expect, it } from 'vitest';
import { readDefinitionFiles } from '../../api/definitions/readDefinitionFiles.ts';
import { textsIn } from '../../api/http/serverTexts.ts';
import { catalogueEntries, lintTranslations } from '../../engine/index.ts';

const files = readDefinitionFiles('api/texts');
const entries = catalogueEntries(files['i18n/fr.json']).map(([, e]) => e);

describe("the server's own texts (api/texts)", () => {
  it('have a French for every English, linted like the definitions', () => {
    expect(lintTranslations(files, 'fr')).toEqual([]);
    expect(entries.length).toBeGreaterThan(50);
  });

  it('English is the identity: every text answers exactly as written', () => {
    for (const e of entries) expect(textsIn('en')(e.en)).toBe(e.en);
  });

  it('French replaces each text, and fills a template with the values the English carried', () => {
    const template = entries.find((e) => e.en.includes('{insurer}') && !e.en.includes('{', e.en.indexOf('}')))!;
    for (const e of entries.filter((x) => !x.en.includes('{'))) expect(textsIn('fr')(e.en)).toBe(e.fr);
    expect(textsIn('fr')(template.en.replace('{insurer}', 'BMO'))).toBe(template.fr.replace('{insurer}', 'BMO'));
    // A text it does not know (a step's message, already in its language) is left as it is.
    expect(textsIn('fr')('Texte déjà traduit')).toBe('Texte déjà traduit');
  });

  it("say each English the way the definitions' catalogues do (one English, one French)", () => {
    const definitions = new Map<string, string>();
    for (const root of ['steps', 'forms'])
      for (const [file, json] of Object.entries(readDefinitionFiles(root)))
        if (file.includes('i18n/')) for (const [, e] of catalogueEntries(json)) definitions.set(e.en, e.fr);
    for (const e of entries) if (definitions.has(e.en)) expect(e.fr, e.en).toBe(definitions.get(e.en));
  });
});
