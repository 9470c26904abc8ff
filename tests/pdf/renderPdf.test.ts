import { PDFDocument } from 'pdf-lib';
import { prepareGeneration } from '../../api/pdf/buildPayload.ts';
import { printedSections, printedValue, renderApplication, stamp, wordsOf } from '../../api/pdf/renderPdf.ts';
import type { AnswerSource } from '../../api/pdf/answerPaths.ts';
import type { ApplicationData, JsonObject } from '../../engine/index.ts';
import { INSURERS, definitions, engine, example, forms, fullApplication, labels, pdfText, step } from './support.ts';
import { specText } from '../support/specText.ts';

const generatedAt = new Date('2026-06-01T14:05:00Z');

function sourceOf(data: ApplicationData, populateForms = INSURERS): AnswerSource {
  return prepareGeneration(engine, data, { populateForms, clientId: 2087 });
}

async function render(insurer: string, source: AnswerSource): Promise<{ bytes: Uint8Array; text: string }> {
  const bytes = (await renderApplication({ form: forms.get(insurer)!, source, labels, generatedAt })).bytes;
  return { bytes, text: pdfText(bytes) };
}

const squash = (s: string): string => s.replace(/\s+/g, ' ').trim();

describe.each(INSURERS)('the %s application of the complete two-insured screening', (insurer) => {
  const source = sourceOf(fullApplication());
  const mapping = forms.get(insurer)!.mapping;
  let bytes: Uint8Array;
  let text: string;
  beforeAll(async () => {
    ({ bytes, text } = await render(insurer, source));
  });

  it('is a real, paged PDF that pdf-lib reads back, titled with the insurer', async () => {
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(3);
    expect(doc.getTitle()).toContain(mapping.displayName);
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
  });

  it('heads and numbers every page, and prints the date of generation', async () => {
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    for (let i = 1; i <= pages; i++) expect(text).toContain(`Page ${i} of ${pages}`);
    expect(text.split(mapping.displayName).length - 1).toBeGreaterThanOrEqual(pages);
    expect(text).toContain(stamp(generatedAt));
    expect(text).toContain('2026-06-01 14:05 UTC');
  });

  it("shows the client, both insureds and the owners in the insurer's words, never the internal client id", () => {
    const t = wordsOf(mapping);
    expect(text).toContain(`${t('Client')} Arjun K. Mehta`);
    expect(text).not.toContain('2087');
    expect(text).toContain('Arjun K. Mehta, born 1979-09-03');
    expect(text).toContain('Emily R. Mehta, born 1982-01-27');
    expect(text).toContain('Arjun K. Mehta and Emily R. Mehta');
    expect(text).toContain('046 454 286');
    expect(text).toContain('130 692 544');
  });

  it('lists the beneficiaries with their shares and trustees, and the plans with face amounts as money', () => {
    expect(text).toMatch(/B1 Emily Rose Mehta Spouse 100% Revocable/);
    expect(text).toMatch(/B1 Aarav Mehta Child 2014-05-11 50% Revocable Neha Kapoor \(Aunt\)/);
    expect(text).toMatch(/B2 Kavya Mehta Child 2017-10-02 50% Revocable Neha Kapoor \(Aunt\)/);
    expect(text).toMatch(/B1 Arjun Kumar Mehta Spouse 100% Revocable/);
    expect(text).toMatch(/1 Joint Plan Whole Life Estate Protector Joint Last-to-Die \$750,000/);
    expect(text).toContain(`${wordsOf(mapping)(specText('pdf-generation.summary.cover.total.label'))} $750,000`);
    expect(text).toMatch(/Canada Life Life Insurance \$336,000 2017 In force/);
  });

  it("prints the mapping's sections in the insurer's order, each answer inside its own section", () => {
    const printed = printedSections(mapping, source);
    expect(printed.length).toBeGreaterThan(15);
    let cursor = 0;
    const starts = printed.map((p) => {
      const at = text.indexOf(p.title, cursor);
      expect(at, `section "${p.title}" after position ${cursor}`).toBeGreaterThanOrEqual(0);
      cursor = at + p.title.length;
      return at;
    });
    let checked = 0;
    printed.forEach((p, i) => {
      const body = text.slice(starts[i], i + 1 < starts.length ? starts[i + 1] : undefined);
      for (const field of mapping.sections[p.index].fields ?? []) {
        if (field.format === 'table') continue;
        const value = squash(printedValue(field, source, p.n, mapping));
        if (!value) continue;
        expect(body, `"${field.label}" = "${value}" in section "${p.title}"`).toContain(
          `${squash(field.label)} ${value}`,
        );
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(120);
  });

  it('answers every step of the screening somewhere', () => {
    for (const value of [
      'Petroleum engineer, field operations planning',
      'Registered nurse, paediatric ward',
      'Illustration attached',
      specText('owner.owner_type.enumNames.joint_insureds'),
      'Calgary, Alberta',
      'Estate preservation: pay the capital gains tax on the family cottage at Sylvan Lake at the second death',
      'Employment Income, Investment Income',
      '$1,485,000',
      '$168,000',
      'Dividends from a non-registered investment account',
      'RBC Insurance',
      'Beer, 3 to 4 drinks per week',
      'Visiting family in Pune, India for 4 weeks in December 2026',
      'Shawnessy Medical Clinic, 250 Shawville Blvd SE, Calgary, AB T2Y 3J6',
      'Nicotine replacement patches',
      'Emily R Mehta',
      'New Application',
    ]) {
      expect(text).toContain(value);
    }
  });
});

describe('documents of other applications', () => {
  it('print "Not specified" for a missing second insured and no section of insured 2', async () => {
    const data = example('owner', 'individual-second-owner');
    const full = fullApplication();
    // Every other screening step from the complete application (whatever steps flow.json lists), with one insured.
    const own = [
      'multi-owner',
      'tax-information',
      definitions.flow.review,
      ...definitions.flow.steps.filter((s) => s.final).map((s) => s.id),
    ];
    for (const id of definitions.order.filter((s) => !(s in data) && !own.includes(s) && full[s])) {
      data[id] = full[id];
      if ('has_insured_2' in step(data, id)) step(data, id).has_insured_2 = false;
    }
    Object.assign(step(data, 'proposed-insured').insured_1 as JsonObject, {
      phone_primary: '613-555-0142',
      marital_status: 'married',
      is_smoker: true,
      smoking_details: 'About 5 cigarettes a day',
      residency_status: 'citizen',
      place_of_birth_type: 'canada',
      place_of_birth_province: 'QC',
      politically_exposed_person: false,
      address_line1: '12 Elgin Street',
      is_po_box: false,
    });
    step(data, 'financial').owner_financial_data = {
      total_assets: 2400000,
      total_liabilities: 300000,
      is_gainfully_employed: true,
      annual_earned_income: 210000,
    };
    data['multi-owner'] ??= {
      no_survivorship: false,
      subrogated_owner: true,
      owner1_successor_first_name: 'Lise',
      owner1_successor_last_name: 'Gauthier',
      owner1_successor_relationship: 'Sister',
    };
    data['tax-information'] ??= {
      owner1_sin_part1: '046',
      owner1_sin_part2: '454',
      owner1_sin_part3: '286',
      owner1_fatca_status: 'no',
      owner1_crs_status: 'no',
      owner2_sin_part1: '130',
      owner2_sin_part2: '692',
      owner2_sin_part3: '544',
      owner2_fatca_status: 'no',
      owner2_crs_status: 'no',
    };
    const source = prepareGeneration(engine, data, { populateForms: ['MANULIFE'] });
    const { text } = await render('MANULIFE', source);
    expect(text).toContain('Life to be insured 2 Not specified');
    expect(text).not.toContain('Section 1 - Life to be insured 2');
    expect(text).toContain('Section 2 - Joint policyowner');
    expect(text).toContain('Jean-Marc P.');
    expect(text).toContain('$250,000');
    expect(text).toContain('2 Single Life Term Life Term 20 Proposed insured 1 $750,000');
    expect(text).toContain('Total amount of insurance $1,000,000');
    expect(text).toContain('Owner total assets $2,400,000');
    expect(text).toContain('Owner net worth $2,100,000');
  });

  it.each(INSURERS)(
    '%s: a purpose of "other" prints as the purpose the adviser typed, not "Other" and then the text (issue 31)',
    async (insurer) => {
      const data = fullApplication();
      const purpose = example('purpose-of-insurance', 'other-purpose-and-source')['purpose-of-insurance'] as JsonObject;
      data['purpose-of-insurance'] = purpose;
      const typed = String(purpose.purpose_of_insurance_other);
      const source = sourceOf(data);
      // The spec: when saved, "other" is replaced by the typed text, in what is sent on.
      expect(source.payload.purpose_of_insurance.purpose_of_insurance).toBe(typed);
      const { text } = await render(insurer, source);
      const [purposeField] = forms
        .get(insurer)!
        .mapping.sections.flatMap((section) => section.fields ?? [])
        .filter((field) => field.answer === 'payload.purpose_of_insurance.purpose_of_insurance');
      expect(purposeField).toBeDefined();
      // Printed under its label exactly as typed (not title-cased), once, and "Other" is not printed for it.
      expect(squash(text)).toContain(squash(`${purposeField.label} ${typed}`));
      expect(text.split(typed)).toHaveLength(2);
      const otherLabel = engine.labelOf('purpose-of-insurance', 'purpose_of_insurance', 'other');
      expect(squash(text)).not.toContain(`${purposeField.label} ${otherLabel}`);
    },
  );

  it('a purpose chosen from the list still prints by its label', async () => {
    const data = fullApplication();
    data['purpose-of-insurance'] = example('purpose-of-insurance', 'income-replacement')['purpose-of-insurance'];
    const chosen = String(step(data, 'purpose-of-insurance').purpose_of_insurance);
    expect(chosen).not.toBe('other');
    const source = sourceOf(data);
    expect(source.payload.purpose_of_insurance.purpose_of_insurance).toBe(chosen);
    const { text } = await render('BMO', source);
    expect(text).toContain(engine.labelOf('purpose-of-insurance', 'purpose_of_insurance', chosen));
  });

  it('wrap and paginate long answers without losing words, and print characters beyond Latin-1 as typed', async () => {
    const data = fullApplication();
    const { bytes: usual } = await render('BMO', sourceOf(data));
    // The longest answers the definitions accept: every 1,000-character medical detail of both insureds.
    const long = (tag: string): string => {
      const words = Array.from({ length: 160 }, (_, i) => `${tag}${i}`).join(' ');
      return `${words} ${tag}-END`.slice(-1000);
    };
    for (const n of [1, 2]) {
      const medical = step(data, 'medical')[`insured_${n}`] as JsonObject;
      for (const field of [
        'physician_address',
        'last_consultation_reason',
        'prescribed_treatment',
        'consultation_results',
      ])
        medical[field] = long(`${field[0]}${n}w`);
    }
    (step(data, 'proposed-insured').insured_1 as JsonObject).occupation = 'Ingénieur – Zoë Łukasz 李 ✓';
    const source = sourceOf(data);
    const { bytes, text } = await render('BMO', source);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(
      (await PDFDocument.load(usual)).getPageCount(),
    );
    const results = String((step(data, 'medical').insured_1 as JsonObject).consultation_results).split(' ');
    expect(squash(text)).toContain(results.slice(0, 3).join(' '));
    expect(squash(text)).toContain(results.slice(80, 82).join(' '));
    expect(squash(text)).toContain('c1w159 c1w-END');
    expect(squash(text)).toContain('c2w159 c2w-END');
    expect(text).toContain('Part M - Medical information, insured 1 (continued)');
    // A CJK ideograph (no face has it) prints as its code point, never "?".
    expect(text).toContain('Ingénieur – Zoë Łukasz [U+674E] ✓');
  });
});
