import type { JsonObject } from '../../engine/index.ts';
import { grantBroker } from '../../api/admin/brokerGrants.ts';
import { markVerified } from '../support/markVerified.ts';
import { definitions } from '../support/engine.ts';
import {
  ADVISER_PROFILE,
  createClient,
  databases,
  signUp,
  startServer,
  type Answer,
  type TestServer,
} from '../support/apiServer.ts';
import { fullApplication } from '../pdf/support.ts';

/**
 * The sharing model as a matrix (docs/decisions/security-broker-access.md): every call that reaches a client, by its
 * adviser, by a broker an administrator granted, by an account that signed up with another listed broker's email
 * but was never granted, and by a stranger.
 */
type Actor = 'owner' | 'broker' | 'claimant' | 'stranger';
/** 'reach': answered as for someone who may (not 403/404, not 5xx); a number: exactly that status. */
type Expect = 'reach' | number;
interface Ctx {
  id: number;
  generation: string;
}
interface Row {
  call: string;
  method: string;
  path: (c: Ctx) => string;
  body?: (c: Ctx, actor: Actor) => unknown;
  /** What the owner and the broker get; the claimant and the stranger always get 404. */
  owner: Expect;
  broker: Expect;
  /** For list calls: whether the client is in the answer decides, the status is 200 for all. */
  lists?: (a: Answer) => number[];
}

const reach = 'reach' as const;
const contractRows: Row[] = Object.entries(definitions.steps).flatMap(([stepId, step]) =>
  (step.contract?.calls ?? []).map((call): Row => {
    const byParam = call.clientId.from.find((f) => f.startsWith('params.'))?.slice('params.'.length);
    return {
      call: `legacy ${call.method} ${call.path} (${stepId})`,
      method: call.method,
      path: (c) => (byParam ? call.path.replace(`:${byParam}`, String(c.id)) : `${call.path}?client_id=${c.id}`),
      body: call.method === 'GET' ? undefined : (c) => ({ client_id: c.id }),
      owner: reach,
      broker: reach,
    };
  }),
);

const rows: Row[] = [
  {
    call: 'list clients',
    method: 'GET',
    path: () => '/api/clients/',
    owner: reach,
    broker: reach,
    lists: (a) => a.body.results.map((c: { id: number }) => c.id),
  },
  {
    call: 'search clients',
    method: 'GET',
    path: () => '/api/clients/?search=shared',
    owner: reach,
    broker: reach,
    lists: (a) => a.body.results.map((c: { id: number }) => c.id),
  },
  { call: 'read client', method: 'GET', path: (c) => `/api/clients/${c.id}/`, owner: 200, broker: 200 },
  {
    call: 'read client with applications',
    method: 'GET',
    path: (c) => `/api/clients/${c.id}/?include=life_applications`,
    owner: 200,
    broker: 200,
  },
  {
    call: 'edit client',
    method: 'PATCH',
    path: (c) => `/api/clients/${c.id}/`,
    body: (_c, actor) => ({ occupation: `Edited by ${actor}` }),
    owner: 200,
    broker: 200,
  },
  {
    call: 'change who it is shared with',
    method: 'PATCH',
    path: (c) => `/api/clients/${c.id}/`,
    body: () => ({ brokers: [...shared, extraBroker].map((b) => b.email) }),
    owner: 200,
    broker: 403,
  },
  { call: 'read screening', method: 'GET', path: (c) => `/api/screening/${c.id}/`, owner: 200, broker: 200 },
  {
    call: 'save a step',
    method: 'PUT',
    path: (c) => `/api/screening/${c.id}/tax-information/`,
    body: () => fullApplication()['tax-information'],
    owner: 200,
    broker: 200,
  },
  {
    call: 'save part of a step',
    method: 'PATCH',
    path: (c) => `/api/screening/${c.id}/financial/`,
    body: () => ({ annual_income: 91000 }),
    owner: reach,
    broker: reach,
  },
  {
    call: 'read progress',
    method: 'GET',
    path: (c) => `/insurance/screening-progress/get_progress/${c.id}/`,
    owner: 200,
    broker: 200,
  },
  {
    call: 'save progress',
    method: 'POST',
    path: () => '/insurance/screening-progress/update_progress/',
    body: (c) => ({ clientId: c.id, currentStep: 'tax-information' }),
    owner: 200,
    broker: 200,
  },
  {
    call: 'list applications',
    method: 'GET',
    path: () => '/api/applications/',
    owner: reach,
    broker: reach,
    lists: (a) => a.body.results.map((x: { client_id: number }) => x.client_id),
  },
  {
    call: 'client applications',
    method: 'GET',
    path: (c) => `/api/clients/${c.id}/applications/`,
    owner: 200,
    broker: 200,
  },
  {
    call: 'create application',
    method: 'POST',
    path: () => '/applications/create_new_application/',
    body: (c) => ({ client_id: c.id }),
    owner: 201,
    broker: 201,
  },
  {
    call: 'PDF summary',
    method: 'GET',
    path: (c) => `/api/pdf/summary/${c.id}/?populate_forms=BMO`,
    owner: 200,
    broker: 200,
  },
  {
    call: 'PDF payload',
    method: 'GET',
    path: (c) => `/api/pdf/payload/${c.id}/?populate_forms=BMO`,
    owner: 200,
    broker: 200,
  },
  {
    call: 'download generated PDFs',
    method: 'GET',
    path: (c) => `/api/pdf/files/${c.generation}/`,
    owner: 200,
    broker: 200,
  },
  {
    call: "download one insurer's PDF",
    method: 'GET',
    path: (c) => `/api/pdf/files/${c.generation}/BMO/`,
    owner: reach,
    broker: reach,
  },
  {
    call: 'generate PDFs',
    method: 'POST',
    path: () => '/api/pdf/generate_pdf/',
    body: (c) => ({ client_id: c.id, populate_forms: ['BMO'] }),
    owner: 200,
    broker: 200,
  },
  ...contractRows,
  {
    call: "second insureds a client's deletion may take",
    method: 'GET',
    path: (c) => `/api/clients/${c.id}/second_insureds/`,
    owner: 200,
    broker: 403,
  },
  // Last: the owner's delete ends the client.
  { call: 'delete client', method: 'DELETE', path: (c) => `/api/clients/${c.id}/`, owner: 200, broker: 403 },
];

