// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import full from '../../steps/screening-review/examples/full-application.json';
import generationUi from '../../steps/pdf-generation/ui.json';
import { mockApi, renderRoute, signIn } from './support.tsx';

const { messages } = generationUi['ui:options'];
const fill = (text: string, name: string): string => text.replace(/\{name\}/g, name);
const { $context: _context, ...complete } = full.data;
const GENERATE = 'POST /api/pdf/generate_pdf/';
const SAVE = 'PUT /api/screening/2087/pdf-generation/';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

/** The complete application with a Manulife joint plan beside its BMO one, and these insurers ticked. */
function application(chosen: string[]): Record<string, unknown> {
  const plans = structuredClone(complete['plan-details']);
  plans.joint_plan_options.push({
    product_type: 'whole_life',
    plan_name: 'manulife_par_20_pay',
    coverage_type: 'joint_last_to_die',
    face_amount: 500000,
  });
  return { ...complete, 'plan-details': plans, 'pdf-generation': { populate_forms: chosen } };
}

/** The wizard's generation page; the adviser holds codes for BMO and Sun Life only. */
function generationApi(saved: Record<string, unknown>) {
  return mockApi({
    'GET /api/screening/2087/?incomplete=true': () => ({ body: saved }),
    'GET /api/profile/': () => ({
      body: {
        profile: {
          full_name: 'Dana Adviser',
          licence_number: 'L-1',
          licence_provinces: ['ON'],
          agency: 'Agency',
          adviser_codes: { BMO: 'B-100', SUNLIFE: 'S-200' },
        },
        updated_at: null,
        insurers: [],
        provinces: [],
      },
    }),
    [SAVE]: ({ body }) => ({ body }),
    [GENERATE]: () => ({ body: { data: { s3_url: '/api/pdf/files/gen-1/', id: 'gen-1' }, summary: {} } }),
  });
}

async function page() {
  renderRoute('/client/2087/screening/pdf-generation');
  await screen.findByRole('checkbox', { name: 'BMO' }, { timeout: 20000 });
  // The profile's codes arrive after the page.
  await waitFor(() =>
    expect(screen.getByRole('checkbox', { name: 'Manulife' })).toHaveAccessibleDescription(
      `${fill(messages.noAdviserCode, 'Manulife')}. ${messages.profileLinkLabel}`,
    ),
  );
}

describe('generation offers each insurer the application can be generated for (issue 26)', () => {
  it('greys an insurer without a plan of its own, and one without an adviser code, each saying why', async () => {
    generationApi(application([]));
    await page();
    const sunLife = screen.getByRole('checkbox', { name: 'Sun Life' });
    expect(sunLife).toBeDisabled();
    expect(sunLife).toHaveAccessibleDescription(fill(messages.noPlan, 'Sun Life'));
    expect(screen.getByRole('checkbox', { name: 'Beneva' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Canada Life' })).toHaveAccessibleDescription(
      fill(messages.noPlan, 'Canada Life'),
    );
    // Manulife has a plan; the adviser's profile has no Manulife code.
    const manulife = screen.getByRole('checkbox', { name: 'Manulife' });
    expect(manulife).toBeDisabled();
    expect(manulife).toHaveAccessibleDescription(
      `${fill(messages.noAdviserCode, 'Manulife')}. ${messages.profileLinkLabel}`,
    );
    const reason = document.getElementById(manulife.getAttribute('aria-describedby')!)!;
    expect(within(reason).getByRole('link', { name: messages.profileLinkLabel })).toHaveAttribute(
      'href',
      '/account/profile',
    );
    expect(screen.getByRole('checkbox', { name: 'BMO' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'BMO' })).not.toHaveAccessibleDescription();
  });

  it('a ticked insurer that lost its plan stays untickable and is never sent, until it is unticked', async () => {
    const api = generationApi(application(['BMO', 'SUNLIFE']));
    const user = userEvent.setup({ delay: null });
    await page();
    const sunLife = screen.getByRole('checkbox', { name: 'Sun Life' });
    expect(sunLife).toBeChecked();
    expect(sunLife).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Generate Application' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(fill(messages.noPlan, 'Sun Life'));
    expect(api.calls()).not.toContain(SAVE);
    expect(api.calls()).not.toContain(GENERATE);

    await user.click(sunLife);
    expect(sunLife).not.toBeChecked();
    expect(sunLife).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Generate Application' }));
    await waitFor(() => expect(api.calls()).toContain(GENERATE));
    expect(api.bodyOf(GENERATE)).toMatchObject({ populate_forms: ['BMO'] });
  });
});
