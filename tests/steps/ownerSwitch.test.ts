/**
 * Issue 31, item 1: the owner's identity never moves to another person. Every switch between the five owner types
 * (5 x 4), from a complete owner of the first type: the answers given for the previous owner do not carry over,
 * the new choice's copies (an insured's ID) come in, the form is told which typed answers the switch would discard
 * (so it asks first) and never about a copy; and the record the browser then sends is saved as sent.
 */
import { engine, errorsOf, example, definitions } from '../support/engine.ts';
import type { ApplicationData, JsonObject } from '../../engine/index.ts';

const STEP = 'owner';
const TYPES = ['insured_1', 'insured_2', 'joint_insureds', 'individual', 'entity'] as const;
type OwnerType = (typeof TYPES)[number];

/** Two insureds with an ID each, on a universal life plan: every identity block of the owner shows. */
function application(): ApplicationData {
  const data = example(STEP, 'joint-insureds');
  delete data[STEP];
  return data;
}
const app = application();
const insured = (n: 1 | 2) => (app['proposed-insured'] as Record<string, JsonObject>)[`insured_${n}`];

/** What the owner step copies from an insured for each choice (the spec: the ID, from the chosen insured). */
function copiesOf(type: OwnerType): JsonObject {
  if (type !== 'insured_1' && type !== 'insured_2') return {};
  const from = insured(type === 'insured_1' ? 1 : 2);
  return {
    primary_id_type: from.primary_id_type,
    primary_id_number: from.primary_id_number,
    primary_id_expiry: from.primary_id_expiry,
  };
}

/** Identity answers typed for a person who is not an insured (Olga Stranger's passport). */
const TYPED_ID: JsonObject = {
  primary_id_type: 'passport',
  primary_id_number: 'OS445566',
  primary_id_expiry: '2032-05-31',
  primary_id_country_of_issue: 'Canada',
  primary_id_place_of_issue: 'Toronto, Ontario',
  is_physically_present: true,
  is_intermediary: false,
};

/** An example owner's answers, without its choice of type and what the rules compute from it. */
function answersOf(name: string): JsonObject {
  const answers = { ...(example(STEP, name)[STEP] as JsonObject) };
  for (const field of ['owner_type', 'ownership_type', 'selected_client_id']) delete answers[field];
  return answers;
}

/** The answers the adviser types for each owner type, on top of what the step copies. */
function typedFor(type: OwnerType): JsonObject {
  const declarations = {
    has_third_party_instructions: false,
    has_third_party_funds: false,
    suspect_third_party: false,
  };
  const verified = { primary_id_country_of_issue: 'Canada', is_physically_present: true, is_intermediary: false };
  switch (type) {
    case 'insured_1':
    case 'insured_2':
      return { ...declarations, ...verified, primary_id_place_of_issue: 'Ontario' };
    case 'joint_insureds':
      return answersOf('joint-insureds');
    case 'individual':
      return { ...answersOf('individual'), ...declarations, ...TYPED_ID, first_name: 'Olga', last_name: 'Stranger' };
    case 'entity':
      return answersOf('entity');
  }
}

/** The browser's view of a change: the engine with the previous record, as StepForm evaluates every edit. */
function change(record: JsonObject, previous?: JsonObject) {
  return engine.evaluateStep(STEP, { ...app, [STEP]: record }, previous ? { previous } : {});
}

/** A complete owner of a type as the adviser leaves it: chosen (copies in), then the rest typed. */
function ownerOf(type: OwnerType): JsonObject {
  const chosen = change({ owner_type: type }, {}).values;
  return change({ ...chosen, ...typedFor(type) }, chosen).values;
}

/** Fields whose values the rules compute whatever the adviser does (the stored ownership type, the client ids...). */
const COMPUTED = new Set(
  (definitions.steps[STEP].rules.computed ?? []).filter((r) => r.when === undefined).map((r) => r.field),
);
const IDENTITY = new Set(['id', 'client_id', 'owner_type']);

const pairs = TYPES.flatMap((from) => TYPES.filter((to) => to !== from).map((to) => [from, to] as const));

