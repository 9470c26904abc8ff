import type { Kysely } from 'kysely';
import { applyLogic, getPath, setPath, maskValue, secretFields } from '../../engine/index.ts';
import { boundFields, clientBindings, type ClientBinding } from '../clients/clientRules.ts';
import type { ClientStore } from '../clients/createClientStore.ts';
import { visibleTo } from '../clients/visibleTo.ts';
import type { Database } from '../db/tables.ts';
import type { Language, ServerEngine } from '../definitions/createServerEngine.ts';
import { ApiError, badRequest, preconditionFailed } from '../http/apiError.ts';
import type { ClientView } from '../clients/clientSchemas.ts';
import type { ApplicationData, AuthUser, FieldError, JsonObject } from '../types.ts';
import { diffRecords, type MaskAt } from '../audit/diffRecords.ts';
import type { AuditLog } from '../audit/createAuditLog.ts';
import type { ScreeningStore, StoredScreening } from './createScreeningStore.ts';

/** The text of a 412 on a step record (the spec's wording for a save made over another window's). */
export const CONFLICT = 'This step was changed in another window';
/** Thrown inside a save's transaction when its compare-and-set finds another write first: rolls it back. */
const RACE = Symbol('race');
/** Retries of a merge raced by other saves before the caller is asked to try again. */
const MAX_TRIES = 20;

export interface SaveOptions {
  /**
   * A partial save (a page's "Save Progress", a PATCH): only errors of these top-level fields refuse the save.
   * The other fields come from the stored record, which was checked when they were saved.
   */
  fields?: string[];
  /** Maps an error's record path to the path the caller sent (spec envelopes). */
  fieldPath?: (recordPath: string) => string;
  /** The client's data as `load` answered it just before (so a call that read it first does not read it twice). */
  loaded?: ApplicationData;
  /**
   * The version of the step record the caller saw (its If-Match). When the stored record has another version, the
   * save is refused with 412 and the current record; without it, a merge is still atomic (retried on a race).
   */
  ifMatch?: number;
  /** The language of the refusal's messages (the request's Accept-Language); default English, the spec's texts. */
  lang?: Language;
}

/** What a save did, for the caller's answer and for whoever follows the screening (the application). */
export interface SaveResult {
  /** The step record as the engine saw it, with its objects kept in records of their own put back in. */
  values: JsonObject;
  /** Every step's data after the save. */
  data: ApplicationData;
  /** The step record's new version (its ETag). */
  version: number;
  /** The new versions of other steps' records the save wrote (its links and writes). */
  others: Record<string, number>;
  /** False when the save changed no answer (nothing was written). */
  changed: boolean;
}

/** Why a client's answers cannot change now (the life cycle: an insurer holds them), as the wizard is told. */
export interface ScreeningLock {
  /** The refusal a save would get, in English (the route answers it in the request's language). */
  message: string;
  /** The application that holds the answers: its page is where the adviser can withdraw it. */
  applicationId: number;
}

