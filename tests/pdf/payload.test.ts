import Ajv from 'ajv';
import {
  normalizeData,
  IncompleteScreeningError,
  PayloadError,
  assemblePayload,
  buildPayload,
} from '../../api/pdf/buildPayload.ts';
import { checkPayload } from '../../api/pdf/checkPayload.ts';
import { ajvSchemaChecks, createEngine, documentSchema, finalStepOf } from '../../engine/index.ts';
import type { JsonObject } from '../../engine/index.ts';
import { definitions, engine, example, fullApplication, payloadOf, step } from './support.ts';
import { ruleMessage } from '../support/definitionText.ts';
import { specText } from '../support/specText.ts';

describe('the payload of the complete two-insured application', () => {
  const payload = buildPayload(engine, fullApplication(), { populateForms: ['BMO', 'SUNLIFE'] });

  it('has every part the spec lists', () => {
    expect(Object.keys(payload)).toEqual([
      'populate_forms',
      'insurer',
      'adviser',
      'language_check',
      'residency_check',
      'application_info',
      'proposed_insured_information',
      'owner_information',
      'beneficiary_designation',
      'financial_information',
      'purpose_of_insurance',
      'lifestyle_information',
      'insurance_history_information',
      'medical_information',
      'plan_details',
    ]);
    expect(payload.populate_forms).toEqual(['BMO', 'SUNLIFE']);
    expect(payload.language_check).toEqual({
      speaks_english_french: true,
      language_explained: null,
      preferred_language: 'english',
    });
    expect(payload.residency_check).toEqual({ is_canadian_tax_resident: true });
    expect(payload.application_info).toMatchObject({
      client_id: '2087',
      application_type: 'NEW',
      product_type: 'whole_life',
      number_of_insureds: 2,
      proposed_insured_2: '2088',
    });
    expect(payload.lifestyle_information.lifestyle_information_2).toMatchObject({ extreme_activities: true });
    expect(payload.medical_information.medical_information_1?.physician_name).toBe('Dr. Harpreet Sandhu');
    expect(payload.financial_information).toMatchObject({
      ownership_type: 'joint_insureds',
      insured_1: { client_id: '2087', financial_data: { total_assets: 1485000 } },
      owner_financial_data: null,
      corporate_data: null,
    });
    // The spec: "other" is replaced by the typed text in what is sent on (the typed text stays beside it).
    const purpose = fullApplication()['purpose-of-insurance'] as Record<string, unknown>;
    expect(purpose.purpose_of_insurance).toBe('other');
    expect(payload.purpose_of_insurance).toMatchObject({
      purpose_of_insurance: purpose.purpose_of_insurance_other,
      purpose_of_insurance_other: purpose.purpose_of_insurance_other,
      source_of_payment: ['employment_income', 'investment_income'],
    });
  });

  it("matches the schema worked out from the payload mapping and the step schemas (so forms' payload paths and the payload agree)", () => {
    const schemas = Object.fromEntries(definitions.order.map((id) => [id, definitions.steps[id].schema]));
    const mapping = definitions.steps[finalStepOf(definitions.flow)].documents!.payload;
    const validate = new Ajv({ allErrors: true, strict: false, validateFormats: false }).compile(
      documentSchema(mapping, schemas),
    );
    const ok = validate(JSON.parse(JSON.stringify(payload)));
    expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
    expect(ok).toBe(true);
  });
});