describe('switching the owner type (every pair of owner types)', () => {
  it.each(TYPES)('a complete %s owner is in good order before any switch', (type) => {
    expect(errorsOf(STEP, { ...app, [STEP]: ownerOf(type) })).toEqual([]);
  });

  it.each(pairs)(
    '%s -> %s: nothing given for the previous owner stays; the new choice brings its copies',
    (from, to) => {
      const before = ownerOf(from);
      const view = change({ ...before, owner_type: to }, before);
      const copies = copiesOf(to);
      const left = Object.entries(view.values).filter(
        ([field, value]) =>
          !IDENTITY.has(field) &&
          !COMPUTED.has(field) &&
          field !== 'has_second_individual_owner' &&
          value !== null &&
          value !== undefined &&
          !(field in copies),
      );
      expect(Object.fromEntries(left)).toEqual({});
      for (const [field, value] of Object.entries(copies)) expect(view.values[field], field).toEqual(value);
      // The second individual starts off with every change of owner type.
      expect(view.values.has_second_individual_owner ?? false).toBe(false);
      expect(view.values.id).toBe(before.id);
    },
  );

  it.each(pairs)('%s -> %s: the form is asked about every typed answer it discards, never about a copy', (from, to) => {
    const before = ownerOf(from);
    const view = change({ ...before, owner_type: to }, before);
    const typed = Object.entries(typedFor(from))
      .filter(([, value]) => value !== null && value !== undefined && value !== '')
      .filter(([field]) => !IDENTITY.has(field) && !COMPUTED.has(field))
      .filter(([field, value]) => JSON.stringify(view.values[field]) !== JSON.stringify(value))
      // A false toggle is where the second individual starts anyway.
      .filter(([field, value]) => !(field === 'has_second_individual_owner' && value === false))
      .map(([field]) => field);
    expect([...view.discarded].sort()).toEqual(typed.sort());
    for (const field of Object.keys(copiesOf(from)))
      if (view.values[field] !== before[field]) expect(view.discarded).not.toContain(field);
  });

  it.each(pairs)('%s -> %s: what the browser then sends is saved as sent, over the saved %s owner', (from, to) => {
    const before = ownerOf(from);
    const switched = change({ ...before, owner_type: to }, before).values;
    const sent = change({ ...switched, ...typedFor(to) }, switched).values;
    // The server evaluates the record it receives against the one it stored, never overwriting what was sent.
    const saved = engine.evaluateStep(STEP, { ...app, [STEP]: sent }, { previous: before, answered: sent });
    expect(saved.errors).toEqual([]);
    expect(saved.values).toEqual(sent);
    const { id: _i, client_id: _c, ...fresh } = ownerOf(to);
    void [_i, _c];
    expect(saved.values).toMatchObject(fresh);
  });

  it('the issue: Insured 1 then "Different Individual": the insured\'s passport is not saved as Olga Stranger\'s', () => {
    const data = example(STEP, 'joint-insureds');
    (data['proposed-insured'] as Record<string, JsonObject>).insured_1 = {
      ...insured(1),
      primary_id_type: 'passport',
      primary_id_number: 'AB123456',
      primary_id_expiry: '2031-02-28',
    };
    const chosen = engine.evaluateStep(STEP, { ...data, [STEP]: { owner_type: 'insured_1' } }, { previous: {} });
    expect(chosen.values).toMatchObject({ primary_id_number: 'AB123456', primary_id_expiry: '2031-02-28' });
    expect(chosen.readonly).toEqual(expect.arrayContaining(['primary_id_number', 'primary_id_expiry']));
    const switched = engine.evaluateStep(
      STEP,
      { ...data, [STEP]: { ...chosen.values, owner_type: 'individual', first_name: 'Olga', last_name: 'Stranger' } },
      { previous: chosen.values },
    );
    expect(switched.values.primary_id_number ?? null).toBeNull();
    expect(switched.values.primary_id_expiry ?? null).toBeNull();
    expect(switched.values.primary_id_type ?? null).toBeNull();
    expect(switched.discarded).toEqual([]);
    expect(switched.readonly).toEqual([]);
  });
});

describe("an insured owner's ID is the insured's whenever it shows", () => {
  it('shown again after the plan changed (chosen on a term plan, now universal life), it is there, read-only', () => {
    const data = example(STEP, 'insured-1');
    const term = { ...data, 'plan-details': { product_type: 'term_life' } };
    const chosen = engine.evaluateStep(STEP, { ...term, [STEP]: { owner_type: 'insured_1' } }, { previous: {} });
    expect(chosen.values).not.toHaveProperty('primary_id_number');
    const later = engine.evaluateStep(STEP, { ...data, [STEP]: chosen.values });
    expect(later.values).toMatchObject({ primary_id_number: 'T6512-81041-70417', primary_id_expiry: '2028-04-17' });
    expect(later.readonly).toEqual(expect.arrayContaining(['primary_id_number', 'primary_id_expiry']));
  });
});

describe('a switch is never undone by a field shown again', () => {
  it('an ID saved for a different individual, hidden since the plan changed, does not come back for the entity', () => {
    // Olga's ID was saved while the plan was universal life; a term plan now hides it, so the form holds none of it,
    // but the record the step was loaded from does.
    const saved = ownerOf('individual');
    const term: ApplicationData = { ...app, 'plan-details': { product_type: 'term_life' } };
    const loaded = engine.evaluateStep(STEP, { ...term, [STEP]: saved }, { source: saved });
    expect(loaded.values).not.toHaveProperty('primary_id_number');
    // An entity always shows the identity section: what is there is the entity's to give.
    const entity = engine.evaluateStep(
      STEP,
      { ...term, [STEP]: { ...loaded.values, owner_type: 'entity' } },
      { previous: loaded.values, source: loaded.source },
    );
    expect(entity.hidden).not.toContain('primary_id_number');
    expect(entity.values.primary_id_number ?? null).toBeNull();
    expect(entity.values.primary_id_type ?? null).toBeNull();
  });
});