export interface ScreeningService {
  /**
   * Every step record of a client the user may see, with the objects kept in client records (a proposed insured)
   * read from those records, `$context` (clientId and the facts the definitions declare) and `$versions` (each step
   * record's version). 404 otherwise.
   */
  load(user: AuthUser, clientId: number, options?: { facts?: boolean }): Promise<ApplicationData>;
  /** Saves one step record whole after the engine's check; refused saves change nothing. */
  save(
    user: AuthUser,
    clientId: number,
    stepId: string,
    record: JsonObject,
    options?: SaveOptions,
  ): Promise<SaveResult>;
  /**
   * Merges top-level fields into the stored record; for a step with pages only the pages holding them are checked.
   * The merge is atomic: when another save of the record comes first, it is merged again on top of that one.
   */
  merge(
    user: AuthUser,
    clientId: number,
    stepId: string,
    changes: JsonObject,
    options?: Omit<SaveOptions, 'fields'>,
  ): Promise<SaveResult>;
  /** A context fact the definitions declare (contract.json `context`), for the user and client. */
  fact(user: AuthUser, clientId: number, name: string): Promise<unknown>;
  /**
   * A check run before a save that changes an answer is written (a save of the same answers is never refused): it
   * refuses by throwing an ApiError, and nothing is written (the life cycle locks a submitted application's answers).
   */
  guardChanges(guard: (user: AuthUser, clientId: number, stepId: string) => Promise<void>): void;
  /** The guards of guardChanges, run in order (Start Over asks them too). */
  checkChange(user: AuthUser, clientId: number, stepId: string): Promise<void>;
  /**
   * Says whether a client's answers are locked now (the life cycle registers it, with the same question its guard
   * asks), so the wizard knows before the adviser types: null when nothing holds them.
   */
  lockedBy(check: (clientId: number) => Promise<ScreeningLock | null>): void;
  /** The first lock a check of lockedBy answers for the client; null when none. */
  lockOf(clientId: number): Promise<ScreeningLock | null>;
  /**
   * The lock on a client record's own fields that are answers (a proposed insured's, `answerFields`): the first lock
   * of a screening that reads the record, the client's own or one that links it as an insured (insured 2 of another
   * client's application); null when none. The same checks as lockOf, asked of each.
   */
  recordLockOf(clientRecordId: number): Promise<ScreeningLock | null>;
  /** The fields of a client record that are screening answers: those of the step objects kept in client records. */
  answerFields: readonly string[];
  /** Called after every save, with its result (the application follows the screening). */
  onSaved(listener: (user: AuthUser, clientId: number, stepId: string, result: SaveResult) => Promise<void>): void;
}

type Fact = { stepId: string; linkedRecords: string };

