/**
 * Issue 27's `prevails` rule: applications stored before it kept the overall status of the older rule until their
 * next transition; migration 0018 recomputes it once, with the life cycle's own overallStatus.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataLayer } from '../../api/db/createDataLayer.ts';
import { migrateToLatest } from '../../api/db/migrateToLatest.ts';
import type { DataLayer } from '../../api/db/tables.ts';
import { databases, PG_URL } from '../support/apiServer.ts';
import { insertApplicationRow } from '../support/insertApplicationRow.ts';
import { insertClientRow } from '../support/insertClientRow.ts';

describe.each(databases)('migration 0018 recomputes the overall status (%s)', (kind) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'overall-'));
  const pgSchema = `t_overall_${process.pid}_${Date.now().toString(36)}`;
  let layer: DataLayer;
  beforeAll(async () => {
    layer = await createDataLayer(kind === 'sqlite' ? { dataDir } : { dataDir, databaseUrl: PG_URL, pgSchema });
    await migrateToLatest(layer);
  });
  afterAll(async () => {
    if (kind === 'postgres') await sql`drop schema if exists ${sql.id(pgSchema)} cascade`.execute(layer.db);
    await layer.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives each stored application the status its insurers make now; one without insurers keeps its own', async () => {
    const at = new Date().toISOString();
    const clientId = await insertClientRow(layer.db, at);
    /** An application stored with `stored` as its overall status and these insurers' statuses. */
    const application = async (stored: string, insurers: Record<string, string>): Promise<number> => {
      const id = await insertApplicationRow(layer.db, clientId, at, { status: stored, updatedAt: at });
      for (const [insurer, status] of Object.entries(insurers))
        await layer.db
          .insertInto('application_insurers')
          .values({
            application_id: id,
            insurer,
            status,
            updated_at: at,
            policy_number: null,
            issue_date: null,
            face_amount_issued: null,
            reason: null,
            notes: null,
          })
          .execute();
      return id;
    };
    // Before `prevails`: the least advanced final status was shown (DECLINED over ISSUED), and a declined insurer
    // could hide one still in review.
    const issued = await application('DECLINED', { BMO: 'ISSUED', MANULIFE: 'DECLINED' });
    const inReview = await application('DECLINED', { BMO: 'DECLINED', MANULIFE: 'IN_REVIEW' });
    const withdrawn = await application('WITHDRAWN', { BMO: 'WITHDRAWN', MANULIFE: 'DECLINED' });
    const right = await application('SUBMITTED', { BMO: 'SUBMITTED' });
    const none = await application('DRAFT', {});
    // The database as it was before 0018: run it again.
    await layer.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', '0018_overall_status' as never)
      .execute();
    await migrateToLatest(layer);
    const rows = await layer.db.selectFrom('life_applications').select(['id', 'status', 'updated_at']).execute();
    const status = Object.fromEntries(rows.map((r) => [r.id, r.status]));
    expect(status[issued]).toBe('ISSUED');
    expect(status[inReview]).toBe('IN_REVIEW');
    expect(status[withdrawn]).toBe('DECLINED');
    expect(status[right]).toBe('SUBMITTED');
    expect(status[none]).toBe('DRAFT');
    // Only the derived column: no one changed the application, so its time of change stays.
    expect(new Set(rows.map((r) => r.updated_at))).toEqual(new Set([at]));
  });
});
