// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDLE_COMMIT_MS } from '../../renderer/useDraft.ts';
import type { JsonObject } from '../../engine/index.ts';
import { example } from '../support/engine.ts';
import { renderStep } from './helpers.tsx';
import { specText, specTextPattern } from '../support/specText.ts';

afterEach(cleanup);

const individualOwner = () => {
  const data = example('owner', 'individual');
  return data;
};

describe('text widgets', () => {
  it('keep typing local and commit on blur', async () => {
    // Keys back to back (no timer between them): a pause in typing is what commits, and there is none here.
    const user = userEvent.setup({ delay: null });
    const { changes, ref } = renderStep('owner', individualOwner());
    const city = screen.getByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Halifax');
    expect(changes).toHaveLength(0);
    expect(city).toHaveProperty('value', 'Halifax');
    await user.tab();
    expect(changes).toHaveLength(1);
    expect(changes[0].record.city).toBe('Halifax');
    expect(ref.current!.flush().city).toBe('Halifax');
  });

  it('commit on Enter', async () => {
    const user = userEvent.setup({ delay: null });
    const { changes } = renderStep('owner', individualOwner());
    const city = screen.getByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Truro{Enter}');
    expect(changes.at(-1)?.record.city).toBe('Truro');
  });

  it('commit after a pause in typing', async () => {
    const user = userEvent.setup();
    const { changes } = renderStep('owner', individualOwner());
    const city = screen.getByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Sydney');
    await waitFor(() => expect(changes.at(-1)?.record.city).toBe('Sydney'), { timeout: IDLE_COMMIT_MS * 4 });
  });

  it('hand over typing not committed yet when the page asks (Next, Save, leaving)', async () => {
    const user = userEvent.setup();
    const { ref } = renderStep('owner', individualOwner());
    const city = screen.getByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Wolfville');
    let record: JsonObject = {};
    act(() => {
      record = ref.current!.flush();
    });
    expect(record.city).toBe('Wolfville');
  });

  it('store an emptied optional answer as null', async () => {
    const user = userEvent.setup({ delay: null });
    const { changes } = renderStep('owner', individualOwner());
    await user.clear(screen.getByLabelText('City'));
    await user.tab();
    expect(changes.at(-1)?.record.city).toBeNull();
  });

  it('read numbers, and keep text that is not a number so the definition message shows', async () => {
    const user = userEvent.setup({ delay: null });
    const { changes } = renderStep('owner', individualOwner());
    const years = screen.getByLabelText(specText('owner.years_at_address.title'));
    await user.clear(years);
    await user.type(years, '12');
    await user.tab();
    expect(changes.at(-1)?.record.years_at_address).toBe(12);
    await user.clear(years);
    await user.type(years, 'many');
    await user.tab();
    expect(changes.at(-1)?.view.errors).toContainEqual({
      field: 'years_at_address',
      message: specText('owner.years_at_address.errorMessage.type'),
    });
    expect(await screen.findByText(specText('owner.years_at_address.errorMessage.type'))).toBeTruthy();
  });

  it('money: Canadian dollars (en-CA) at rest, the raw amount while editing', async () => {
    const user = userEvent.setup({ delay: null });
    const { changes } = renderStep('plan-details', example('plan-details', 'single-life-term'));
    const amount = screen.getAllByLabelText('Face Amount')[0] as HTMLInputElement;
    expect(amount.value).toMatch(/^\$\d{1,3}(,\d{3})*$/);
    await user.click(amount);
    expect(amount.value).toMatch(/^\d+$/);
    await user.clear(amount);
    await user.type(amount, '$1,250,000');
    await user.tab();
    expect((changes.at(-1)?.record.single_life_options as JsonObject[])[0].face_amount).toBe(1250000);
    expect(amount.value).toBe('$1,250,000');
  });

  it('postal code is upper-cased as typed; phone uses a tel input', async () => {
    const user = userEvent.setup({ delay: null });
    const { changes } = renderStep('owner', individualOwner());
    const postal = screen.getByLabelText('Postal Code') as HTMLInputElement;
    await user.clear(postal);
    await user.type(postal, 'b3h 4r2');
    expect(postal.value).toBe('B3H 4R2');
    await user.tab();
    expect(changes.at(-1)?.record.postal_code).toBe('B3H 4R2');
    expect(screen.getByLabelText(specText('owner.mobile_phone.title'))).toHaveProperty('type', 'tel');
  });

  it('SIN parts take three digits each and move on to the next part', async () => {
    const user = userEvent.setup({ delay: null });
    const data = example('tax-information', 'one-owner');
    const { changes } = renderStep('tax-information', data);
    const [part1, part2] = screen
      .getAllByLabelText(specText('tax-information.owner1_sin_part1.title'))
      .concat(screen.getAllByLabelText(specText('tax-information.owner1_sin_part2.title'))) as HTMLInputElement[];
    await user.clear(part1);
    await user.type(part1, '12a34');
    expect(part1.value).toBe('123');
    expect(document.activeElement).toBe(part2);
    await user.tab();
    expect(changes.some((c) => c.record.owner1_sin_part1 === '123')).toBe(true);
  });
});

