import { prepareGeneration } from '../../api/pdf/buildPayload.ts';
import { questionnairesToAttach, renderApplication, wordsOf } from '../../api/pdf/renderPdf.ts';
import type { AdviserProfile } from '../../api/pdf/types.ts';
import type { JsonObject } from '../../engine/index.ts';
import { INSURERS, engine, forms, fullApplication, labels, pdfText, step } from './support.ts';
import { specText } from '../support/specText.ts';

const generatedAt = new Date('2026-06-01T14:05:00Z');
const adviser: AdviserProfile = {
  full_name: 'Dana Łopez-Whitfield',
  licence_number: 'AB-1234567',
  licence_provinces: ['AB', 'BC'],
  agency: 'Prairie Financial MGA',
  codes: { BMO: 'B-20417', MANULIFE: 'M-75521', SUNLIFE: 'S-31008', BENEVA: 'V-4410', CANADA_LIFE: 'C-88213' },
};

/** The complete application, with names beyond Latin-1 and two more answers that call for questionnaires. */
function application(): ReturnType<typeof fullApplication> {
  const data = fullApplication();
  Object.assign(step(data, 'proposed-insured').insured_1 as JsonObject, {
    first_name: 'Zoë-Émilie',
    middle_name: '',
    last_name: 'Nguyễn-Łukasik',
  });
  Object.assign(step(data, 'lifestyle').lifestyle_data_1 as JsonObject, { aviation_5_years: true });
  return data;
}

describe.each(INSURERS)("the %s application: the insurer's own form", (insurer) => {
  const source = prepareGeneration(engine, application(), {
    populateForms: INSURERS,
    clientId: 2087,
    // As the service does: the payload's adviser (who signs) and the adviser section's are the same profile.
    adviser: { ...adviser },
  });
  const mapping = forms.get(insurer)!.mapping;
  const t = wordsOf(mapping);
  let text: string;
  beforeAll(async () => {
    const bytes = (
      await renderApplication({
        form: forms.get(insurer)!,
        source,
        labels,
        generatedAt,
        applicationNumber: '3F2A9C1B',
        adviser,
      })
    ).bytes;
    text = pdfText(bytes);
  });

  it('prints the names exactly as typed', () => {
    expect(text).toContain('Zoë-Émilie Nguyễn-Łukasik');
  });

  it("prints the adviser's section: name, licence, agency and this insurer's adviser code, no other insurer's", () => {
    expect(text).toContain(`${t('Adviser name')} ${adviser.full_name}`);
    expect(text).toContain('AB-1234567 (AB, BC)');
    expect(text).toContain('Prairie Financial MGA');
    expect(text).toContain(adviser.codes![insurer]);
    for (const other of INSURERS.filter((i) => i !== insurer)) expect(text).not.toContain(adviser.codes![other]);
    expect(text).toContain(`${t('Adviser signature')}: ${adviser.full_name}`);
  });

  it("prints its furniture: form number, the application's number and page n of N on every page, no client id", () => {
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(3);
    expect(text.split('3F2A9C1B').length - 1).toBe(pages);
    expect(text.split(mapping.formNumber!).length - 1).toBeGreaterThanOrEqual(pages);
    expect(text).not.toContain('2087');
  });

  it('lists the questionnaires the answers call for, once per insured, on the first page', () => {
    const listed = questionnairesToAttach(mapping, source);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatch(/aviation/i);
    expect(listed[0]).toContain(
      `${t(specText('pdf-generation.summary.cover.insured_1.label'))}: Zoë-Émilie Nguyễn-Łukasik`,
    );
    expect(listed[1]).toContain(`${t(specText('pdf-generation.summary.cover.insured_2.label'))}: Emily R. Mehta`);
    const firstPage = text.slice(0, text.indexOf('Page 1 of'));
    expect(firstPage).toContain(t(specText('pdf-generation.result.questionnairesHeading')));
    for (const q of listed) expect(firstPage.replace(/\s+/g, ' ')).toContain(q.replace(/\s+/g, ' '));
  });
});