// Brokers on the list: the first is granted to its account, the second's account signed up but was never granted.
const shared = [
  { name: 'Granted Broker', email: `granted.${process.pid}@brokers.example` },
  { name: 'Claimed Broker', email: `claimed.${process.pid}@brokers.example` },
];
const extraBroker = { name: 'Third Broker', email: `third.${process.pid}@brokers.example` };
// Claimant, stranger first: a call's effect (the owner's change of brokers) must not decide the next actor's answer.
const ORDER: Actor[] = ['stranger', 'claimant', 'broker', 'owner'];

describe.each(databases)('broker access matrix on %s', (kind) => {
  let server: TestServer;
  const tokens = {} as Record<Actor, string>;
  const ctx: Ctx = { id: 0, generation: '' };

  beforeAll(async () => {
    server = await startServer(kind, { seedDemo: false });
    const db = server.app.database.db;
    await db
      .insertInto('brokers')
      .values([...shared, extraBroker])
      .execute();
    tokens.owner = (await signUp(server, 'owner')).token;
    tokens.stranger = (await signUp(server, 'stranger')).token;
    const password = 'broker pass phrase 1';
    for (const [actor, broker] of [
      ['broker', shared[0]],
      ['claimant', shared[1]],
    ] as const) {
      expect((await server.call('POST', '/api/users/', { body: { email: broker.email, password } })).status).toBe(201);
      tokens[actor] = (
        await server.call('POST', '/api/login/', { body: { username: broker.email, password } })
      ).body.token;
    }
    // The one who generates is the adviser the forms print: the granted broker has a profile of their own.
    const profile = { token: tokens.broker, body: ADVISER_PROFILE };
    expect((await server.call('PUT', '/api/profile/', profile)).status).toBe(200);
    await markVerified(db, shared[0].email);
    expect((await grantBroker(db, shared[0].email, { by: 'test' })).code).toBe(0);
    ctx.id = await createClient(server, tokens.owner, { first_name: 'Shared', brokers: shared.map((b) => b.email) });
    for (const [stepId, record] of Object.entries(fullApplication())) {
      if (stepId !== '$context' && record) await server.seedRecord(ctx.id, stepId, record as JsonObject);
    }
    const generated = await server.call('POST', '/api/pdf/generate_pdf/', {
      token: tokens.owner,
      body: { client_id: ctx.id, populate_forms: ['BMO'] },
    });
    expect(generated.status, generated.text).toBe(200);
    ctx.generation = generated.body.data.id;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('tells the owner and the broker how they reach the client (the app offers Delete to the owner only)', async () => {
    for (const [actor, access] of [
      ['owner', 'owner'],
      ['broker', 'broker'],
    ] as const) {
      expect((await server.call('GET', `/api/clients/${ctx.id}/`, { token: tokens[actor] })).body.access).toBe(access);
      const listed = (await server.call('GET', '/api/clients/', { token: tokens[actor] })).body.results;
      expect(listed.find((c: { id: number }) => c.id === ctx.id).access).toBe(access);
    }
  });

  it.each(rows.map((r) => [r.call, r] as const))(
    '%s',
    async (_name, row) => {
      for (const actor of ORDER) {
        const res = await server.call(row.method, row.path(ctx), {
          token: tokens[actor],
          body: row.body?.(ctx, actor),
        });
        const allowed = actor === 'owner' || actor === 'broker';
        const label = `${row.call} by ${actor}: ${res.status} ${res.text.slice(0, 200)}`;
        if (row.lists) {
          expect(res.status, label).toBe(200);
          expect(row.lists(res).includes(ctx.id), label).toBe(allowed);
          continue;
        }
        const expected = actor === 'owner' ? row.owner : actor === 'broker' ? row.broker : 404;
        if (expected === reach) {
          expect(res.status, label).toBeLessThan(500);
          expect([403, 404], label).not.toContain(res.status);
        } else {
          expect(res.status, label).toBe(expected);
        }
        if (res.status === 403) expect(res.body.errors, label).toEqual([]);
      }
    },
    60_000,
  );
});