/** A record id written as a number or as its decimal text; anything else is no id. */
function idOf(raw: unknown): number | null {
  if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0) return raw;
  return typeof raw === 'string' && /^[0-9]{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/**
 * The one save path of every step route, generic or spec-shaped: load the client's records (with bound records
 * composed in when the step's rules read them), let the engine evaluate the step (effects, computed values, hidden
 * answers dropped, errors), refuse with 400 on any error, else write. A step whose objects are kept in client
 * records (contract.json `records`) writes them, the step record without them, and its links and `writes` into
 * other steps' records, in one transaction. Every write is a compare-and-set on the record's version, and writes
 * its audit entry in the same transaction.
 * @param engine - the server's engine
 * @param store - the step records
 * @param clients - the client records
 * @param db - for the transactions of saves that write several records
 * @param audit - the audit trail
 */
export function createScreeningService(
  engine: ServerEngine,
  store: ScreeningStore,
  clients: ClientStore,
  db: Kysely<Database>,
  audit: AuditLog,
): ScreeningService {
  const bindings = clientBindings(engine);
  const bindingsOf = (stepId: string): ClientBinding[] => bindings.filter((b) => b.stepId === stepId);
  const fieldsOf = new Map(bindings.map((b) => [b, boundFields(engine, b)]));
  const linkedSteps = new Set(bindings.flatMap((b) => [b.stepId, b.link.split('.')[0]]));
  const facts = new Map<string, Fact>();
  for (const stepId of engine.order) {
    for (const [name, fact] of Object.entries(engine.definitions.steps[stepId]?.contract?.context ?? {}))
      facts.set(name, { stepId, ...fact });
  }
  const listeners: Parameters<ScreeningService['onSaved']>[0][] = [];
  const guards: Parameters<ScreeningService['guardChanges']>[0][] = [];
  const lockChecks: Parameters<ScreeningService['lockedBy']>[0][] = [];
  const checkChange: ScreeningService['checkChange'] = async (user, clientId, stepId) => {
    for (const guard of guards) await guard(user, clientId, stepId);
  };
  const lockOf: ScreeningService['lockOf'] = async (clientId) => {
    for (const check of lockChecks) {
      const lock = await check(clientId);
      if (lock) return lock;
    }
    return null;
  };
  const recordLockOf: ScreeningService['recordLockOf'] = async (clientRecordId) => {
    const readers = await db
      .selectFrom('client_links')
      .select('client_id')
      .where('linked_client_id', '=', clientRecordId)
      .orderBy('client_id')
      .execute();
    for (const clientId of new Set([clientRecordId, ...readers.map((r) => r.client_id)])) {
      const lock = await lockOf(clientId);
      if (lock) return lock;
    }
    return null;
  };

  /** True when a step's rules or contract read a bound step's objects (so they must be composed first). */
  const readsBound = new Map<string, boolean>();
  const needsComposition = (stepId: string): boolean => {
    let needs = readsBound.get(stepId);
    if (needs === undefined) {
      const def = engine.definitions.steps[stepId];
      const text = JSON.stringify([def?.rules ?? {}, def?.contract ?? {}, def?.documents ?? {}]);
      needs = linkedSteps.has(stepId) || bindings.some((b) => text.includes(`"${b.stepId}.${b.path.split('.')[0]}`));
      readsBound.set(stepId, needs);
    }
    return needs;
  };

  const withContext = ({ data, versions }: StoredScreening, clientId: number): ApplicationData => ({
    ...data,
    $context: { ...data.$context, clientId: String(clientId) },
    $versions: versions,
  });
  /** The client's records with their context, and the client's own record for composing. */
  const read = async (user: AuthUser, clientId: number): Promise<{ stored: ApplicationData; own: ClientView[] }> => {
    const screening = await store.loadVisible(user, clientId);
    return { stored: withContext(screening, clientId), own: [screening.client] };
  };
  const versionOf = (data: ApplicationData, stepId: string): number =>
    Number((data.$versions as Record<string, number> | undefined)?.[stepId] ?? 0);

  /** The ids of the bound records, evaluated over the data (bindings whose `when` fails are left out). */
  const boundIds = (data: ApplicationData): Map<ClientBinding, number | null> => {
    const out = new Map<ClientBinding, number | null>();
    for (const b of bindings) {
      if (b.when !== undefined && !engine.holds(b.when, data)) continue;
      out.set(b, idOf(applyLogic(b.id, data)));
    }
    return out;
  };

  /**
   * Puts each bound client record's fields into its step object. The records already read (the client's own, read
   * with its step records) are not read again.
   */
  const compose = async (user: AuthUser, data: ApplicationData, known: ClientView[] = []): Promise<ApplicationData> => {
    const ids = boundIds(data);
    const have = new Map(known.map((c) => [c.id, c]));
    const missing = [...ids.values()].filter((id): id is number => id !== null && !have.has(id));
    const found = missing.length ? new Map([...have, ...(await clients.getMany(user, missing))]) : have;
    let out = data;
    for (const [b, id] of ids) {
      const client = id === null ? undefined : found.get(id);
      if (!client) continue;
      const object: JsonObject = { ...(getPath(out[b.stepId], b.path) as JsonObject | undefined) };
      for (const field of fieldsOf.get(b) ?? [])
        if (client[field] !== undefined && client[field] !== null) object[field] = client[field];
      out = { ...out, [b.stepId]: setPath((out[b.stepId] ?? {}) as JsonObject, b.path, object) };
    }
    return out;
  };

  const gatherFacts = async (user: AuthUser, clientId: number, stepId?: string): Promise<JsonObject> => {
    const out: JsonObject = {};
    for (const [name] of facts) {
      if (stepId !== undefined && !engine.usesContext(stepId, name)) continue;
      out[name] = await fact(user, clientId, name);
    }
    return out;
  };

  const fact = async (user: AuthUser, clientId: number, name: string): Promise<unknown> => {
    const declared = facts.get(name);
    if (!declared) return null;
    const rows = await db
      .selectFrom('client_links')
      .innerJoin('clients', 'clients.id', 'client_links.client_id')
      .select('client_links.linked_client_id')
      .where('client_links.link', '=', declared.linkedRecords)
      .where((eb) => visibleTo(user)(eb as unknown as Parameters<ReturnType<typeof visibleTo>>[0]))
      .execute();
    const found = await clients.getMany(
      user,
      rows.map((r) => r.linked_client_id),
    );
    return [...found.values()]
      .filter((c) => c.id !== clientId)
      .sort((a, b) => String(a.last_name).localeCompare(String(b.last_name)));
  };

  const load: ScreeningService['load'] = async (user, clientId, options = {}) => {
    const { stored, own } = await read(user, clientId);
    const data = await compose(user, stored, own);
    if (options.facts) data.$context = { ...data.$context, ...(await gatherFacts(user, clientId)) };
    return data;
  };

  const refuse = (errors: FieldError[], map?: (p: string) => string): ApiError =>
    badRequest(map ? errors.map((e) => ({ field: map(e.field), message: e.message })) : errors);

  // The audit trail records secret answers (SINs, `x-secret` in the step schemas) masked as everywhere else.
  const masks = new Map<string, MaskAt>();
  const secretPaths = (stepId: string): MaskAt => {
    let mask = masks.get(stepId);
    if (!mask) {
      const fields = secretFields(engine.definitions.steps[stepId]);
      mask = (path) => {
        const segments = path.split('.');
        const field = fields.find(
          (f) =>
            f.path.length === segments.length &&
            f.path.every((seg, i) => seg === segments[i] || (seg === '*' && /^\d+$/.test(segments[i]))),
        );
        return field ? (value) => maskValue(value, field.showLast) : undefined;
      };
      masks.set(stepId, mask);
    }
    return mask;
  };

  const stale = (before: ApplicationData, stepId: string): ApiError =>
    preconditionFailed(CONFLICT, before[stepId] ?? {}, versionOf(before, stepId));

  /**
   * One try of a save: read (unless the caller did), check, then compare-and-set. Answers null when another write
   * of the record came first, so the caller tries again on top of it.
   */
  const attempt = async (
    user: AuthUser,
    clientId: number,
    stepId: string,
    build: (stored: ApplicationData) => { record: JsonObject; answered: JsonObject },
    options: SaveOptions,
    atomic: boolean,
  ): Promise<SaveResult | null> => {
    const { loaded } = options;
    const { stored, own: self } = loaded ? { stored: loaded, own: [] } : await read(user, clientId);
    const before = needsComposition(stepId) && !loaded ? await compose(user, stored, self) : stored;
    if (options.ifMatch !== undefined && options.ifMatch !== versionOf(before, stepId)) throw stale(before, stepId);
    const expected = options.ifMatch ?? (atomic ? versionOf(before, stepId) : undefined);
    const { record, answered } = build(before);
    const data: ApplicationData = {
      ...before,
      [stepId]: record,
      $context: { ...before.$context, ...(await gatherFacts(user, clientId, stepId)) },
    };
    let values: JsonObject;
    let hidden: string[];
    try {
      // Effects fill around what was sent, never over it: the browser applied them as the adviser changed the
      // record, and what the adviser answered after (a share typed over an even split) is the answer.
      const evaluate = { previous: before[stepId], fields: options.fields, answered };
      const view = engine.evaluateStep(stepId, data, evaluate);
      // A refusal in French: the French definitions hold the same rules, so they refuse the same fields.
      if (view.errors.length && options.lang && options.lang !== 'en')
        throw refuse(engine.localized(options.lang).evaluateStep(stepId, data, evaluate).errors, options.fieldPath);
      if (view.errors.length) throw refuse(view.errors, options.fieldPath);
      values = view.values;
      hidden = view.hidden;
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw new ApiError(400, {
        error: 'The data could not be checked',
        errors: [{ field: '', message: 'The data could not be checked' }],
      });
    }
    const after: ApplicationData = { ...data, [stepId]: values };
    const own = bindingsOf(stepId);
    const writes = engine.definitions.steps[stepId]?.contract?.writes;
    // Links kept in this step's record (basic.proposed_insured_2 sent by the spec's basic call) name clients too.
    const held = bindings.filter((b) => b.link.split('.')[0] === stepId);
    const linkOf = (b: ClientBinding, record: unknown): number | null =>
      idOf(getPath(record, b.link.split('.').slice(1)));
    const heldIds = held.map((b) => linkOf(b, values)).filter((id): id is number => id !== null && id !== clientId);
    if (
      held.some(
        (b) =>
          getPath(values, b.link.split('.').slice(1)) !== undefined &&
          getPath(values, b.link.split('.').slice(1)) !== null &&
          linkOf(b, values) === null,
      )
    ) {
      throw refuse(
        held
          .map((b) => ({ field: b.link.split('.').slice(1).join('.'), message: 'Please select a valid client' }))
          .slice(0, 1),
        options.fieldPath,
      );
    }

    // The clients a save names (its bound objects, its links) must be the user's, checked before anything is written.
    const ids = own.length ? boundIds(after) : new Map<ClientBinding, number | null>();
    const wanted = [...own.map((b) => ids.get(b)).filter((id): id is number => typeof id === 'number'), ...heldIds];
    const visible = wanted.length ? await clients.getMany(user, wanted) : new Map();
    for (const b of own) {
      const id = ids.get(b);
      if (typeof id === 'number' && !visible.has(id))
        throw refuse([{ field: b.path, message: 'Please select a valid client' }], options.fieldPath);
    }
    for (const b of held) {
      const id = linkOf(b, values);
      if (id !== null && id !== clientId && !visible.has(id))
        throw refuse(
          [{ field: b.link.split('.').slice(1).join('.'), message: 'Please select a valid client' }],
          options.fieldPath,
        );
    }
    const syncLinks = async (on: Kysely<Database>, record: JsonObject): Promise<void> => {
      for (const b of held) {
        const id = linkOf(b, record);
        if (id === linkOf(b, before[stepId])) continue;
        await on.deleteFrom('client_links').where('client_id', '=', clientId).where('link', '=', b.link).execute();
        if (id !== null && id !== clientId)
          await on
            .insertInto('client_links')
            .values({ client_id: clientId, link: b.link, linked_client_id: id })
            .execute();
      }
    };

    // The trail compares records as stored: bound objects live in their client records (audited there).
    const storedRecord = own.reduce<JsonObject | undefined>(
      (r, b) => (r ? setPath(r, b.path, undefined) : r),
      stored[stepId],
    );
    const changesOf = (was: unknown, now: unknown, target = stepId) => diffRecords(was, now, secretPaths(target));
    const trail = (on: Kysely<Database>, target: string, changes: ReturnType<typeof diffRecords>): Promise<void> =>
      audit.record(on, { clientId, userId: user.id, entity: 'step', entityId: target, changes });

    if (!own.length && !writes) {
      // One comparison serves both: a save that changes nothing writes nothing (its version stays, so another
      // window's stays current), and a save that does records what it changed.
      const changes = changesOf(stored[stepId], values);
      const unchanged =
        stored[stepId] !== undefined &&
        changes.length === 0 &&
        held.every((b) => linkOf(b, values) === linkOf(b, stored[stepId]));
      if (!unchanged) await checkChange(user, clientId, stepId);
      const version = unchanged
        ? versionOf(stored, stepId)
        : await store.save(clientId, stepId, values, expected, {
            clientId,
            userId: user.id,
            entity: 'step',
            entityId: stepId,
            changes,
          });
      if (version === null) return null;
      await syncLinks(db, values);
      const result = { values, data: after, version, others: {}, changed: !unchanged };
      for (const listener of listeners) await listener(user, clientId, stepId, result);
      return result;
    }

    await checkChange(user, clientId, stepId);
    // A client record this save writes may hold another application's answers too (a client of its own named as
    // insured 2 here): a change to its fields is refused while that application is locked, as its profile's PATCH is.
    for (const b of own) {
      const id = ids.get(b);
      const object = getPath(values, b.path) as JsonObject | undefined;
      const current = typeof id === 'number' && id !== clientId ? visible.get(id) : undefined;
      if (!object || !current) continue;
      const changed = (fieldsOf.get(b) ?? []).some(
        (f) =>
          !hidden.includes(`${b.path}.${f}`) &&
          JSON.stringify(object[f] ?? null) !== JSON.stringify(current[f] ?? null),
      );
      const lock = changed ? await recordLockOf(id as number) : null;
      if (lock)
        throw new ApiError(400, { error: lock.message, errors: [{ field: 'application', message: lock.message }] });
    }
    const owner = await clients.ownerOf(clientId);
    const links: JsonObject = {};
    let stepRecord = values;
    let version = 0;
    const others: Record<string, number> = {};
    const result = await db
      .transaction()
      .execute(async (trx) => {
        for (const b of own) {
          const object = getPath(values, b.path) as JsonObject | undefined;
          stepRecord = setPath(stepRecord, b.path, undefined);
          if (!ids.has(b)) {
            links[b.link] = null;
            continue;
          }
          if (!object || Object.keys(object).length === 0) continue;
          const fields: JsonObject = {};
          for (const field of fieldsOf.get(b) ?? []) {
            // A hidden answer keeps what the client record holds (an email without consent stays in the adviser's records).
            if (hidden.some((h) => h === `${b.path}.${field}`)) continue;
            fields[field] = object[field] ?? null;
          }
          let id = ids.get(b) ?? null;
          if (id === null) id = await clients.create(owner.ownerUserId, fields, owner.brokers, trx, user.id, clientId);
          else await clients.update(id, fields, undefined, trx, user.id);
          links[b.link] = id;
        }
        for (const [path, logic] of Object.entries(writes ?? {}))
          links[path] = applyLogic(logic, after) as JsonObject[string];
        const written = await store.saveIn(trx, clientId, stepId, stepRecord, expected);
        if (written === null) throw RACE;
        version = written;
        await trail(trx, stepId, changesOf(storedRecord, stepRecord));
        // Links and writes go into other steps' records (created when missing), merged field by field.
        const byStep = new Map<string, JsonObject>();
        for (const [path, value] of Object.entries(links)) {
          const [target, ...rest] = path.split('.');
          byStep.set(
            target,
            setPath(byStep.get(target) ?? { ...(after[target] as JsonObject | undefined) }, rest, value ?? null),
          );
        }
        for (const [target, record] of byStep) {
          if (target === stepId) continue;
          const written = await store.saveIn(trx, clientId, target, record, versionOf(stored, target));
          if (written === null) throw RACE;
          others[target] = written;
          await trail(trx, target, changesOf(stored[target], record, target));
          after[target] = record;
        }
        for (const b of own) {
          const linked = links[b.link];
          await trx.deleteFrom('client_links').where('client_id', '=', clientId).where('link', '=', b.link).execute();
          if (typeof linked === 'number' && linked !== clientId)
            await trx
              .insertInto('client_links')
              .values({ client_id: clientId, link: b.link, linked_client_id: linked })
              .execute();
        }
        await syncLinks(trx, stepRecord);
        return { values, data: after };
      })
      .catch((err: unknown) => {
        if (err === RACE) return null;
        throw err;
      });
    if (result === null) return null;
    const saved = { ...result, version, others, changed: true };
    for (const listener of listeners) await listener(user, clientId, stepId, saved);
    return saved;
  };

  /** Tries a save until no other write of the record comes between its read and its write (or If-Match fails). */
  const commit = (
    user: AuthUser,
    clientId: number,
    stepId: string,
    build: (stored: ApplicationData) => { record: JsonObject; answered: JsonObject },
    options: SaveOptions,
    atomic: boolean,
  ): Promise<SaveResult> =>
    // Saves of one client's records wait their turn here: in this process, nothing writes between a save's read and
    // its write, so its compare-and-set succeeds; a retry is left for another instance's save.
    clients.inTurn(clientId, async () => {
      for (let tries = 0; ; tries++) {
        const result = await attempt(
          user,
          clientId,
          stepId,
          build,
          tries === 0 ? options : { ...options, loaded: undefined },
          atomic,
        );
        if (result) return result;
        if (options.ifMatch !== undefined)
          throw stale(withContext(await store.loadVisible(user, clientId), clientId), stepId);
        if (tries >= MAX_TRIES)
          throw new ApiError(503, {
            error: 'The record is being changed by many saves at once. Please try again.',
            errors: [],
          });
      }
    });

  const save: ScreeningService['save'] = (user, clientId, stepId, record, options = {}) =>
    commit(user, clientId, stepId, () => ({ record, answered: record }), options, false);

  return {
    load,
    save,
    merge(user, clientId, stepId, changes, options = {}) {
      return commit(
        user,
        clientId,
        stepId,
        (stored) => ({ record: { ...stored[stepId], ...changes }, answered: changes }),
        { ...options, fields: engine.pageFields(stepId, Object.keys(changes)) },
        true,
      );
    },
    fact,
    guardChanges(guard) {
      guards.push(guard);
    },
    checkChange,
    lockedBy(check) {
      lockChecks.push(check);
    },
    lockOf,
    recordLockOf,
    answerFields: [...new Set(bindings.flatMap((b) => fieldsOf.get(b) ?? []))],
    onSaved(listener) {
      listeners.push(listener);
    },
  };
}
