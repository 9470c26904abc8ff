// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JsonObject } from '../../engine/index.ts';
import { example } from '../support/engine.ts';
import { renderStep } from './helpers.tsx';
import { specText } from '../support/specText.ts';

afterEach(cleanup);

function ownerWith(type: string | undefined, productType = 'whole_life') {
  const data = example('owner', 'individual');
  data['plan-details'] = { ...(data['plan-details'] as JsonObject), product_type: productType };
  data.owner = type ? { owner_type: type } : {};
  return data;
}

describe('visibility comes from the engine', () => {
  it('draws only what shows: hidden fields are not in the page', () => {
    const { container } = renderStep('owner', ownerWith(undefined));
    expect(screen.getByLabelText(specText('owner.owner_type.title'))).toBeTruthy();
    expect(container.querySelector('#root_first_name')).toBeNull();
    expect(container.querySelector('#root_legal_name')).toBeNull();
    expect(container.querySelector('#root_individual_2_first_name')).toBeNull();
  });

  it('a choice brings its fields in and takes the others out', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = renderStep('owner', ownerWith(undefined));
    await user.selectOptions(screen.getByLabelText(specText('owner.owner_type.title')), 'Different Individual');
    expect(container.querySelector('#root_first_name')).not.toBeNull();
    expect(container.querySelector('#root_legal_name')).toBeNull();
    await user.selectOptions(screen.getByLabelText(specText('owner.owner_type.title')), 'Corporation/Trust/Entity');
    expect(container.querySelector('#root_first_name')).toBeNull();
    expect(screen.getByLabelText('Legal Name')).toBeTruthy();
  });

  it('a section disappears while all its fields are hidden', () => {
    renderStep('owner', ownerWith('individual', 'term_life'));
    expect(screen.queryByRole('heading', { name: specText('owner.sections.third_party.title') })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Personal Information' })).toBeTruthy();
    cleanup();
    renderStep('owner', ownerWith('individual', 'whole_life'));
    expect(screen.getByRole('heading', { name: specText('owner.sections.third_party.title') })).toBeTruthy();
  });

  it('a field inside a list row follows its own rule (trustee section for a minor beneficiary)', async () => {
    const user = userEvent.setup({ delay: null });
    renderStep('beneficiary', example('beneficiary', 'one-beneficiary'));
    expect(
      screen.queryByRole('heading', {
        name: specText('beneficiary.insured_beneficiaries.sections.primary_trustee.title'),
      }),
    ).toBeNull();
    const year = new Date().getFullYear() - 5;
    const dob = screen.getByLabelText(specText('beneficiary.beneficiary.date_of_birth.title'));
    await user.type(dob, `${year}-01-15`);
    await user.tab();
    expect(
      await screen.findByRole('heading', {
        name: specText('beneficiary.insured_beneficiaries.sections.primary_trustee.title'),
      }),
    ).toBeTruthy();
    expect((screen.getByLabelText('Minor') as HTMLInputElement).value).toBe('Yes');
  });

  it('texts from the engine replace a section title', () => {
    renderStep('owner', example('owner', 'joint-insureds'));
    expect(screen.getByRole('heading', { name: specText('owner.texts.identity.text') })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Identity Verification' })).toBeNull();
  });

  it('texts from the engine replace a label', async () => {
    const user = userEvent.setup({ delay: null });
    renderStep('basic', example('basic', 'new-application'), {
      fields: ['application_type', 'existing_policy_number'],
    });
    expect(screen.queryByLabelText(/Policy Number/)).toBeNull();
    await user.selectOptions(screen.getByLabelText('Application Type'), 'Internal Replacement');
    expect(screen.getByLabelText(specText('basic.texts.REPLACEMENT.text'))).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Application Type'), 'Linked Applications');
    expect(screen.getByLabelText(specText('basic.texts.LINKED.text'))).toBeTruthy();
  });

  it('a page draws only its own fields', () => {
    const { container } = renderStep('basic', example('basic', 'new-application'), {
      fields: ['is_canadian_tax_resident'],
    });
    expect(screen.getByRole('group', { name: specText('basic.is_canadian_tax_resident.title') })).toBeTruthy();
    expect(container.querySelectorAll('fieldset, .field-control')).toHaveLength(1);
  });

  it("a read-only rule locks a field that still shows (an insured owner's copied ID)", () => {
    renderStep('owner', example('owner', 'insured-1'));
    expect((screen.getByLabelText('ID Number') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText(specText('owner.primary_id_expiry.title')) as HTMLInputElement).readOnly).toBe(true);
    cleanup();
    renderStep('owner', ownerWith('individual'));
    expect((screen.getByLabelText('ID Number') as HTMLInputElement).readOnly).toBe(false);
  });
});
