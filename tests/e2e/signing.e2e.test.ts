/**
 * Issue 27's measure in the browser: a two-insured joint application with a separate owner needs four signers (both
 * insureds, the owner, the adviser last). One such application is signed on a phone (390 px, a touch screen: each
 * signer draws with a finger), another at a desk (1280 px: each signer types their name with the keyboard alone).
 * Each signer reads the documents, accepts the consent and signs. The phone-signed application is then submitted to
 * its two insurers from the application page, issued by one and declined by the other. Every screen passes axe.
 */
import { mkdirSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingPlan, type DocumentMapping, type PlannedSigner } from '../../engine/index.ts';
import { definitionText } from '../support/definitionText.ts';
import { definitions } from '../support/engine.ts';
import { findProblems, settle } from './support/axe.ts';
import { startHarness, type Harness } from './support/harness.ts';
import {
  Api,
  createAdviser,
  createClient,
  example,
  record,
  seedSteps,
  withClientIds,
  withPlans,
  type Adviser,
} from './support/seed.ts';
import { button, poll, region, signIn } from './support/ui.ts';

type Json = Record<string, unknown>;
const SHOTS = process.env.SHOTS_DIR;
const INSURERS = ['BMO', 'MANULIFE'];
const ADVISER_NAME = 'Robin Adviser';
const CONSENT_TITLE = definitionText('pdf-generation/documents/signing.json', '/document/consent/title');
const status = (id: string) => definitionText('lifecycle.json', `/statuses/${id}/label`);
const eventLabel = (id: string) => definitionText('lifecycle.json', `/events/${id}/label`);

let h: Harness;
let adviser: Adviser;
let api: Api;
/** The application signed on the phone (then submitted and tracked), and the one signed with the keyboard. */
let byTouch: number;
let byKeyboard: number;
let signers: PlannedSigner[];
let documentNames: string[];
/** Each document's number of pages, read from the PDF the server hands out. */
const pageCounts = new Map<string, number>();

/**
 * The joint example application (two insureds, joint last-to-die whole life) owned by a third person, the insureds'
 * parent: the owner signs on their own, so four people sign. A Manulife plan is added so two insurers apply.
 */
function jointWithSeparateOwner(ids: Record<string, string>): Json {
  const data = withClientIds(example('screening-review', 'full-application'), ids) as Json;
  const joint = data.owner as Json;
  const { id: _id, ...individual } = record('owner', 'individual');
  data.owner = {
    ...individual,
    // The joint example's answers on third parties and identity apply to any owner of a whole life policy.
    ...Object.fromEntries(
      Object.entries(joint).filter(([k]) => /third_party|_id_|is_physically|is_intermediary/.test(k)),
    ),
    client_id: joint.client_id,
    owner_type: 'individual',
    ownership_type: 'other_individual',
    selected_client_id: null,
    relationship_to_insured: 'parent',
  };
  // A retired owner's finances, which the financial step asks of an owner who is not insured.
  (data.financial as Json).owner_financial_data = {
    total_assets: 900000,
    total_liabilities: 50000,
    net_worth: 850000,
    is_gainfully_employed: false,
    family_income: 64000,
    spouse_insurance_amount: 0,
  };
  return withPlans(data, 'manulife_par_20_pay');
}

/** Seeds a client, the second insured's client and the application, generates both insurers' PDFs. */
async function seedApplication(surname: string): Promise<{ id: number; data: Json }> {
  const first = await createClient(api, { first_name: 'Arjun', last_name: surname });
  const second = await createClient(api, { first_name: 'Emily', last_name: surname });
  const data = jointWithSeparateOwner({ 2087: first, 2088: second });
  await seedSteps(api, first, data);
  await api.ok('POST', '/api/pdf/generate_pdf/', { client_id: Number(first), populate_forms: INSURERS });
  const list = await api.ok<{ id: number }[]>('GET', `/api/clients/${first}/applications/`);
  return { id: list[0].id, data };
}

