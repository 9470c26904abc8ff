// @vitest-environment jsdom
/** Provinces and territories: a select from flow.json's one list, in every step that asks for one (issue 11). */
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { definitions, example } from '../support/engine.ts';
import { renderStep } from './helpers.tsx';
import { specText } from '../support/specText.ts';

describe('province fields', () => {
  it('offer the 13 provinces and territories by name and store the code', async () => {
    const { changes } = renderStep('owner', example('owner', 'individual'));
    const select = document.querySelector<HTMLSelectElement>('#root_province');
    if (!select) throw new Error('no province select');
    const names = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toEqual(
      expect.arrayContaining(['Ontario', 'Quebec', 'Nunavut', 'Yukon', specText('flow.lists.provinces.NL.name')]),
    );
    expect(names.filter((n) => !/^Select/.test(n ?? ''))).toHaveLength(13);
    await userEvent.setup({ delay: null }).selectOptions(select, 'Quebec');
    expect(changes.at(-1)?.record.province).toBe('QC');
  });

  it('are selects wherever a step asks for a province: one list, in flow.json', () => {
    for (const stepId of ['owner', 'proposed-insured']) {
      const text = JSON.stringify(definitions.steps[stepId].ui);
      const provinces = text.match(/"[a-z0-9_]*province":\{[^}]*\}/g) ?? [];
      expect(provinces.length).toBeGreaterThan(0);
      for (const p of provinces) expect(p).toContain('"ui:widget":"lookupSelect"');
    }
    expect(definitions.flow.lists?.provinces).toHaveLength(13);
  });
});