describe('choice widgets', () => {
  it('yesNo draws a labelled group of Yes and No radios that commit booleans', async () => {
    const user = userEvent.setup({ delay: null });
    const { changes } = renderStep('basic', example('basic', 'new-application'), { fields: ['speaks_english_french'] });
    const group = screen.getByRole('group', { name: specText('basic.speaks_english_french.title') });
    const no = within(group).getByLabelText('No');
    await user.click(no);
    expect(changes.at(-1)?.record.speaks_english_french).toBe(false);
    await user.click(within(group).getByLabelText('Yes'));
    expect(changes.at(-1)?.record.speaks_english_french).toBe(true);
  });

  it('select labels its options with ui:enumNames and commits the value', async () => {
    const user = userEvent.setup({ delay: null });
    const { changes } = renderStep('basic', example('basic', 'new-application'), {
      fields: ['application_type', 'existing_policy_number'],
    });
    const select = screen.getByLabelText('Application Type');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select...', 'New Application', 'Additional Coverage', 'Internal Replacement', 'Linked Applications']);
    await user.selectOptions(select, 'Linked Applications');
    expect(changes.at(-1)?.record.application_type).toBe('LINKED');
  });

  it('checkboxes keep the definition order of the chosen values', async () => {
    const user = userEvent.setup({ delay: null });
    const { changes } = renderStep('purpose-of-insurance', example('purpose-of-insurance', 'income-replacement'));
    const group = screen.getByRole('group', { name: specText('purpose-of-insurance.source_of_payment.title') });
    const boxes = within(group).getAllByRole('checkbox');
    await user.click(boxes[0]);
    const chosen = changes.at(-1)?.record.source_of_payment as string[];
    expect(chosen[0]).toBe('self_employment_income');
    expect(chosen).toContain('employment_income');
  });

  it('a checkbox carries its own label', async () => {
    const user = userEvent.setup({ delay: null });
    const { changes } = renderStep('beneficiary', example('beneficiary', 'one-beneficiary'));
    const box = screen.getByLabelText(specText('beneficiary.is_quebec_policy.title')) as HTMLInputElement;
    expect(box.type).toBe('checkbox');
    const before = box.checked;
    await user.click(box);
    expect(changes.at(-1)?.record.is_quebec_policy).toBe(!before);
  });

  it('toggleButton switches a boolean with its on and off labels', async () => {
    const user = userEvent.setup({ delay: null });
    const { changes } = renderStep('owner', individualOwner());
    const toggle = screen.getByRole('button', { name: specTextPattern('owner.has_second_individual_owner.offLabel') });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    expect(changes.at(-1)?.record.has_second_individual_owner).toBe(true);
    expect(
      screen
        .getByRole('button', { name: specTextPattern('owner.has_second_individual_owner.onLabel') })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('choiceButtons commit the pick and ask to go on', async () => {
    const user = userEvent.setup({ delay: null });
    const onRequestNext = vi.fn();
    const { changes } = renderStep(
      'proposed-insured',
      { 'proposed-insured': {} },
      { fields: ['number_of_insureds'], onRequestNext },
    );
    await user.click(screen.getByRole('button', { name: '2 Insureds' }));
    expect(changes.at(-1)?.record.number_of_insureds).toBe(2);
    await waitFor(() => expect(onRequestNext).toHaveBeenCalledTimes(1));
  });

  it('lookupSelect lists a context source with its optionLabel and firstOption', async () => {
    const user = userEvent.setup({ delay: null });
    const clients = [{ id: 7, first_name: 'Ana', last_name: 'Lopez', date_of_birth: '1985-03-04' }];
    const { changes } = renderStep('basic', { basic: {} }, { fields: ['client_id'], lookups: { clients } });
    const select = screen.getByLabelText('Select Client');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select...', specText('basic.client_id.firstOption.label'), 'Ana Lopez (1985-03-04)']);
    await user.selectOptions(select, 'Ana Lopez (1985-03-04)');
    expect(changes.at(-1)?.record.client_id).toBe(7);
  });

  it('lookupSelect says when its list failed to load', () => {
    renderStep('basic', { basic: {} }, { fields: ['client_id'], failedLookups: ['clients'] });
    expect(screen.getByText(specText('basic.client_id.loadErrorMessage'))).toBeTruthy();
  });

  it('picking a previous insured copies that person in (pickFrom effect through the engine)', async () => {
    const user = userEvent.setup({ delay: null });
    const data = example('proposed-insured', 'two-insureds');
    const previousInsureds = [
      { id: 55, first_name: 'Maria', last_name: 'Santos', date_of_birth: '1979-06-30', city: 'Laval' },
    ];
    data.$context = { ...(data.$context ?? {}), previousInsureds };
    const { changes } = renderStep('proposed-insured', data, { fields: ['insured_2'], lookups: { previousInsureds } });
    await user.selectOptions(
      screen.getByLabelText(specText('proposed-insured.insured.previous_insured_id.title')),
      'Maria Santos (1979-06-30)',
    );
    const insured2 = changes.at(-1)?.record.insured_2 as JsonObject;
    expect(insured2.first_name).toBe('Maria');
    // The widget shows the value the effect wrote.
    await waitFor(() =>
      expect((screen.getAllByLabelText('First Name') as HTMLInputElement[]).some((i) => i.value === 'Maria')).toBe(
        true,
      ),
    );
  });
});

describe('other widgets', () => {
  it('note draws its title and text in its tone', () => {
    const data = example('owner', 'insured-1');
    renderStep('owner', data);
    const note = screen.getByRole('note');
    expect(note.textContent).toContain(specText('owner.note_owner_insured_1.title'));
  });

  it('readonly shows the value with its enum label, not as an editable control', () => {
    renderStep('plan-details', example('plan-details', 'single-life-term'));
    const product = screen.getByLabelText('Product Type', { selector: '#root_product_type' }) as HTMLInputElement;
    expect(product.readOnly).toBe(true);
    expect(product.value).toBe('Term Life');
  });

  it('a computed amount reads as Canadian dollars: net worth "$530,000", not "530000" (issue 11)', () => {
    renderStep('financial', {
      'proposed-insured': { number_of_insureds: 1 },
      financial: { insured_1: { total_assets: 600000, total_liabilities: 70000 } },
    });
    const netWorth = document.querySelector<HTMLInputElement>('#root_insured_1_net_worth');
    expect(netWorth?.readOnly).toBe(true);
    expect(netWorth?.value).toBe('$530,000');
  });

  it('hidden widgets draw nothing', () => {
    const { container } = renderStep('owner', individualOwner());
    expect(container.querySelector('#root_ownership_type')).toBeNull();
    expect(container.querySelector('#root_is_corporate')).toBeNull();
  });

  it('a value changed from outside (an effect) reaches an input that was not being edited', async () => {
    const user = userEvent.setup({ delay: null });
    const data = example('owner', 'insured-1');
    const { changes } = renderStep('owner', {
      ...data,
      owner: { ...(data.owner as JsonObject), owner_type: 'individual' },
    });
    await user.selectOptions(
      screen.getByLabelText(specText('owner.owner_type.title')),
      specText('owner.owner_type.enumNames.insured_1'),
    );
    const idNumber = (data['proposed-insured'] as { insured_1: JsonObject }).insured_1.primary_id_number;
    expect(changes.at(-1)?.record.primary_id_number).toBe(idNumber);
    expect(screen.getByLabelText('ID Number')).toHaveProperty('value', idNumber);
  });

  it('an input edited by fireEvent still commits on blur (no user-event)', () => {
    const { changes } = renderStep('owner', individualOwner());
    const city = screen.getByLabelText('City');
    fireEvent.change(city, { target: { value: 'Digby' } });
    fireEvent.blur(city);
    expect(changes.at(-1)?.record.city).toBe('Digby');
  });
});