/** axe and the layout checks at each width, with a screenshot of each when SHOTS_DIR is set. */
async function audit(page: Page, name: string, widths: number[]): Promise<void> {
  const before = page.viewportSize();
  for (const width of widths) {
    if (before?.width !== width) await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await settle(page);
    expect(await findProblems(page), `${name} at ${width}px`).toEqual([]);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/signing-${name}-${width}.png`, fullPage: true });
    }
  }
  if (before && page.viewportSize()?.width !== before.width) await page.setViewportSize(before);
}

/** The heading of a signer's turn, as the ceremony names them: their role, then their name when the answers give it. */
function turnHeading(page: Page, signer: PlannedSigner): Locator {
  const name = signer.name ? `${signer.label}: ${signer.name}` : signer.label;
  return page.getByRole('heading', { level: 2, name, exact: true });
}

/**
 * How many of a drawn page's pixels are ink (not the paper's white): a page pdf.js drew holds text and lines, a blank
 * or released canvas none. Null until the canvas has its pixels, at the width it shows times the screen's ratio.
 */
function inkOnPage(canvas: Locator): Promise<{ ink: number; crisp: boolean } | null> {
  return canvas.evaluate((el) => {
    const c = el as HTMLCanvasElement;
    if (!c.width || !c.height) return null;
    const pixels = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
    let ink = 0;
    for (let i = 0; i < pixels.length; i += 4)
      if (pixels[i + 3] > 0 && pixels[i] + pixels[i + 1] + pixels[i + 2] < 600) ink += 1;
    // Sharp: at least one canvas pixel per device pixel of the width it is shown at (within rounding).
    const crisp = c.width >= Math.floor(c.getBoundingClientRect().width * devicePixelRatio) - 1;
    return { ink, crisp };
  });
}

/** Scrolls to one page of a document and waits until pdf.js has drawn it: sharp, and not blank. */
async function expectPageDrawn(page: Page, canvas: Locator, label: string): Promise<void> {
  await canvas.scrollIntoViewIfNeeded();
  // The page's sheet says when pdf.js has finished drawing on its canvas.
  await canvas.locator('xpath=..').and(page.locator('[data-state=drawn]')).waitFor({ timeout: 20_000 });
  const drawn = await inkOnPage(canvas);
  expect(drawn?.crisp, `${label} is sharp`).toBe(true);
  // Fitted to the width: on a phone, nearly the screen's whole width; at a desk, a letter page's printed size.
  const shown = (await canvas.boundingBox())?.width ?? 0;
  expect(shown, `${label} fits the width`).toBeGreaterThanOrEqual(
    Math.min((page.viewportSize()?.width ?? 0) - 80, 810),
  );
  expect(drawn?.ink, `${label} has ink`).toBeGreaterThan(500);
}

/**
 * The documents to read, drawn in the page, one page under the other, labelled "Page n of m of <document>": as many
 * pages as the PDF the server hands out. `everyPage` scrolls through each page and checks each was drawn; otherwise
 * the first page of each document is checked. The link to the file itself (its real text, for a screen reader) stays.
 */
async function expectDocuments(page: Page, signer: PlannedSigner, everyPage: boolean): Promise<void> {
  const docs = region(page, 'Documents to read');
  for (const name of documentNames) {
    const open = docs.getByRole('link', { name: `Open ${name}`, exact: true });
    await open.waitFor();
    expect(await open.getAttribute('href'), `${signer.id} opens ${name}`).toMatch(/^blob:/);
    const count = pageCounts.get(name) ?? 0;
    const pages = docs.getByRole('list', { name: `Pages of ${name}`, exact: true }).getByRole('img');
    await expect.poll(() => pages.count(), { timeout: 20_000, interval: 100 }).toBe(count);
    expect(await pages.evaluateAll((els) => els.map((el) => `${el.tagName}:${el.getAttribute('aria-label')}`))).toEqual(
      Array.from({ length: count }, (_, i) => `CANVAS:Page ${i + 1} of ${count} of ${name}`),
    );
    for (let i = 0; i < (everyPage ? count : 1); i += 1)
      await expectPageDrawn(page, pages.nth(i), `${signer.id}: page ${i + 1} of ${name}`);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Presses Tab (or Shift+Tab) until `target` has the focus: it must be reachable from the keyboard, in order. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', limit = 60): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
  throw new Error(`${limit} Tabs never reached the control; the focus is on ${focused}`);
}

/** A finger's stroke across the pad, as a touch screen sends it (touchstart, moves, touchend) through DevTools. */
async function drawWithFinger(page: Page, canvas: Locator): Promise<void> {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the signature pad is not shown');
  const cdp = await page.context().newCDPSession(page);
  const at = (fx: number, fy: number) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
  // A zigzag: horizontal and vertical moves, which would scroll the page if the pad let the browser pan.
  const path = [at(0.1, 0.7), at(0.2, 0.2), at(0.3, 0.8), at(0.45, 0.25), at(0.6, 0.85), at(0.75, 0.3), at(0.9, 0.6)];
  // Each event a frame (16 ms) after the last, by the events' own clock, whatever the machine's speed.
  let clock = Date.now() / 1000;
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', touchPoints: { x: number; y: number }[]) => {
    clock += 0.016;
    return cdp.send('Input.dispatchTouchEvent', { type, touchPoints, timestamp: clock });
  };
  await touch('touchStart', [path[0]]);
  for (let i = 1; i < path.length; i += 1) {
    const [from, to] = [path[i - 1], path[i]];
    for (let s = 1; s <= 4; s += 1)
      await touch('touchMove', [{ x: from.x + ((to.x - from.x) * s) / 4, y: from.y + ((to.y - from.y) * s) / 4 }]);
  }
  // The finger rests a moment before it lifts, as a signer's does: lifted while moving, the stroke would end in a
  // fling, and the browser takes the next tap for the one that stops the fling (no click).
  const end = path[path.length - 1];
  for (let s = 0; s < 12; s += 1) await touch('touchMove', [end]);
  await touch('touchEnd', []);
  await cdp.detach();
}

/** How many of the pad's pixels are inked. */
function inked(canvas: Locator): Promise<number> {
  return canvas.evaluate((el) => {
    const c = el as HTMLCanvasElement;
    const pixels = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
    let count = 0;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) count += 1;
    return count;
  });
}

/** After "Sign": the next signer's turn, or the ceremony's end; a refusal shown instead fails with its text. */
async function nextTurn(page: Page, next: PlannedSigner | undefined): Promise<void> {
  const shown = next
    ? turnHeading(page, next)
    : page
        .getByRole('list', { name: 'Signers' })
        .getByText(/: signed /)
        .last();
  const alert = page.locator('form.signer-step [role=alert]');
  await shown
    .or(alert)
    .first()
    .waitFor()
    .catch(async (e: unknown) => {
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/signing-stuck.png`, fullPage: true });
      throw e;
    });
  if (await alert.count()) throw new Error(`Signing was refused: ${(await alert.allInnerTexts()).join(' | ')}`);
}

