import { readFileSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { JsonObject } from '../../engine/index.ts';
import { buildServer } from '../../api/server.ts';
import { createClient, databases, PG_URL, signUp, startServer, type TestServer } from '../support/apiServer.ts';
import { fullApplication, pdfText } from '../pdf/support.ts';

/** A SIN part stored as plain JSON text: what must never be found in the database. */
const PLAIN_SIN = /_sin_part\d"\s*:\s*"\d{3}"/;

/** The stored text of a client's tax-information record, read past the server. */
async function storedTax(server: TestServer, clientId: number): Promise<string> {
  if (server.kind === 'sqlite') {
    const rows = server.app.database.db
      .selectFrom('screening_records')
      .select('data')
      .where('client_id', '=', clientId)
      .where('step_id', '=', 'tax-information');
    return (await rows.executeTakeFirstOrThrow()).data;
  }
  // PostgreSQL: the row as psql would show it, through a connection of its own.
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const res = await client.query<{ data: string }>(
      `select data from ${server.where.pgSchema}.screening_records where client_id = $1 and step_id = 'tax-information'`,
      [clientId],
    );
    return res.rows[0].data;
  } finally {
    await client.end();
  }
}

/** Every byte of the SQLite database (the file and its write-ahead log), as text. */
function rawSqlite(server: TestServer): string {
  const file = join(server.where.dataDir ?? '', 'app.db');
  return [file, `${file}-wal`]
    .filter(existsSync)
    .map((f) => readFileSync(f).toString('latin1'))
    .join('');
}

describe.each(databases)('SINs at rest (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(kind, { seedDemo: false });
    token = (await signUp(server, 'sealer')).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('seals a SIN kept by "Save Progress" too, and gives it back whole', async () => {
    const id = await createClient(server, token);
    const tax = { owner1_sin_part1: '046', owner1_sin_part2: '454', owner1_sin_part3: '286' };
    const saved = await server.call('POST', '/insurance/screening-progress/update_progress/', {
      token,
      body: { client_id: id, currentStep: 'tax-information', stepData: { page: 'owner-1', 'tax-information': tax } },
    });
    expect(saved.status, saved.text).toBe(200);
    const row = await server.app.database.db
      .selectFrom('screening_progress')
      .select('step_data')
      .where('client_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.step_data).not.toMatch(PLAIN_SIN);
    expect(JSON.parse(row.step_data)['tax-information'].owner1_sin_part1).toMatch(/^\$sealed:v1:/);
    const read = await server.call('GET', `/insurance/screening-progress/get_progress/${id}/`, { token });
    expect(read.body.stepData).toEqual({ page: 'owner-1', 'tax-information': tax });
  });

  it('seals a saved SIN in the database and answers it whole through the API', async () => {
    const id = await createClient(server, token);
    const sin = {
      owner1_sin_part1: '046',
      owner1_sin_part2: '454',
      owner1_sin_part3: '286',
      owner1_fatca_status: 'no',
      owner1_crs_status: 'no',
    };
    const saved = await server.call('PATCH', `/api/screening/${id}/tax-information/`, { token, body: sin });
    expect(saved.status, saved.text).toBe(200);

    const text = await storedTax(server, id);
    expect(text).not.toMatch(PLAIN_SIN);
    const row = JSON.parse(text) as JsonObject;
    for (const part of ['owner1_sin_part1', 'owner1_sin_part2', 'owner1_sin_part3'])
      expect(row[part]).toMatch(/^\$sealed:v1:[A-Za-z0-9_-]{40,}$/);
    // Two writes of the same SIN store different texts (a fresh IV each time). A save that changes nothing writes
    // nothing, so another SIN is saved in between.
    expect(
      (
        await server.call('PATCH', `/api/screening/${id}/tax-information/`, {
          token,
          body: { ...sin, owner1_sin_part1: '130', owner1_sin_part2: '692', owner1_sin_part3: '544' },
        })
      ).status,
    ).toBe(200);
    expect((await server.call('PATCH', `/api/screening/${id}/tax-information/`, { token, body: sin })).status).toBe(
      200,
    );
    expect(JSON.parse(await storedTax(server, id)).owner1_sin_part1).not.toBe(row.owner1_sin_part1);
    if (kind === 'sqlite') expect(rawSqlite(server)).not.toMatch(PLAIN_SIN);

    const got = await server.call('GET', `/api/screening/${id}/`, { token });
    expect(got.body['tax-information']).toMatchObject(sin);
    const legacy = await server.call('GET', `/insurance/screening/tax-information/${id}/`, { token });
    expect(JSON.stringify(legacy.body)).toContain('454');
  });

  it('seals SINs stored in plain text before, at the next start; the PDF prints the SIN whole', async () => {
    const id = await createClient(server, token);
    for (const [stepId, record] of Object.entries(fullApplication())) {
      if (stepId !== '$context' && record) await server.seedRecord(id, stepId, record as JsonObject);
    }
    expect(await storedTax(server, id)).toMatch(PLAIN_SIN);
    server = await server.restart({ seedDemo: false });
    expect(await storedTax(server, id)).not.toMatch(PLAIN_SIN);

    const generated = await server.call('POST', '/api/pdf/generate_pdf/', {
      token,
      body: { client_id: id, populate_forms: ['BMO'] },
    });
    expect(generated.status, generated.text).toBe(200);
    const pdf = await fetch(server.url + generated.body.data.s3_url, { headers: { authorization: `Token ${token}` } });
    expect(pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain('046 454 286');
  }, 60_000);
});

describe('the key', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('sqlite', { seedDemo: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is generated into DATA_DIR (0600) without SECRET_KEY, and a database refuses any other key', async () => {
    const file = join(server.where.dataDir ?? '', 'secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    await server.close(false);
    await expect(buildServer({ ...server.where, logLevel: 'silent', secretKey: 'ab'.repeat(32) })).rejects.toThrow(
      "is not the key this database's secret answers (SINs) were sealed with",
    );
    // The same key given as SECRET_KEY (base64) is accepted.
    const same = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex').toString('base64');
    const app = await buildServer({ ...server.where, logLevel: 'silent', secretKey: same });
    await app.close();
    server = await server.restart();
  });

  it('stops the start when SECRET_KEY is not a 32-byte key', async () => {
    for (const bad of ['abc', 'ab'.repeat(31), Buffer.alloc(16).toString('base64')]) {
      await expect(buildServer({ dataDir: server.where.dataDir, logLevel: 'silent', secretKey: bad })).rejects.toThrow(
        'SECRET_KEY is not a usable key. SECRET_KEY must be 32 random bytes, written as 64 hex digits or in base64',
      );
    }
  });
});