describe('beneficiaries', () => {
  it('are keyed IP1_B{n} and IP2_B{n}, each tier numbered from 1', () => {
    const designation = payloadOf(fullApplication()).beneficiary_designation;
    expect(Object.keys(designation.primary_beneficiaries)).toEqual(['IP1_B1', 'IP2_B1']);
    expect(Object.keys(designation.contingent_beneficiaries)).toEqual(['IP1_B1', 'IP1_B2', 'IP2_B1', 'IP2_B2']);
    expect(designation.primary_beneficiaries.IP2_B1).toMatchObject({
      full_name: 'Arjun Kumar Mehta',
      belongs_to_insured: 'insured_2',
      is_primary: true,
      share_percentage: 100,
    });
    expect(designation.contingent_beneficiaries.IP1_B2).toMatchObject({
      full_name: 'Kavya Mehta',
      is_primary: false,
      share_percentage: 50,
      beneficiary_type: 'individual',
    });
  });

  it('leave out insured 2 when the step has no second insured', () => {
    const data = fullApplication();
    step(data, 'proposed-insured').number_of_insureds = 1;
    const designation = payloadOf(data).beneficiary_designation;
    expect(Object.keys(designation.primary_beneficiaries)).toEqual(['IP1_B1']);
    expect(Object.keys(designation.contingent_beneficiaries)).toEqual(['IP1_B1', 'IP1_B2']);
  });

  it("require a trustee only for a minor on a non-Quebec policy, taken from the entry, else from the tier's trustee group", () => {
    const data = example('beneficiary', 'minors-with-trustees');
    Object.assign(data, fullApplication(), { beneficiary: data.beneficiary });
    const ben = step(data, 'beneficiary');
    const primary = (ben.insured_1 as JsonObject).primary_beneficiaries as JsonObject[];
    primary[1].trustee_name = 'Margaret Fraser';
    primary[1].trustee_relationship = 'grandmother';
    const d = payloadOf(data).beneficiary_designation;
    expect(d.primary_beneficiaries.IP1_B1).toMatchObject({
      is_minor: true,
      trustee_required: true,
      trustee_name: 'Fiona MacDonald',
      trustee_relationship: 'sister',
    });
    expect(d.primary_beneficiaries.IP1_B2).toMatchObject({
      is_minor: true,
      trustee_required: true,
      trustee_name: 'Margaret Fraser',
      trustee_relationship: 'grandmother',
    });
    expect(d.contingent_beneficiaries.IP1_B1).toMatchObject({
      full_name: 'Chloe Fraser',
      is_minor: true,
      trustee_required: true,
      trustee_name: 'Angus Fraser',
    });
    expect(d.contingent_beneficiaries.IP1_B2).toMatchObject({
      full_name: 'Angus Fraser',
      is_minor: false,
      trustee_required: false,
      trustee_name: null,
      trustee_relationship: null,
    });
    expect(d.trustee_for_minors).toEqual({
      primary_beneficiary_full_name: 'Fiona MacDonald',
      contingent_beneficiary_full_name: 'Angus Fraser',
    });
  });

  it('require no trustee on a Quebec policy, even for a minor', () => {
    const data = fullApplication();
    step(data, 'beneficiary').is_quebec_policy = true;
    const d = payloadOf(data).beneficiary_designation;
    expect(d.is_quebec_policy).toBe(true);
    expect(d.contingent_beneficiaries.IP1_B1).toMatchObject({
      is_minor: true,
      trustee_required: false,
      is_quebec_policy: true,
    });
    expect(d.trustee_for_minors).toEqual({
      primary_beneficiary_full_name: null,
      contingent_beneficiary_full_name: null,
    });
  });

  it("send a tier's trustee only when that tier has a minor and a trustee name", () => {
    const data = fullApplication();
    const i1 = step(data, 'beneficiary').insured_1 as JsonObject;
    i1.primary_trustee_for_minors = { full_name: 'Nobody Needed', relationship: 'friend' };
    expect(payloadOf(data).beneficiary_designation.trustee_for_minors).toEqual({
      primary_beneficiary_full_name: null,
      contingent_beneficiary_full_name: 'Neha Kapoor',
    });
  });

  it('compute is_minor from the date of birth when the entry has none', () => {
    const data = fullApplication();
    const entry = {
      full_name: 'Baby Mehta',
      relationship: 'child',
      date_of_birth: '2020-01-01',
      share_percentage: 100,
    };
    const raw = {
      ...data,
      beneficiary: {
        is_quebec_policy: false,
        insured_1: { primary_beneficiaries: [entry], primary_trustee_for_minors: { full_name: 'Neha Kapoor' } },
      },
    };
    const out = assemblePayload(engine, normalizeData(engine, raw), { populateForms: ['BMO'] });
    expect(out.beneficiary_designation.primary_beneficiaries.IP1_B1).toMatchObject({
      is_minor: true,
      trustee_required: true,
      trustee_name: 'Neha Kapoor',
      is_revocable: true,
    });
  });
});

