// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HistoryPanel, type HistoryEntry } from '../../app/components/HistoryPanel.tsx';
import { flow } from 'virtual:steps';
import { loadSteps } from '../../app/screening/definitions.ts';
import { definitionText } from '../support/definitionText.ts';
import { mockApi, signIn } from './support.tsx';

beforeEach(() => {
  sessionStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

const flowTitle = (id: string): string => flow.steps.find((s: { id: string; title: string }) => s.id === id)!.title;

const entry = (id: number, over: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id,
  at: '2026-11-24T15:04:00.000Z',
  user: { id: 1, username: 'olivia' },
  entity: 'step',
  entity_id: 'purpose-of-insurance',
  changes: [{ field: 'purpose_of_insurance', from: 'income_replacement', to: 'key_person' }],
  ...over,
});

describe('the History panel of a client', () => {
  it('lists who changed which answers, from what to what, newest first', async () => {
    mockApi({
      'GET /api/clients/7/history/?limit=25': () => ({
        body: {
          results: [
            entry(3),
            entry(2, {
              entity: 'client',
              entity_id: '7',
              changes: [{ field: 'city', from: null, to: 'Lethbridge' }],
              user: { id: 2, username: 'sam' },
            }),
            entry(1, { entity_id: 'tax-information', changes: [{ field: 'owner1_sin_part1', from: null, to: '•••' }] }),
          ],
        },
      }),
    });
    render(<HistoryPanel clientId="7" />);
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(items).toHaveLength(3);
    // The steps named load in the background: their fields then read as the form titles them (next test).
    await waitFor(() => expect(items[0]).toHaveTextContent(`${flowTitle('purpose-of-insurance')} by olivia`));
    expect(items[0]).toHaveTextContent(/→/);
    expect(items[1]).toHaveTextContent('Client profile');
    expect(items[1]).toHaveTextContent('by sam');
    expect(items[1]).toHaveTextContent('City: — → Lethbridge');
    expect(items[2]).toHaveTextContent(/: — → •••$/);
    expect(screen.queryByRole('button', { name: 'Show older changes' })).not.toBeInTheDocument();
  });

  it('names steps by their flow titles, and fields and options as the loaded definitions title them', async () => {
    await loadSteps(['purpose-of-insurance', 'client-profile']);
    mockApi({
      'GET /api/clients/7/history/?limit=25': () => ({
        body: {
          results: [
            entry(2),
            entry(1, {
              entity: 'client',
              entity_id: '7',
              changes: [{ field: 'gender_sex_at_birth', from: null, to: 'female' }],
            }),
          ],
        },
      }),
    });
    render(<HistoryPanel clientId="7" />);
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(items[0]).toHaveTextContent(`${flowTitle('purpose-of-insurance')} by olivia`);
    const ui = (file: string, pointer: string) => definitionText(file, pointer);
    const purpose = `${ui('purpose-of-insurance/ui.json', '/ui:sections/0/title')} › ${ui('purpose-of-insurance/ui.json', '/purpose_of_insurance/ui:title')}`;
    const option = (code: string) => ui('purpose-of-insurance/ui.json', `/purpose_of_insurance/ui:enumNames/${code}`);
    expect(items[0]).toHaveTextContent(`${purpose}: ${option('income_replacement')} → ${option('key_person')}`);
    expect(items[1]).toHaveTextContent(
      `${ui('client-profile/ui.json', '/gender_sex_at_birth/ui:title')}: — → ${ui('client-profile/ui.json', '/gender_sex_at_birth/ui:enumNames/female')}`,
    );
  });

  it("lists a step's changes in the order its form asks them, and shows every one of a long entry on request", async () => {
    await loadSteps(['multi-owner']);
    // As the audit trail records them: by field name, not in the form's order.
    const fields = [
      'no_survivorship',
      'owner1_successor_first_name',
      'owner1_successor_last_name',
      'owner1_successor_middle_name',
      'owner1_successor_relationship',
      'owner2_successor_first_name',
      'owner2_successor_last_name',
      'owner2_successor_middle_name',
      'owner2_successor_relationship',
      'subrogated_owner',
    ];
    const changes = [...fields, ...fields.map((f) => `${f}_unknown`)]
      .sort()
      .map((field, i) => ({ field, from: null, to: `value ${i}` }));
    mockApi({
      'GET /api/clients/7/history/?limit=25': () => ({
        body: { results: [entry(1, { entity_id: 'multi-owner', changes })] },
      }),
    });
    render(<HistoryPanel clientId="7" />);
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    const shown = () =>
      within(list)
        .getAllByRole('listitem')
        .filter((li) => li.firstElementChild?.classList.contains('history-field'))
        .map((li) => li.textContent ?? '');
    expect(shown()).toHaveLength(12);
    // The form's order: ui:order in multi-owner/ui.json, fields the definition does not know after them.
    const ui = (await import('../../steps/multi-owner/ui.json')).default as { 'ui:order': string[] };
    const formOrder = ui['ui:order'].filter((f) => fields.includes(f));
    const valueOf = (field: string) => `value ${changes.findIndex((c) => c.field === field)}`;
    expect(
      shown()
        .slice(0, formOrder.length)
        .map((text) => text.split(' → ')[1]),
    ).toEqual(formOrder.map(valueOf));
    await userEvent.click(screen.getByRole('button', { name: `Show ${changes.length - 12} more` }));
    expect(shown()).toHaveLength(changes.length);
    expect(
      shown()
        .slice(formOrder.length)
        .every((text) => /_unknown|Unknown/.test(text)),
    ).toBe(true);
    expect(screen.queryByRole('button', { name: /^Show \d+ more$/ })).not.toBeInTheDocument();
  });

  it('loads older changes on request, and says so when none are recorded', async () => {
    const page = Array.from({ length: 25 }, (_, i) => entry(100 - i));
    const api = mockApi({
      'GET /api/clients/7/history/?limit=25': () => ({ body: { results: page } }),
      'GET /api/clients/7/history/?limit=25&before=76': () => ({ body: { results: [entry(5)] } }),
      'GET /api/clients/8/history/?limit=25': () => ({ body: { results: [] } }),
    });
    render(<HistoryPanel clientId="7" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Show older changes' }));
    const list = screen.getByRole('list', { name: 'Changes, newest first' });
    await vi.waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .filter((li) => li.parentElement === list),
      ).toHaveLength(26),
    );
    expect(api.calls()).toContain('GET /api/clients/7/history/?limit=25&before=76');
    expect(screen.queryByRole('button', { name: 'Show older changes' })).not.toBeInTheDocument();

    render(<HistoryPanel clientId="8" />);
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
  });
});
