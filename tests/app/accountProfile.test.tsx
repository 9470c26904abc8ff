// @vitest-environment jsdom
/**
 * The adviser's profile page names the insurers and provinces as the server names them in the language shown, and
 * asks again on a language switch, keeping what the adviser has typed.
 */
import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import flowFr from '../../steps/i18n/fr.json';
import generationFr from '../../steps/pdf-generation/i18n/fr.json';
import { freshSignedIn, mockApi, renderRoute } from './support.tsx';

const PROFILE = {
  full_name: 'Alex Demo',
  licence_number: 'LLQP-1',
  licence_provinces: ['NL'],
  agency: 'Northshore MGA',
  adviser_codes: { CANADA_LIFE: 'CL-1' },
};
const NL = flowFr['flow.json#/lists/provinces/NL/name'];
const QC = flowFr['flow.json#/lists/provinces/QC/name'];
const CANADA_LIFE = generationFr['ui.json#/populate_forms/ui:enumNames/CANADA_LIFE'];

/** The server's answer in a language: its names come from that language's definitions. */
const answerIn = (french: boolean) => ({
  profile: PROFILE,
  updated_at: '2026-11-30T08:00:00Z',
  insurers: [{ id: 'CANADA_LIFE', name: french ? CANADA_LIFE.fr : CANADA_LIFE.en }],
  provinces: [
    { id: 'NL', name: french ? NL.fr : NL.en },
    { id: 'QC', name: french ? QC.fr : QC.en },
  ],
});

beforeEach(freshSignedIn);
afterEach(() => vi.unstubAllGlobals());

describe("the adviser's profile page", () => {
  it('names the provinces and insurers in the language shown, and keeps what was typed on a switch', async () => {
    const api = mockApi({
      'GET /api/profile/': ({ headers }) => ({
        body: answerIn((headers.get('accept-language') ?? '').startsWith('fr')),
      }),
      'GET /api/profile/history/': () => ({ body: { count: 0, next: null, previous: null, results: [] } }),
      'PATCH /api/clients/user_info/': () => ({ body: { language: 'fr' } }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute('/account/profile');
    expect(await screen.findByRole('checkbox', { name: NL.en }, { timeout: 10000 })).toBeChecked();
    const name = screen.getByRole('textbox', { name: /Full name/ });
    await user.clear(name);
    await user.type(name, 'Alexandra Demo');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Français');
    expect(await screen.findByRole('checkbox', { name: NL.fr }, { timeout: 10000 })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: QC.fr })).not.toBeChecked();
    expect(screen.getByText(CANADA_LIFE.fr)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Nom complet/ })).toHaveValue('Alexandra Demo');
    await waitFor(() => expect(api.calls().filter((c) => c === 'GET /api/profile/')).toHaveLength(2));
    // The trail's entries do not depend on the language: asked for once.
    expect(api.calls().filter((c) => c === 'GET /api/profile/history/')).toHaveLength(1);
  });
});
