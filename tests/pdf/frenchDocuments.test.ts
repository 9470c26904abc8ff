import { beforeAll, describe, expect, it } from 'vitest';
import { catalogueEntries, optionLabels, type ApplicationData, type Definitions } from '../../engine/index.ts';
import { createServerEngine } from '../../api/definitions/createServerEngine.ts';
import { readDefinitionFiles } from '../../api/definitions/readDefinitionFiles.ts';
import { createMemoryFileStore } from '../../api/files/fileStore.ts';
import { createPdfService, loadGenerationSetup } from '../../api/pdf/createPdfService.ts';
import { labelsFrom } from '../../api/pdf/generationLabels.ts';
import { fullApplication, pdfText, step, withEveryInsurer } from './support.ts';

// The application's client prefers French (basic.preferred_language, the value the step stores for French).
const FRENCH_VALUE = 'french';
const INSURERS = ['BMO', 'BENEVA'];

const server = createServerEngine();
const french = server.localized('fr');
const store = createMemoryFileStore();
let answers: ApplicationData;
const service = createPdfService({
  ...loadGenerationSetup(server),
  store,
  loadAnswers: async () => answers,
  requireAccess: async () => {},
});

/** The option label of an answer's value in a language's definitions. */
const labelOf = (defs: Definitions, stepId: string, path: string[], value: string): string | undefined =>
  optionLabels(defs.steps[stepId].schema, defs.steps[stepId].ui, path)?.[value];

/** Each insurer's PDF text for one generation. */
async function generate(
  preferred: string,
  language?: 'en' | 'fr',
): Promise<{ texts: Record<string, string>; language: string }> {
  answers = withEveryInsurer(fullApplication());
  step(answers, 'basic').preferred_language = preferred;
  const result = await service.generate({ id: 1 }, 7, INSURERS, language ? { language } : {});
  const texts: Record<string, string> = {};
  for (const f of result.manifest.files) texts[f.insurer] = pdfText((await store.get(f.key))!.bytes);
  return { texts, language: result.manifest.language };
}

/** The French of each text of an insurer's form.json, from its catalogue (forms/<insurer>/i18n/fr.json). */
const formCatalogue = (folder: string) =>
  catalogueEntries(readDefinitionFiles('forms')[`${folder}/i18n/fr.json`]).filter(([key]) =>
    key.startsWith('form.json#'),
  );

describe("documents in the client's preferred language (issue 28 part 4)", () => {
  let fr: Record<string, string>;
  let en: Record<string, string>;
  let chosen: Record<string, string>;
  let frLanguage: string;
  beforeAll(async () => {
    ({ texts: fr, language: frLanguage } = await generate(FRENCH_VALUE));
    ({ texts: en } = await generate('english'));
    ({ texts: chosen } = await generate(FRENCH_VALUE, 'en'));
  }, 120_000);

  it('records the language with the generated files: French for a French preference', () => {
    expect(frLanguage).toBe('fr');
  });

  it.each(INSURERS)("%s: the form's title and section titles are its catalogue's French", (insurer) => {
    const folder = insurer.toLowerCase();
    const entries = formCatalogue(folder);
    const title = entries.find(([key]) => key === 'form.json#/formTitle')![1];
    expect(fr[insurer]).toContain(title.fr);
    expect(en[insurer]).toContain(title.en);
    const sectionTitles = entries.filter(([key]) => /^form\.json#\/sections\/\d+\/title$/.test(key)).map(([, e]) => e);
    // Each section the English document prints (a title with {n} prints once per insured) prints in French.
    const printed = sectionTitles.filter((e) => !e.en.includes('{n}') && e.fr !== e.en && en[insurer].includes(e.en));
    expect(printed.length).toBeGreaterThan(3);
    for (const e of printed) expect(fr[insurer]).toContain(e.fr);
  });

  it.each(INSURERS)('%s: option labels print in French, never the English ones', (insurer) => {
    const enDefs = server.definitions;
    const frDefs = french.definitions;
    const pairs = [
      // The application type, the product and the insureds' marital status, as the application answers them.
      [labelsFrom(enDefs).applicationType.NEW, labelsFrom(frDefs).applicationType.NEW],
      [labelsFrom(enDefs).productType.whole_life, labelsFrom(frDefs).productType.whole_life],
      [
        labelOf(enDefs, 'proposed-insured', ['insured_1', 'marital_status'], 'married'),
        labelOf(frDefs, 'proposed-insured', ['insured_1', 'marital_status'], 'married'),
      ],
    ];
    for (const [english, frenchLabel] of pairs) {
      expect(english).toBeTruthy();
      expect(frenchLabel).toBeTruthy();
      expect(frenchLabel).not.toBe(english);
      expect(fr[insurer]).toContain(frenchLabel);
      expect(fr[insurer]).not.toContain(english);
      expect(en[insurer]).toContain(english);
    }
  });

  it.each(INSURERS)('%s: yes/no, money and the fixed words in French; dates stay ISO', (insurer) => {
    // BMO's plan is $750,000, each other insurer's $500,000 (withEveryInsurer); pdfText prints no-break spaces as spaces.
    expect(fr[insurer]).toContain(insurer === 'BMO' ? '750 000 $' : '500 000 $');
    expect(fr[insurer]).not.toMatch(/\$\d{3},\d{3}/);
    expect(fr[insurer]).toMatch(/Page 1 de \d/);
    expect(fr[insurer]).toContain('Oui');
    expect(fr[insurer]).toContain('1979-09-03');
    for (const english of [' Yes ', 'Page 1 of', '(continued)', 'Face amount', 'Other answers', ' born '])
      expect(fr[insurer]).not.toContain(english);
  });

  it("Beneva's French form prints French answers beside its French labels, no English ones", () => {
    expect(fr.BENEVA).not.toMatch(/\bYes\b|\bNo\b/);
    expect(fr.BENEVA).not.toContain(' / ');
  });

  it('the adviser can generate the other language: English documents for a French-preference client', () => {
    for (const insurer of INSURERS) {
      expect(chosen[insurer]).toMatch(/Page 1 of \d/);
      expect(chosen[insurer]).not.toMatch(/Page 1 de \d/);
    }
    expect(chosen.BMO).toContain('$750,000');
    expect(chosen.BMO).not.toContain('750 000 $');
  });
});
