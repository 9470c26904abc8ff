import { describe, expect, it } from 'vitest';
import { signingPlan, type DocumentMapping, type JsonObject } from '../../engine/index.ts';
import { definitions, example } from '../support/engine.ts';

const mapping = definitions.steps['pdf-generation'].documents?.signing as DocumentMapping;
const ADVISER = { $context: { adviser: { full_name: 'Anne Adviser' } } };

function plan(name: string, change?: (data: Record<string, JsonObject>) => void) {
  const data = example('owner', name) as Record<string, JsonObject>;
  change?.(data);
  return signingPlan(mapping, { ...data, ...ADVISER });
}
const ids = (p: ReturnType<typeof plan>) => p.signers.map((s) => s.id);
const roles = (p: ReturnType<typeof plan>, id: string) => p.signers.find((s) => s.id === id)?.roles;

describe('signingPlan: who signs, from the answers', () => {
  it('single insured who owns the policy signs once, as insured and owner, then the adviser', () => {
    const p = plan('insured-1');
    expect(ids(p)).toEqual(['insured_1', 'adviser']);
    expect(roles(p, 'insured_1')).toEqual(['insured', 'owner']);
    expect(p.signers[1]).toMatchObject({ roles: ['adviser'], name: 'Anne Adviser' });
  });

  it('single insured with an individual owner: the insured, the owner by name, the adviser', () => {
    const data = example('owner', 'individual') as Record<string, JsonObject>;
    const p = plan('individual');
    expect(ids(p)).toEqual(['insured_1', 'owner_1', 'adviser']);
    expect(roles(p, 'insured_1')).toEqual(['insured']);
    const owner = data.owner;
    expect(p.signers[1].name).toBe(`${String(owner.first_name)} ${String(owner.last_name)}`);
  });

  it('a second individual owner signs too', () => {
    expect(ids(plan('individual-second-owner'))).toEqual(['insured_1', 'owner_1', 'owner_2', 'adviser']);
  });

  it('joint insureds who own the policy: both insureds sign as insured and owner, then the adviser', () => {
    const p = plan('joint-insureds');
    expect(ids(p)).toEqual(['insured_1', 'insured_2', 'adviser']);
    expect(roles(p, 'insured_2')).toEqual(['insured', 'owner']);
  });

  it('a corporate owner signs through each of its signing officers, for the corporation, each with their title', () => {
    const p = plan('entity', (d) => {
      d.owner.signing_officers = [
        { name: 'Daniel Tremblay', title: 'President' },
        { name: 'Sophie Tremblay', title: 'Secretary' },
      ];
    });
    expect(ids(p)).toEqual(['insured_1', 'signing_officer_1', 'signing_officer_2', 'adviser']);
    expect(p.signers[1]).toMatchObject({
      roles: ['owner', 'signing_officer'],
      name: 'Daniel Tremblay',
      title: 'President',
      for: 'Tremblay Holdings Inc.',
    });
    expect(p.signers[2]).toMatchObject({ name: 'Sophie Tremblay', title: 'Secretary', for: 'Tremblay Holdings Inc.' });
  });

  it("one signing officer signs alone; the entity's contact person never stands in for one", () => {
    const one = plan('entity', (d) => {
      d.owner.signing_officers = [{ name: 'Marie Gagnon', title: 'Director' }];
    });
    expect(ids(one)).toEqual(['insured_1', 'signing_officer_1', 'adviser']);
    expect(one.signers[1].name).toBe('Marie Gagnon');
    // An entity owner saved before the officers were asked for: no owner signs until the adviser names them (the
    // owner step says so, and the application is not in good order).
    const none = plan('entity', (d) => {
      delete d.owner.signing_officers;
    });
    expect(ids(none)).toEqual(['insured_1', 'adviser']);
  });

  it('signing officers sign only for an entity owner', () => {
    const p = plan('individual', (d) => {
      d.owner.signing_officers = [{ name: 'Left Over', title: 'President' }];
    });
    expect(ids(p)).toEqual(['insured_1', 'owner_1', 'adviser']);
  });

  it('a definition entry that maps to a list gives one signer per item, in place', () => {
    const doc = {
      document: {
        signers: [
          { id: 'a' },
          { $each: { var: 'people' }, $to: { id: { var: '$item' }, label: 'Person' } },
          { id: 'adviser', roles: ['adviser'] },
        ],
      },
    };
    expect(signingPlan(doc as DocumentMapping, { people: ['p', 'q'] }).signers.map((s) => s.id)).toEqual([
      'a',
      'p',
      'q',
      'adviser',
    ]);
  });

  it('a minor insured does not sign: a parent or guardian signs for them, and gives their name when signing', () => {
    const p = plan('individual', (d) => {
      const year = new Date().getFullYear() - 10;
      (d['proposed-insured'].insured_1 as JsonObject).date_of_birth = `${year}-01-01`;
    });
    expect(ids(p)).toEqual(['guardian_1', 'owner_1', 'adviser']);
    expect(p.signers[0]).toMatchObject({ roles: ['guardian'], name: null });
    expect(p.signers[0].for).toMatch(/\S/);
  });

  it('a third-party payor signs before the adviser', () => {
    const p = plan('individual', (d) => {
      d.owner.has_third_party_payor = true;
      d.owner.third_party_name = 'Paula Payor';
    });
    expect(ids(p)).toEqual(['insured_1', 'owner_1', 'payor', 'adviser']);
    expect(p.signers[2].name).toBe('Paula Payor');
  });

  it('the adviser signs last even when a definition lists them first', () => {
    const doc = {
      document: {
        consent: {},
        signers: [
          { id: 'adviser', roles: ['adviser'] },
          { id: 'a', roles: [] },
        ],
      },
    };
    expect(signingPlan(doc as DocumentMapping, {}).signers.map((s) => s.id)).toEqual(['a', 'adviser']);
  });

  it('a definition giving one signer twice is an error, not two signatures', () => {
    const doc = { document: { signers: [{ id: 'a' }, { id: 'a' }] } };
    expect(() => signingPlan(doc as DocumentMapping, {})).toThrow(/twice/);
  });

  it('the consent to sign electronically is versioned text from the definition', () => {
    const { consent } = plan('insured-1');
    expect(consent.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(consent.text.length).toBeGreaterThan(40);
  });
});
