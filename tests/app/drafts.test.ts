// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { DRAFT_DAYS, readDraft, writeDraft } from '../../app/screening/drafts.ts';
import { definitions } from '../support/engine.ts';

afterEach(() => localStorage.clear());

describe('drafts kept in the browser', () => {
  it('never keep a SIN: the secret answers of a step are left out, the others kept', () => {
    const record = {
      owner1_sin_part1: '046',
      owner1_sin_part2: '454',
      owner1_sin_part3: '286',
      owner1_fatca_status: 'no',
    };
    writeDraft('7', 'tax-information', record, undefined, definitions.steps['tax-information']);
    const stored = JSON.stringify(
      Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])),
    );
    expect(stored).not.toContain('046');
    expect(stored).not.toContain('454');
    expect(stored).not.toContain('286');
    expect(readDraft('7', 'tax-information')?.record).toEqual({ owner1_fatca_status: 'no' });
  });

  it(`expire after ${DRAFT_DAYS} days: an older draft is removed, not restored`, () => {
    writeDraft('7', 'medical', { has_medical_conditions: true }, undefined, definitions.steps.medical);
    const savedAt = Date.parse(JSON.parse(localStorage.getItem('screening-draft:7:medical') ?? '{}').savedAt);
    const day = 24 * 60 * 60 * 1000;
    expect(readDraft('7', 'medical', savedAt + (DRAFT_DAYS - 1) * day)?.record).toEqual({
      has_medical_conditions: true,
    });
    expect(readDraft('7', 'medical', savedAt + DRAFT_DAYS * day + 1)).toBeNull();
    expect(localStorage.getItem('screening-draft:7:medical')).toBeNull();
  });
});
