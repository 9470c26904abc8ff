// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, PDF_BYTES, renderRoute, signIn } from './support.tsx';
import { definitionValue } from '../support/specText.ts';
import type { SigningState } from '../../app/signing/types.ts';

// The consent the server sends is the one steps/ defines.
const consent = definitionValue(
  'pdf-generation/documents/signing.json',
  '/document/consent',
) as SigningState['consent'];
const BASE = '/api/applications/app-1';
const DOC = `${BASE}/signing/documents/bmo.pdf`;

const state: SigningState = {
  consent,
  documents: [{ insurer: 'BMO', name: 'bmo.pdf', sha256: 'abc123', url: DOC }],
  signers: [
    { id: 'insured-1', label: 'Proposed insured', name: 'Olivia Bennett', roles: ['insured'], for: null, signed: null },
    { id: 'adviser', label: 'Adviser', name: 'Sam Adviser', roles: ['adviser'], for: null, signed: null },
  ],
  next: 'insured-1',
  voided: [],
  signed: [],
};

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  signIn();
  URL.createObjectURL = vi.fn(() => 'blob:doc');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

function signingApi(post: Parameters<typeof mockApi>[0][string]) {
  return mockApi({
    [`GET ${BASE}/signing/`]: () => ({ body: state }),
    [`GET ${DOC}`]: () => ({ raw: PDF_BYTES, headers: { 'Content-Type': 'application/pdf' } }),
    [`POST ${BASE}/signatures/`]: post,
  });
}

/** Signs by keyboard only: tab to the consent, space; the "Type my name" radio, type the name; Enter on "Sign". */
async function signByKeyboard(user: ReturnType<typeof userEvent.setup>, name: string) {
  renderRoute('/applications/app-1/sign');
  const checkbox = await screen.findByRole('checkbox', { name: new RegExp(consent.title) });
  checkbox.focus();
  await user.keyboard(' ');
  const typeMode = screen.getByRole('radio', { name: 'Type my name' });
  typeMode.focus();
  await user.keyboard(' ');
  await user.tab();
  expect(screen.getByRole('textbox', { name: 'Type your full name to sign' })).toHaveFocus();
  await user.keyboard(name);
  screen.getByRole('button', { name: 'Sign' }).focus();
  await user.keyboard('{Enter}');
}

describe('signing ceremony', () => {
  it('signs by typing, with the keyboard only, and posts the signer, the name, the consent and the hashes', async () => {
    const user = userEvent.setup({ delay: null });
    const api = signingApi(() => ({
      status: 201,
      body: { signer: 'insured-1', at: '2026-11-29T05:00:00Z', complete: false },
    }));
    await signByKeyboard(user, 'Olivia Bennett');
    await waitFor(() => expect(api.calls()).toContain(`POST ${BASE}/signatures/`));
    expect(api.bodyOf(`POST ${BASE}/signatures/`)).toEqual({
      signer: 'insured-1',
      name: 'Olivia Bennett',
      method: 'typed',
      consent_version: consent.version,
      documents: [{ name: 'bmo.pdf', sha256: 'abc123' }],
    });
  });

  it("shows a server 400's message beside the field it names", async () => {
    const user = userEvent.setup({ delay: null });
    const message = 'The name does not match the signer';
    signingApi(() => ({ status: 400, body: { error: message, errors: [{ field: 'name', message }] } }));
    await signByKeyboard(user, 'Someone Else');
    const field = screen.getByRole('textbox', { name: 'Type your full name to sign' });
    // The field's hint ("As it appears here: …") stays in its description beside the server's message.
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the documents to read and the consent from the server', async () => {
    signingApi(() => ({ status: 500 }));
    renderRoute('/applications/app-1/sign');
    expect(await screen.findByText(consent.text)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Open bmo.pdf' })).toHaveAttribute('href', 'blob:doc');
  });
  it('lists each signed PDF once everyone signed, and opens it in a new tab', async () => {
    const url = `${BASE}/signed/bmo-signed.pdf`;
    const done: SigningState = {
      ...state,
      signers: state.signers.map((signer) => ({ ...signer, signed: { at: '2026-11-29T05:00:00Z', method: 'typed' } })),
      next: null,
      signed: [{ insurer: 'BMO', name: 'bmo-signed.pdf', sha256: 'def456', url }],
    };
    const api = mockApi({
      [`GET ${BASE}/signing/`]: () => ({ body: done }),
      [`GET ${url}`]: () => ({ raw: PDF_BYTES, headers: { 'Content-Type': 'application/pdf' } }),
    });
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    renderRoute('/applications/app-1/sign');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'bmo-signed.pdf' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(api.calls()).toContain(`GET ${url}`));
    await waitFor(() => expect(tab.location.href).toBe('blob:doc'));
  });

  it('says why the signatures were voided while the signers sign again', async () => {
    const reason = 'An answer changed in a step after the signatures: the application must be signed again.';
    mockApi({
      [`GET ${BASE}/signing/`]: () => ({
        body: { ...state, voided: [{ signer: 'insured-1', at: '2026-11-29T05:00:00Z', reason }] },
      }),
      [`GET ${DOC}`]: () => ({ raw: PDF_BYTES, headers: { 'Content-Type': 'application/pdf' } }),
    });
    renderRoute('/applications/app-1/sign');
    expect(await screen.findByText(new RegExp(reason))).toBeInTheDocument();
  });
});