/** Waits until the signers' list says each signer signed (the ceremony's last screen). */
async function expectEveryoneSigned(page: Page): Promise<void> {
  const list = page.getByRole('list', { name: 'Signers' });
  await poll(() => list.getByRole('listitem').allInnerTexts()).toEqual(
    signers.map((s) => expect.stringMatching(new RegExp(`^${s.label}.*: signed `))),
  );
  expect(await page.locator('form.signer-step').count()).toBe(0);
}

beforeAll(async () => {
  h = await startHarness();
  adviser = await createAdviser(h.baseUrl, 'signing');
  api = new Api(h.baseUrl, adviser.token);
  const touch = await seedApplication('Mehta');
  byTouch = touch.id;
  byKeyboard = (await seedApplication('Sharma')).id;
  // Who signs, worked out by the engine from the same answers as the server (whose adviser gives their name).
  const mapping = definitions.steps['pdf-generation']?.documents?.signing as DocumentMapping;
  signers = signingPlan(mapping, { ...touch.data, $context: { adviser: { full_name: null } } }).signers;
  const state = await api.ok<{ documents: { name: string; url: string }[] }>(
    'GET',
    `/api/applications/${byTouch}/signing/`,
  );
  documentNames = state.documents.map((d) => d.name);
  for (const d of state.documents) {
    const response = await fetch(h.baseUrl + d.url, { headers: { Authorization: `Token ${adviser.token}` } });
    expect(response.headers.get('content-type')).toBe('application/pdf');
    pageCounts.set(d.name, (await PDFDocument.load(await response.arrayBuffer())).getPageCount());
  }
}, 180_000);

afterAll(async () => {
  await h?.close();
});

