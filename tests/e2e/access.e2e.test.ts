/**
 * Scenario 8 (issues 4 and 5): another adviser, in a separate browser profile and signed up through the UI, cannot
 * open the first adviser's client: not the profile, not the screening, not the generated PDF. The first adviser's
 * client, screening and PDF are created through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness.ts';
import {
  Api,
  createAdviser,
  createClient,
  example,
  seedSteps,
  uniqueEmail,
  withClientIds,
  type Adviser,
} from './support/seed.ts';
import { button, fetchWithSession, field, openStep, poll, region, signIn } from './support/ui.ts';
import { specText } from '../support/specText.ts';

let h: Harness;
let owner: Adviser;
let clientId: string;
let pdfUrl: string;

beforeAll(async () => {
  h = await startHarness();
  h.page.on('dialog', (dialog) => void dialog.accept());
  owner = await createAdviser(h.baseUrl, 'owner');
  const api = new Api(h.baseUrl, owner.token);
  clientId = await createClient(api, { first_name: 'Arjun', last_name: 'Mehta' });
  const secondId = await createClient(api, { first_name: 'Emily', last_name: 'Mehta' });
  await seedSteps(
    api,
    clientId,
    withClientIds(example('screening-review', 'full-application'), { 2087: clientId, 2088: secondId }) as Record<
      string,
      unknown
    >,
  );
  const generated = await api.ok<{ data: { s3_url: string } }>('POST', '/api/pdf/generate_pdf/', {
    client_id: Number(clientId),
    populate_forms: ['BMO'],
  });
  pdfUrl = generated.data.s3_url;
});

afterAll(async () => {
  await h?.close();
});

describe("another adviser and the first adviser's client", () => {
  it("the client's own adviser can open its profile, screening and PDF", async () => {
    const page = h.page;
    await signIn(page, h.baseUrl, owner);
    await page.getByRole('link', { name: 'Arjun Mehta' }).waitFor();
    await page.goto(`${h.baseUrl}/client/profile/${clientId}`);
    await page.getByRole('heading', { name: 'Client Profile', level: 1 }).waitFor();
    await poll(() => field(page, 'First Name').inputValue()).toBe('Arjun');
    await openStep(page, h.baseUrl, clientId, 'screening-review', specText('screening-review.heading'));
    await poll(() => region(page, 'Proposed Insured').innerText()).toContain('Arjun');
    const pdf = await fetchWithSession(page, pdfUrl);
    expect(pdf.status).toBe(200);
    expect(pdf.head).toBe('%PDF-');
  });

  it('another adviser cannot open them', async () => {
    const { page } = await h.newContext();
    page.on('dialog', (dialog) => void dialog.accept());

    // A new adviser signs up in another browser profile.
    const password = 'another-password';
    await page.goto(`${h.baseUrl}/signup`);
    await field(page, 'Email address').fill(uniqueEmail('intruder'));
    await field(page, 'Password').fill(password);
    await field(page, 'Confirm Password').fill(password);
    await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
    await button(page, 'Create Account').click();
    await page.waitForURL('**/dashboard');

    // The dashboard does not list the client.
    await page.getByRole('heading', { name: 'No clients found' }).waitFor();
    expect(await page.getByText('Arjun Mehta').count()).toBe(0);

    // The profile: not found, and no form with the client's data.
    await page.goto(`${h.baseUrl}/client/profile/${clientId}`);
    await page.getByRole('heading', { name: 'Client Profile', level: 1 }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Not found' }).waitFor();
    expect(await field(page, 'First Name').count()).toBe(0);
    expect(await page.getByText('Arjun').count()).toBe(0);

    // The screening, at any step: "Client not found", and no answers.
    for (const step of ['basic', 'owner', 'screening-review', 'pdf-generation']) {
      await page.goto(`${h.baseUrl}/client/${clientId}/screening/${step}`);
      await page.getByRole('alert').filter({ hasText: 'Client not found' }).waitFor();
      await page.getByText('This client does not exist, or its screening is not yours to open.').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).allInnerTexts()).not.toContain(
        specText('screening-review.heading'),
      );
      expect(await page.getByText('Mehta').count()).toBe(0);
    }

    // The generated PDF: the link answers 404 with this adviser's token.
    const pdf = await fetchWithSession(page, pdfUrl);
    expect(pdf.status).toBe(404);
    expect(pdf.head).not.toBe('%PDF-');
  });
});
