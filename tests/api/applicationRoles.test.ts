/**
 * Issue 31: a client's profile lists every application the client is on, with their role, not only the
 * applications of the client's own screening (a second insured, here also a joint owner). SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, databases, signUp, startServer, type TestServer } from '../support/apiServer.ts';
import { example } from '../support/engine.ts';
import type { ApplicationData, JsonObject } from '../../engine/index.ts';

/** The example's client ids ("2087", 2088) replaced by real ones, keeping strings strings and numbers numbers. */
function withIds(value: unknown, ids: Record<string, number>): unknown {
  if (Array.isArray(value)) return value.map((v) => withIds(v, ids));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withIds(v, ids)]));
  if ((typeof value === 'string' || typeof value === 'number') && String(value) in ids)
    return typeof value === 'number' ? ids[String(value)] : String(ids[String(value)]);
  return value;
}

const STEPS = ['basic', 'proposed-insured', 'plan-details', 'owner'];

describe.each(databases)('the applications a client is on (%s)', (kind) => {
  let server: TestServer;
  let token: string;
  let first: number;
  let second: number;
  let data: ApplicationData;
  // A second application, owned by its insured 1 alone.
  let a: number;
  let b: number;

  const applicationsOf = async (id: number) => {
    const res = await server.call('GET', `/api/clients/${id}/?include=life_applications`, { token });
    expect(res.status).toBe(200);
    return res.body.life_applications as { id: number; client_id: number; role: string | null }[];
  };

  beforeAll(async () => {
    server = await startServer(kind);
    token = (await signUp(server)).token;
    first = await createClient(server, token, { first_name: 'Arjun', last_name: 'Mehta' });
    second = await createClient(server, token, { first_name: 'Emily', last_name: 'Mehta' });
    // Two insureds, owned jointly: insured 2 is Emily's own client record.
    data = withIds(example('screening-review', 'full-application'), { 2087: first, 2088: second }) as ApplicationData;
    expect((data.owner as JsonObject).owner_type).toBe('joint_insureds');
    for (const step of STEPS) {
      const res = await server.call('PUT', `/api/screening/${first}/${step}/`, { token, body: data[step] });
      expect(res.status, res.text).toBe(200);
    }
  });
  afterAll(async () => {
    await server?.close(true);
  });

  it("lists the first client's application on the second insured's profile too, with each one's role", async () => {
    const own = await applicationsOf(first);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ client_id: first, role: 'Insured 1, joint owner' });

    const theirs = await applicationsOf(second);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ id: own[0].id, client_id: first, role: 'Insured 2, joint owner' });
  });

  it('words the roles from the owner: insured 1 alone owning it, insured 2 is only insured', async () => {
    a = await createClient(server, token, { first_name: 'Noor', last_name: 'Haddad' });
    b = await createClient(server, token, { first_name: 'Sami', last_name: 'Haddad' });
    const other = withIds(example('screening-review', 'full-application'), { 2087: a, 2088: b }) as ApplicationData;
    // Insured 1 alone owns it: the same first insured's ID, no second insured block.
    const owner = Object.fromEntries(
      Object.entries(other.owner as JsonObject).filter(([field]) => !field.startsWith('secondary_')),
    );
    other.owner = { ...owner, owner_type: 'insured_1', ownership_type: 'insured_1', selected_client_id: a };
    for (const step of STEPS) {
      const res = await server.call('PUT', `/api/screening/${a}/${step}/`, { token, body: other[step] });
      expect(res.status, res.text).toBe(200);
    }
    expect((await applicationsOf(a))[0].role).toBe('Insured 1, owner');
    expect((await applicationsOf(b))[0].role).toBe('Insured 2');
  });

  it('follows the screening: one insured drops the second client from the application', async () => {
    const one: JsonObject = { ...(data['proposed-insured'] as JsonObject), number_of_insureds: 1 };
    delete one.insured_2;
    const saved = await server.call('PUT', `/api/screening/${first}/proposed-insured/`, { token, body: one });
    expect(saved.status, saved.text).toBe(200);
    expect(await applicationsOf(second)).toEqual([]);
    expect(await applicationsOf(first)).toHaveLength(1);
  });

  it("a client deleted takes their application off the other insured's profile", async () => {
    expect(await applicationsOf(b)).toHaveLength(1);
    expect((await server.call('DELETE', `/api/clients/${a}/`, { token })).status).toBeLessThan(300);
    expect(await applicationsOf(b)).toEqual([]);
  });

  it('shows nothing of it to another adviser', async () => {
    const stranger = (await signUp(server, 'stranger')).token;
    const res = await server.call('GET', `/api/clients/${second}/?include=life_applications`, { token: stranger });
    expect(res.status).toBe(404);
  });
});