describe('owner', () => {
  it('joins the SIN parts into owner1_sin and owner2_sin and removes the parts', () => {
    const info = payloadOf(fullApplication()).owner_information.owner_info;
    expect(info.owner1_sin).toBe('046454286');
    expect(info.owner2_sin).toBe('130692544');
    expect(Object.keys(info).filter((k) => k.includes('sin_part'))).toEqual([]);
    expect(info.owner1_fatca_status).toBe('no');
    const noTax = fullApplication();
    delete noTax['tax-information'];
    expect(
      assemblePayload(engine, noTax, { populateForms: ['BMO'] }).owner_information.owner_info.owner1_sin ?? null,
    ).toBeNull();
  });

  it('gives each owner of joint insureds their own details and SIN', () => {
    const owner = payloadOf(fullApplication()).owner_information;
    expect(owner.type).toBe('joint_insureds');
    expect(owner.owner_info_1).toMatchObject({
      full_name: 'Arjun K. Mehta',
      sin: '046454286',
      is_smoker: true,
      date_of_birth: '1979-09-03',
    });
    expect(owner.owner_info_2).toMatchObject({ full_name: 'Emily R. Mehta', sin: '130692544', is_smoker: false });
  });

  it('turns smoking_class into an is_smoker boolean', () => {
    const data = example('owner', 'individual-second-owner');
    const o = step(data, 'owner');
    o.smoking_class = 'smoker';
    o.individual_2_smoking_class = 'non_smoker';
    const owner = assemblePayload(
      engine,
      { ...fullApplication(), owner: o, 'tax-information': undefined },
      { populateForms: ['BMO'] },
    ).owner_information;
    expect(owner.type).toBe('other_individual');
    expect(owner.owner_info.is_smoker).toBe(true);
    expect(owner.owner_info.individual_2_is_smoker).toBe(false);
    expect('smoking_class' in owner.owner_info).toBe(false);
    expect('individual_2_smoking_class' in owner.owner_info).toBe(false);
    expect(owner.owner_info_1).toMatchObject({ first_name: 'Jean-Marc', is_smoker: true });
    expect(owner.owner_info_2).toMatchObject({ is_smoker: false });
  });

  it('sends an insured_2 owner as insured_1 when there is no second insured', () => {
    const data = fullApplication();
    step(data, 'owner').ownership_type = 'insured_2';
    step(data, 'owner').owner_type = 'insured_2';
    expect(payloadOf(data).owner_information.type).toBe('insured_2');
    expect(payloadOf(data).owner_information.owner_info_1.full_name).toBe('Emily R. Mehta');
    step(data, 'proposed-insured').number_of_insureds = 1;
    step(data, 'basic').number_of_insureds = 1;
    const single = payloadOf(data).owner_information;
    expect(single.type).toBe('insured_1');
    expect(single.owner_info_1.full_name).toBe('Arjun K. Mehta');
  });

  it('defaults an unknown owner type to insured_1, and reads the screen values', () => {
    const typeOf = (owner: JsonObject): unknown =>
      assemblePayload(engine, normalizeData(engine, { ...fullApplication(), owner }), { populateForms: ['BMO'] })
        .owner_information.type;
    expect(typeOf({ ownership_type: 'trust_fund' })).toBe('insured_1');
    expect(typeOf({})).toBe('insured_1');
    expect(typeOf({ owner_type: 'entity' })).toBe('corporation');
    expect(typeOf({ owner_type: 'individual' })).toBe('other_individual');
    const data = fullApplication();
    step(data, 'owner').ownership_type = 'partnership';
    expect(assemblePayload(engine, data, { populateForms: ['BMO'] }).owner_information.type).toBe('insured_1');
  });

  it('describes an entity owner by its legal name and business address', () => {
    const data = example('owner', 'entity');
    const owner = assemblePayload(
      engine,
      { ...fullApplication(), owner: data.owner },
      { populateForms: ['BMO'] },
    ).owner_information;
    expect(owner.type).toBe('corporation');
    expect(owner.owner_info_1.kind).toBe('entity');
    expect(owner.owner_info_1.full_name).toBe((data.owner as JsonObject).legal_name);
  });
});

