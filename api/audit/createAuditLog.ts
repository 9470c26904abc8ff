import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/tables.ts';
import type { FieldChange } from './diffRecords.ts';

/** What changed: a client record, a step record, an application or a generation. */
export type AuditEntity = 'client' | 'step' | 'application' | 'generation';

/** One change to record. */
export interface AuditEntry {
  clientId: number;
  userId: number | null;
  entity: AuditEntity;
  entityId: string;
  changes: FieldChange[];
}

/** One change as the owner reads it. */
export interface HistoryItem {
  id: number;
  at: string;
  user: { id: number; username: string } | null;
  entity: string;
  entity_id: string;
  changes: FieldChange[];
}

export interface AuditLog {
  /** Records an entry in the caller's transaction (nothing when it changes nothing). */
  record(on: Kysely<Database>, entry: AuditEntry): Promise<void>;
  /** A client's changes, newest first: `limit` of them, older than the entry `before` when given. */
  history(
    clientId: number,
    options?: { limit?: number; before?: number; offset?: number; oldestFirst?: boolean },
  ): Promise<HistoryItem[]>;
  /** How many entries a client's trail has (before an entry id, when given). */
  count(clientId: number, before?: number): Promise<number>;
}

/** An entry as its row of the audit_log table (undefined when it changes nothing, so nothing is written). */
export function auditRow(entry: AuditEntry): Insertable<Database['audit_log']> | undefined {
  if (entry.changes.length === 0) return undefined;
  return {
    client_id: entry.clientId,
    user_id: entry.userId,
    at: new Date().toISOString(),
    entity: entry.entity,
    entity_id: entry.entityId,
    changes: JSON.stringify(entry.changes),
  };
}

function parseChanges(text: string): FieldChange[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as FieldChange[]) : [];
  } catch {
    return [];
  }
}

/**
 * The audit trail: who changed which fields of a client's records, when, from what to what. Entries are written
 * by the writes themselves, in their transactions, so a change and its entry are committed together or not at all.
 * @param db - the data layer
 */
export function createAuditLog(db: Kysely<Database>): AuditLog {
  return {
    async record(on, entry) {
      const row = auditRow(entry);
      if (row) await on.insertInto('audit_log').values(row).execute();
    },
    async history(clientId, options = {}) {
      let query = db
        .selectFrom('audit_log')
        .leftJoin('users', 'users.id', 'audit_log.user_id')
        .select([
          'audit_log.id',
          'audit_log.at',
          'audit_log.user_id',
          'users.username',
          'audit_log.entity',
          'audit_log.entity_id',
          'audit_log.changes',
        ])
        .where('audit_log.client_id', '=', clientId);
      if (options.before !== undefined) query = query.where('audit_log.id', '<', options.before);
      const rows = await query
        .orderBy('audit_log.id', options.oldestFirst ? 'asc' : 'desc')
        .limit(Math.min(Math.max(options.limit ?? 100, 1), 500))
        .offset(options.offset ?? 0)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        at: r.at,
        user: r.user_id === null ? null : { id: r.user_id, username: r.username ?? '' },
        entity: r.entity,
        entity_id: r.entity_id,
        changes: parseChanges(r.changes),
      }));
    },
    async count(clientId, before) {
      const row = await db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('client_id', '=', clientId)
        .$if(before !== undefined, (q) => q.where('id', '<', before ?? 0))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
