// @vitest-environment jsdom
/**
 * Issue 24, item 1: a step never blanks what the client record holds. A proposed insured opens prefilled from the
 * client record; a field hidden when the step loads (the email, without consent to electronic documents) shows the
 * record's value when a rule reveals it, and is saved with it. Clearing hidden answers applies to what the adviser
 * typed on the step.
 */
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplicationData, JsonObject } from '../../engine/index.ts';
import { renderStep } from './helpers.tsx';
import { specText } from '../support/specText.ts';

afterEach(cleanup);

const EMAIL = 'ryan.obrien@example.ca';

/** The proposed insured as the screening's load answers it: insured 1 read from the client record, with its email. */
function fromClientRecord(): ApplicationData {
  return {
    'proposed-insured': {
      number_of_insureds: 1,
      insured_1: {
        first_name: 'Ryan',
        last_name: "O'Brien",
        date_of_birth: '1980-03-14',
        gender_sex_at_birth: 'male',
        phone_primary: '416-555-0134',
        email: EMAIL,
      },
    },
    $context: { clientId: '7' },
  };
}

const insured1 = (record: JsonObject) => record.insured_1 as JsonObject;

describe("a field a rule reveals shows the client record's value", () => {
  it('ticking the consent shows the email the client record holds, and the record sent keeps it', async () => {
    const user = userEvent.setup({ delay: null });
    const { ref } = renderStep('proposed-insured', fromClientRecord(), { fields: ['insured_1'] });
    expect(screen.queryByLabelText('Email Address')).toBeNull();
    await user.click(screen.getByLabelText(specText('proposed-insured.insured.email_consent.title')));
    expect((await screen.findByLabelText<HTMLInputElement>('Email Address')).value).toBe(EMAIL);
    expect(insured1(ref.current!.flush()).email).toBe(EMAIL);
  });

  it("what the adviser typed is cleared when hidden; shown again, the field holds the record's value", async () => {
    const user = userEvent.setup({ delay: null });
    const { ref } = renderStep('proposed-insured', fromClientRecord(), { fields: ['insured_1'] });
    const consent = screen.getByLabelText(specText('proposed-insured.insured.email_consent.title'));
    await user.click(consent);
    const email = await screen.findByLabelText<HTMLInputElement>('Email Address');
    await user.clear(email);
    await user.type(email, 'typed.here@example.ca');
    await user.tab();
    expect(insured1(ref.current!.flush()).email).toBe('typed.here@example.ca');
    await user.click(consent);
    expect(screen.queryByLabelText('Email Address')).toBeNull();
    expect(insured1(ref.current!.flush())).not.toHaveProperty('email');
    await user.click(consent);
    expect((await screen.findByLabelText<HTMLInputElement>('Email Address')).value).toBe(EMAIL);
  });

  it('an answer the adviser empties while it shows stays empty', async () => {
    const user = userEvent.setup({ delay: null });
    const data = fromClientRecord();
    insured1(data['proposed-insured'] as JsonObject).email_consent = true;
    const { ref } = renderStep('proposed-insured', data, { fields: ['insured_1'] });
    await user.clear(screen.getByLabelText('Email Address'));
    await user.tab();
    // Another change after it: the emptied field is not filled again.
    await user.type(screen.getByLabelText(/^First Name/), 'y');
    await user.tab();
    expect(insured1(ref.current!.flush()).email ?? null).toBeNull();
    expect((screen.getByLabelText('Email Address') as HTMLInputElement).value).toBe('');
  });
});
