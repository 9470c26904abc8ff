/**
 * Issue 27 parts 1, 3, 4 in the browser: a joint application generated for two insurers waits on the adviser on the
 * dashboard, is signed (through the hook the signing ceremony will use), submitted to both, then issued by one and
 * declined by the other; every screen passes axe at 1280 and 390 px.
 */
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditWidths } from './support/auditWidths.ts';
import { startHarness, type Harness } from './support/harness.ts';
import {
  Api,
  createAdviser,
  createClient,
  example,
  seedSteps,
  withClientIds,
  withPlans,
  type Adviser,
} from './support/seed.ts';
import { signIn } from './support/ui.ts';

const signed = new Set<string>();

/** Stands in for the signing ceremony (issue 27 part 2): its hook says who signed; the test signs through it. */
let lifecycle: FastifyInstance['lifecycle'];
async function signingStandIn(app: FastifyInstance): Promise<void> {
  lifecycle = app.lifecycle;
  app.lifecycle.useSignatureCheck(async (id, insurer) => signed.has(`${id}/${insurer}`));
}

let h: Harness;
let adviser: Adviser;
let id: number;

const audit = (page: Page, name: string): Promise<void> => auditWidths(page, 'lifecycle', name);

async function sign(insurer: string): Promise<void> {
  signed.add(`${id}/${insurer}`);
  const found = await lifecycle.applicationOf(id);
  await lifecycle.send({
    applicationId: id,
    clientId: found?.client_id ?? 0,
    insurer,
    event: 'SIGNATURES_COMPLETE',
    userId: null,
    reason: 'Every signer signed',
  });
}

beforeAll(async () => {
  h = await startHarness({ plugins: [signingStandIn] });
  adviser = await createAdviser(h.baseUrl, 'lifecycle');
  const api = new Api(h.baseUrl, adviser.token);
  const clientId = await createClient(api, { first_name: 'Arjun', last_name: 'Mehta' });
  const secondId = await createClient(api, { first_name: 'Emily', last_name: 'Mehta' });
  const data = withClientIds(example('screening-review', 'full-application'), { 2087: clientId, 2088: secondId });
  await seedSteps(api, clientId, withPlans(data as Record<string, unknown>, 'manulife_par_20_pay'));
  await api.ok('POST', '/api/pdf/generate_pdf/', { client_id: Number(clientId), populate_forms: ['BMO', 'MANULIFE'] });
  const list = await api.ok<{ id: number }[]>('GET', `/api/clients/${clientId}/applications/`);
  id = list[0].id;
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('an application signed, submitted and tracked in the app', () => {
  it('the dashboard counts what waits on the adviser', async () => {
    const page = h.page;
    await signIn(page, h.baseUrl, adviser);
    const waiting = page.getByRole('region', { name: 'Waiting on you' });
    await waiting.getByRole('link', { name: /1 Ready to sign/ }).waitFor();
    await audit(page, 'dashboard');
  });

  it('the application page shows each insurer, refuses submission before signing, then submits both', async () => {
    const page = h.page;
    await page.goto(`${h.baseUrl}/applications/${id}`);
    const bmo = page.getByRole('region', { name: 'BMO Insurance' });
    await bmo.waitFor();
    expect(await bmo.getByRole('button', { name: /^Submit to/ }).count()).toBe(0);
    await audit(page, 'ready-to-sign');
    await sign('BMO');
    await sign('MANULIFE');
    await page.reload();
    await bmo.getByRole('button', { name: 'Submit to BMO Insurance' }).click();
    await bmo.getByText('Submitted', { exact: true }).waitFor();
    await bmo.getByRole('button', { name: /^Download submission-bmo/ }).waitFor();
    const manulife = page.getByRole('region', { name: 'Manulife' });
    await manulife.getByRole('button', { name: 'Submit to Manulife' }).click();
    await manulife.getByRole('button', { name: /^Download submission-manulife/ }).waitFor();
    await audit(page, 'submitted');
  });

  it('records issued by one insurer and declined by the other', async () => {
    const page = h.page;
    const bmo = page.getByRole('region', { name: 'BMO Insurance' });
    await bmo.getByRole('button', { name: 'Mark issued' }).click();
    await audit(page, 'issue-form');
    await bmo.getByLabel('Policy number').fill('BM-778812');
    await bmo.getByLabel('Issue date').fill('2026-11-29');
    await bmo.getByLabel('Face amount issued ($)').fill('400000');
    await bmo.getByLabel('Notes (optional)').fill('Issued as applied for');
    await bmo.getByRole('form').getByRole('button', { name: 'Mark issued' }).click();
    await bmo.getByText('BM-778812').waitFor();
    const manulife = page.getByRole('region', { name: 'Manulife' });
    await manulife.getByRole('button', { name: 'Mark declined' }).click();
    await manulife.getByLabel('Reason').fill('Medical history');
    await manulife.getByRole('form').getByRole('button', { name: 'Mark declined' }).click();
    await manulife.getByText('Medical history').first().waitFor();
    expect(await manulife.getByText('Declined', { exact: true }).count()).toBeGreaterThan(0);
    await audit(page, 'issued-and-declined');

    await page.goto(`${h.baseUrl}/applications?status=ISSUED`);
    await page.getByRole('link', { name: `Issued (open application ${id})` }).waitFor();
    await audit(page, 'list-issued');
  });
});