describe('proposed insureds', () => {
  it('send physical_residence only with a PO box', () => {
    const data = fullApplication();
    const i1 = step(data, 'proposed-insured').insured_1 as JsonObject;
    i1.physical_residence = '12 Somewhere Lane';
    expect(payloadOf(data).proposed_insured_information.proposed_insured_information_1).toMatchObject({
      is_po_box: false,
      physical_residence: null,
    });
    i1.is_po_box = true;
    i1.address_line1 = 'PO Box 220';
    expect(payloadOf(data).proposed_insured_information.proposed_insured_information_1).toMatchObject({
      is_po_box: true,
      physical_residence: '12 Somewhere Lane',
    });
  });

  it('send the second insured only with two insureds', () => {
    expect(payloadOf(fullApplication()).proposed_insured_information.proposed_insured_information_2?.first_name).toBe(
      'Emily',
    );
    const data = fullApplication();
    step(data, 'proposed-insured').number_of_insureds = 1;
    const payload = payloadOf(data);
    expect('proposed_insured_information_2' in payload.proposed_insured_information).toBe(false);
    expect(payload.lifestyle_information.lifestyle_information_2).toBeNull();
    expect(payload.medical_information.medical_information_2).toBeNull();
    expect(payload.insurance_history_information.insured_2).toBeNull();
    expect(payload.financial_information.insured_2).toBeNull();
  });
});

describe('plans and history', () => {
  it('number plan options from 1', () => {
    const data = example('owner', 'individual-second-owner');
    const plans = assemblePayload(
      engine,
      { ...fullApplication(), 'plan-details': data['plan-details'] },
      { populateForms: ['BMO'] },
    ).plan_details;
    expect(plans.single_life_options?.map((o) => [o.option_number, o.plan_name, o.face_amount])).toEqual([
      [1, 'estate_protector', 250000],
      [2, 'term_20', 750000],
    ]);
    expect(plans.joint_plan_options).toBeNull();
    expect(payloadOf(fullApplication()).plan_details.joint_plan_options?.[0]).toMatchObject({
      option_number: 1,
      coverage_type: 'joint_last_to_die',
      face_amount: 750000,
    });
  });

  it('carry the existing-insurance entries, of which the definitions allow at most 5', () => {
    const data = fullApplication();
    const h1 = step(data, 'insurance-history').insured_1 as JsonObject;
    h1.existing_insurance_entries = Array.from({ length: 5 }, (_, i) => ({
      company: `Insurer ${i + 1}`,
      insurance_type: 'life',
      personal_amount: 1000 * (i + 1),
      year_issued: 2010 + i,
      is_pending: false,
    }));
    const entries = payloadOf(data).insurance_history_information.insured_1.insurance_history_data
      .existing_insurance_entries as JsonObject[];
    expect(entries.map((e) => e.company)).toEqual(['Insurer 1', 'Insurer 2', 'Insurer 3', 'Insurer 4', 'Insurer 5']);
    (h1.existing_insurance_entries as JsonObject[]).push({
      ...(h1.existing_insurance_entries as JsonObject[])[0],
      company: 'Insurer 6',
    });
    expect(() => buildPayload(engine, data, { populateForms: ['BMO'] })).toThrow(IncompleteScreeningError);
    expect(engine.evaluateStep('insurance-history', data).errors).toContainEqual({
      field: 'insured_1.existing_insurance_entries',
      message: specText('insurance-history.insurance_history_data.existing_insurance_entries.errorMessage.maxItems'),
    });
  });
});