describe('the signing ceremony, then submission and tracking', () => {
  it('needs four signers: both insureds, the separate owner, then the adviser', () => {
    expect(signers.map((s) => s.id)).toEqual(['insured_1', 'insured_2', 'owner_1', 'adviser']);
    expect(signers.map((s) => s.name)).toEqual(['Arjun Mehta', 'Emily Mehta', 'Margaret Leblanc', null]);
    expect(documentNames).toHaveLength(2);
    for (const name of documentNames) expect(pageCounts.get(name), name).toBeGreaterThan(1);
  });

  it('on a phone, each signer reads the documents, accepts the consent and draws their signature with a finger', async () => {
    const { page } = await h.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      deviceScaleFactor: 2,
    });
    await signIn(page, h.baseUrl, adviser);
    await page.goto(`${h.baseUrl}/applications/${byTouch}`);
    await page.getByRole('link', { name: 'Sign', exact: true }).tap();
    await page.waitForURL(`**/applications/${byTouch}/sign`);

    for (const [index, signer] of signers.entries()) {
      await turnHeading(page, signer).waitFor();
      // The first signer reads every page on the phone; each later signer's documents show drawn too.
      await expectDocuments(page, signer, index === 0);
      const form = page.locator('form.signer-step');
      const consent = form.getByRole('checkbox', { name: `I have read the documents and accept: ${CONSENT_TITLE}` });
      const canvas = form.getByRole('img', { name: 'Signature area: draw your signature here' });
      expect(await canvas.evaluate((el) => getComputedStyle(el).touchAction)).toBe('none');
      const box = await canvas.boundingBox();
      // Room for a finger: the pad takes most of the phone's width and is taller than a thumb's sweep.
      expect(box?.width).toBeGreaterThan(280);
      expect(box?.height).toBeGreaterThanOrEqual(180);
      if (index === 0) {
        // Signing with nothing done: both refusals show, on the phone too.
        await button(form, 'Sign').tap();
        await form.getByText('Please confirm you have read and accept the consent.').waitFor();
        await form.getByText('Please sign: draw your signature or type your name.').waitFor();
        await audit(page, 'phone-refused', [390]);
      } else await audit(page, `phone-${signer.id}`, [390]);

      await consent.tap();
      expect(await consent.isChecked()).toBe(true);
      await canvas.evaluate((el) => {
        const seen: string[] = [];
        el.addEventListener('pointermove', (e) => seen.push((e as PointerEvent).pointerType));
        (window as unknown as { pointerTypes: string[] }).pointerTypes = seen;
      });
      await canvas.scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      await drawWithFinger(page, canvas);
      // The pad drew from touch (pointer events of a touch pointer), and the page did not pan under the finger.
      const drawn = form.getByRole('img', { name: 'Your drawn signature' });
      await drawn.waitFor();
      expect(await page.evaluate(() => (window as unknown as { pointerTypes: string[] }).pointerTypes)).toContain(
        'touch',
      );
      expect(await inked(drawn)).toBeGreaterThan(200);
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
      if (!signer.name) await form.getByLabel('Your full name', { exact: true }).fill(ADVISER_NAME);
      if (index === signers.length - 1) await audit(page, 'phone-drawn', [390]);
      const posted = page.waitForResponse((r) => r.url().endsWith('/signatures/'), { timeout: 15_000 });
      await page.evaluate(() => {
        const log: string[] = [];
        Object.assign(window, { touchLog: log });
        for (const t of ['touchstart', 'touchend', 'pointerdown', 'pointerup', 'pointercancel', 'click', 'submit'])
          document.addEventListener(t, (e) => log.push(`${t}:${(e.target as Element).tagName}`), true);
      });
      // The button scrolled into view and the page at rest first: the browser makes no click of a tap on a page
      // still scrolling under the finger.
      await button(form, 'Sign').scrollIntoViewIfNeeded();
      await settle(page);
      await button(form, 'Sign').tap();
      // The tap posts the signature; if not, say what the page received.
      await posted.catch(async (e: unknown) => {
        const log = await page.evaluate(() => (window as unknown as { touchLog: string[] }).touchLog);
        throw new Error(`${signer.id}: the tap on Sign posted nothing; the page received ${log.join(', ')}`, {
          cause: e,
        });
      });
      await nextTurn(page, signers[index + 1]);
    }
    await expectEveryoneSigned(page);
    await audit(page, 'phone-done', [390]);
  });

  it('at a desk, each signer types their name with the keyboard alone', async () => {
    const page = h.page;
    await signIn(page, h.baseUrl, adviser);
    await page.goto(`${h.baseUrl}/applications/${byKeyboard}`);
    await tabTo(page, page.getByRole('link', { name: 'Sign', exact: true }));
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/applications/${byKeyboard}/sign`);

    for (const [index, signer] of signers.entries()) {
      await turnHeading(page, signer).waitFor();
      await expectDocuments(page, signer, false);
      await audit(page, `desk-${signer.id}`, index === 0 ? [1280, 390] : [1280]);
      const form = page.locator('form.signer-step');
      const consent = form.getByRole('checkbox', { name: `I have read the documents and accept: ${CONSENT_TITLE}` });
      await tabTo(page, consent);
      await page.keyboard.press('Space');
      expect(await consent.isChecked()).toBe(true);
      // The way to sign is a radio group: the arrow keys move from "Draw" to "Type my name".
      await tabTo(page, form.getByRole('radio', { name: 'Draw' }));
      await page.keyboard.press('ArrowRight');
      expect(await form.getByRole('radio', { name: 'Type my name' }).isChecked()).toBe(true);
      const typed = form.getByLabel('Type your full name to sign', { exact: true });
      await tabTo(page, typed);
      if (index === 0) {
        // A name that is not the signer's is refused by the server, and said next to the field.
        await page.keyboard.type('Someone Else');
        await tabTo(page, button(form, 'Sign'));
        await page.keyboard.press('Enter');
        await form.getByText(`This signature is for ${signer.name}.`).waitFor();
        expect(await typed.getAttribute('aria-invalid')).toBe('true');
        await audit(page, 'desk-refused', [1280, 390]);
        // The focus stayed on "Sign": back to the name, from the keyboard.
        await tabTo(page, typed, 'Shift+Tab');
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.press('Backspace');
      }
      await page.keyboard.type(signer.name ?? ADVISER_NAME);
      if (index === signers.length - 1) await audit(page, 'desk-typed', [1280, 390]);
      await tabTo(page, button(form, 'Sign'));
      await page.keyboard.press('Enter');
      await nextTurn(page, signers[index + 1]);
    }
    await expectEveryoneSigned(page);
    await audit(page, 'desk-done', [1280, 390]);
    // The server recorded each method: typed here.
    const state = await api.ok<{ signers: { signed: { method: string } | null }[] }>(
      'GET',
      `/api/applications/${byKeyboard}/signing/`,
    );
    expect(state.signers.map((s) => s.signed?.method)).toEqual(signers.map(() => 'typed'));
  });

  it('the phone-signed application is submitted to both insurers, issued by one and declined by the other', async () => {
    const page = h.page;
    await page.goto(`${h.baseUrl}/applications/${byTouch}`);
    const bmo = region(page, 'BMO Insurance');
    const manulife = region(page, 'Manulife');
    await bmo.getByText(status('SIGNED'), { exact: true }).waitFor();
    await manulife.getByText(status('SIGNED'), { exact: true }).waitFor();
    await audit(page, 'application-signed', [1280, 390]);

    await button(bmo, 'Submit to BMO Insurance').click();
    await bmo.getByText(status('SUBMITTED'), { exact: true }).waitFor();
    await button(manulife, 'Submit to Manulife').click();
    await manulife.getByText(status('SUBMITTED'), { exact: true }).waitFor();
    await audit(page, 'application-submitted', [1280, 390]);

    await button(bmo, eventLabel('MARK_ISSUED')).click();
    await bmo.getByLabel('Policy number').fill('BM-552210');
    await bmo.getByLabel('Issue date').fill('2026-11-29');
    await bmo.getByLabel('Face amount issued ($)').fill('750000');
    await audit(page, 'application-issue-form', [1280, 390]);
    await button(bmo.getByRole('form'), eventLabel('MARK_ISSUED')).click();
    await bmo.getByText('BM-552210').waitFor();

    await button(manulife, eventLabel('MARK_DECLINED')).click();
    await manulife.getByLabel('Reason').fill('Medical history of the second insured');
    await button(manulife.getByRole('form'), eventLabel('MARK_DECLINED')).click();
    await manulife.getByText('Medical history of the second insured').first().waitFor();

    // Each insurer's badge says its own outcome; the facts the adviser recorded show on its card.
    const badge = (card: Locator) => card.locator('.toolbar .badge');
    await poll(() => badge(bmo).innerText()).toBe(status('ISSUED'));
    await poll(() => badge(manulife).innerText()).toBe(status('DECLINED'));
    await bmo.getByText('$750,000').first().waitFor();
    await audit(page, 'application-issued-declined', [1280, 390]);
    const detail = await api.ok<{ insurers: { insurer: string; status: string }[] }>(
      'GET',
      `/api/applications/${byTouch}/`,
    );
    expect(Object.fromEntries(detail.insurers.map((i) => [i.insurer, i.status]))).toEqual({
      BMO: 'ISSUED',
      MANULIFE: 'DECLINED',
    });
  });
});