describe('payloads that cannot be built', () => {
  const attempt = (change: (data: ReturnType<typeof fullApplication>) => void): unknown => {
    const data = fullApplication();
    change(data);
    try {
      assemblePayload(engine, data, { populateForms: ['BMO'] });
      return undefined;
    } catch (e) {
      return e;
    }
  };

  it.each([
    [
      specText('pdf-generation.checks.proposed-insured.insured_1.message'),
      (d: JsonObject) => {
        delete (d['proposed-insured'] as JsonObject).insured_1;
      },
    ],
    [
      specText('pdf-generation.checks.proposed-insured.insured_1.message'),
      (d: JsonObject) => {
        delete d['proposed-insured'];
      },
    ],
    [
      specText('pdf-generation.checks.beneficiary.message'),
      (d: JsonObject) => {
        delete d.beneficiary;
      },
    ],
    [
      specText('pdf-generation.checks.beneficiary.message'),
      (d: JsonObject) => {
        ((d.beneficiary as JsonObject).insured_1 as JsonObject).primary_beneficiaries = [];
      },
    ],
    [
      specText('pdf-generation.checks.plan-details.message'),
      (d: JsonObject) => {
        delete d['plan-details'];
      },
    ],
    [
      specText('pdf-generation.checks.plan-details.message'),
      (d: JsonObject) => {
        (d['plan-details'] as JsonObject).joint_plan_options = [];
      },
    ],
    [
      specText('pdf-generation.checks.purpose-of-insurance.message'),
      (d: JsonObject) => {
        delete d['purpose-of-insurance'];
      },
    ],
    [
      specText('pdf-generation.checks.purpose-of-insurance.message'),
      (d: JsonObject) => {
        (d['purpose-of-insurance'] as JsonObject).purpose_of_insurance = '';
      },
    ],
    [
      specText('pdf-generation.checks.financial.message'),
      (d: JsonObject) => {
        delete d.financial;
      },
    ],
  ])('fails with "%s"', (message, change) => {
    const error = attempt(change as never);
    expect(error).toBeInstanceOf(PayloadError);
    expect((error as Error).message).toBe(message);
  });

  it('names the answer each refusal is about, so the 400 points at the step to fix', () => {
    const data = fullApplication();
    delete data['plan-details'];
    const error = (() => {
      try {
        assemblePayload(engine, data, { populateForms: ['BMO'] });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toMatchObject({
      code: 'missingPlanDetails',
      field: 'plan-details',
      message: specText('pdf-generation.checks.plan-details.message'),
    });
  });

  it("takes its texts from the payload document's checks, so a product-staff edit there changes the refusal", () => {
    const edited = structuredClone(definitions);
    const final = finalStepOf(edited.flow);
    const check = edited.steps[final].documents!.payload.checks!.find((c) => c.code === 'missingPlanDetails')!;
    check.message = 'Les régimes manquent';
    const data = fullApplication();
    delete data['plan-details'];
    expect(() => assemblePayload(createEngine(edited, ajvSchemaChecks()), data, { populateForms: ['BMO'] })).toThrow(
      'Les régimes manquent',
    );
  });
});

describe('the completeness check before building', () => {
  it('passes the complete application', () => {
    expect(engine.incompleteSteps(fullApplication())).toEqual([]);
  });

  it('names the incomplete steps by their flow.json titles, in flow order', () => {
    const data = fullApplication();
    delete data.medical;
    step(data, 'plan-details').illustration_status = null;
    (step(data, 'beneficiary').insured_1 as JsonObject).primary_beneficiaries = [
      { full_name: 'Emily Rose Mehta', relationship: 'spouse', share_percentage: 60 },
    ];
    let error: unknown;
    try {
      buildPayload(engine, data, { populateForms: ['BMO'] });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(IncompleteScreeningError);
    const steps = (error as IncompleteScreeningError).steps;
    expect(steps.map((s) => s.title)).toEqual(['Plan Details', 'Beneficiary', 'Medical Information']);
    expect((error as Error).message).toBe(
      'The screening is incomplete. Please complete: Plan Details, Beneficiary, Medical Information',
    );
    expect(steps[0].errors).toContainEqual({
      field: 'illustration_status',
      message: ruleMessage('plan-details', 'illustration_status'),
    });
    expect(steps[1].errors.map((e) => e.message)).toContain(
      'Primary beneficiary shares for Insured 1 must total 100% (currently 60%)',
    );
    expect(steps[2]).toMatchObject({ id: 'medical', missing: true, errors: [] });
  });

  it('skips steps that do not apply (no tax information for a Term 10 plan owned by an insured)', () => {
    const data = fullApplication();
    delete data['tax-information'];
    expect(engine.incompleteSteps(data).map((s) => s.id)).toEqual(['tax-information']);
    const termPlan = (planName: string) => {
      step(data, 'plan-details').joint_plan_options = [
        { product_type: 'term_life', plan_name: planName, coverage_type: 'joint', face_amount: 500000 },
      ];
      // Saved as the engine derives it: the plans' product type and product code.
      data['plan-details'] = engine.evaluateStep('plan-details', data).values;
    };
    // Spec 2: t20 and t30 bring the tax step; a Term 10 plan does not.
    termPlan('term_20');
    expect(engine.incompleteSteps(data).map((s) => s.id)).toEqual(['tax-information']);
    termPlan('term_10');
    expect(engine.incompleteSteps(data)).toEqual([]);
    const payload = buildPayload(engine, data, { populateForms: ['BMO'] });
    expect(payload.owner_information.owner_info.owner1_sin).toBeNull();
  });

  it('leaves out the answers of steps that do not apply', () => {
    const data = fullApplication();
    step(data, 'owner').owner_type = 'insured_1';
    step(data, 'owner').ownership_type = 'insured_1';
    step(data, 'owner').selected_client_id = '2087';
    const payload = buildPayload(engine, data, { populateForms: ['BMO'] });
    expect(payload.owner_information.type).toBe('insured_1');
    expect(payload.owner_information.owner_info_2).toBeNull();
  });
});

describe('the payload check at generation', () => {
  it("accepts the mapped payload and returns it typed from the mapping's schema", () => {
    const payload = payloadOf(fullApplication());
    expect(checkPayload(engine, JSON.parse(JSON.stringify(payload)))).toEqual(JSON.parse(JSON.stringify(payload)));
  });

  it('refuses a payload that differs from the schema with a PayloadError naming the path, not a crash', () => {
    const payload = JSON.parse(JSON.stringify(payloadOf(fullApplication()))) as JsonObject;
    (payload.plan_details as JsonObject).save_age_insured_1 = 'yes';
    let error: unknown;
    try {
      checkPayload(engine, payload);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PayloadError);
    expect((error as PayloadError).code).toBe('payloadSchema');
    expect((error as PayloadError).field).toBe('plan_details.save_age_insured_1');
  });

  it('refuses a payload missing a key the mapping always writes', () => {
    const payload = JSON.parse(JSON.stringify(payloadOf(fullApplication()))) as JsonObject;
    delete payload.plan_details;
    expect(() => checkPayload(engine, payload)).toThrow(PayloadError);
  });
});
