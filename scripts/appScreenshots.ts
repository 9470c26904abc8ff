/**
 * Screenshots of every app screen, for a human (or an agent) to look at.
 * Serves nothing itself: start `npx vite build && npx vite preview --port 5180 --strictPort` first.
 * The API is faked in the browser with page.route, so the pictures are the same every run.
 *
 * Usage: npx tsx scripts/appScreenshots.ts [baseUrl] [outDir]
 * ONLY=login,dashboard limits the shots; AXE=1 also prints axe-core's accessibility violations of each screen.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page, type Route } from 'playwright-core';

const BASE = process.argv[2] ?? 'http://127.0.0.1:5180';
const OUT = process.argv[3] ?? '.tmp/screenshots';

const ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const CLIENTS = [
  {
    id: 1,
    first_name: 'Amelia',
    last_name: 'Tremblay',
    email: 'amelia.tremblay@example.ca',
    phone: '4165550142',
    created_at: '2025-01-14T15:20:00Z',
    updated_at: '2025-03-02T10:05:00Z',
  },
  {
    id: 2,
    first_name: 'Rajesh',
    last_name: 'Patel',
    email: 'rpatel@example.com',
    phone: '604-555-0199',
    created_at: '2025-02-03T09:00:00Z',
    updated_at: '2025-02-28T16:40:00Z',
  },
  {
    id: 3,
    first_name: 'Sophie',
    last_name: 'Gagnon',
    email: '',
    phone: null,
    created_at: '2025-02-11T12:00:00Z',
    updated_at: null,
  },
  {
    id: 4,
    first_name: 'Liam',
    last_name: "O'Connor",
    email: 'liam.oconnor@example.org',
    phone: '+1 514 555 0123',
    created_at: '2025-02-20T18:30:00Z',
    updated_at: '2025-03-01T08:15:00Z',
  },
  {
    id: 5,
    first_name: 'Mei',
    last_name: 'Chen',
    email: 'mei.chen@example.ca',
    phone: '4035550175',
    created_at: '2025-03-04T14:45:00Z',
    updated_at: '2025-03-04T14:45:00Z',
  },
];

const BROKERS = [
  { name: 'Jordan Smith', email: 'jordan.smith@brokerage.ca' },
  { name: 'Priya Natarajan', email: 'priya.n@brokerage.ca' },
  { name: 'Marc Lefebvre', email: 'marc.lefebvre@brokerage.ca' },
];

const CLIENT_DETAIL = {
  id: 1,
  first_name: 'Amelia',
  last_name: 'Tremblay',
  email: 'amelia.tremblay@example.ca',
  phone_primary: '4165550142',
  date_of_birth: '1984-07-22',
  gender_sex_at_birth: 'female',
  brokers: ['jordan.smith@brokerage.ca', 'priya.n@brokerage.ca'],
  life_applications: [
    {
      id: 11,
      created_at: '2025-03-02T10:05:00Z',
      application_type: 'NEW',
      product_type: 'term_life',
      number_of_insureds: 1,
      status: 'DRAFT',
      face_amount: 750000,
    },
    {
      id: 10,
      created_at: '2025-01-20T10:05:00Z',
      application_type: 'ADDITIONAL',
      product_type: 'universal_life',
      number_of_insureds: 2,
      status: 'IN_REVIEW',
      face_amount: '1500000.00',
    },
    {
      id: 9,
      created_at: '2024-11-08T10:05:00Z',
      application_type: 'REPLACEMENT',
      product_type: 'whole_life',
      number_of_insureds: 1,
      status: 'ISSUED',
      face_amount: 250000,
    },
    {
      id: 8,
      created_at: '2024-06-15T10:05:00Z',
      application_type: 'LINKED',
      product_type: 'critical_illness',
      number_of_insureds: 1,
      status: 'SUBMITTED',
      face_amount: null,
    },
    {
      id: 7,
      created_at: null,
      application_type: 'NEW',
      product_type: 'term_life',
      number_of_insureds: 1,
      status: 'DECLINED',
      face_amount: 100000,
    },
  ],
  created_at: '2025-01-14T15:20:00Z',
  updated_at: '2025-03-02T10:05:00Z',
};

interface ApiState {
  clients: typeof CLIENTS;
  progress: unknown;
  deleteFails?: boolean;
}

async function fakeApi(page: Page, state: ApiState) {
  // vite.config.ts proxies /applications to the API (for old un-prefixed API paths), which also catches the
  // SPA's own /applications pages on a full load; answer every document request with the app's index.html.
  await page.route('**/*', async (route: Route) => {
    const request = route.request();
    if (request.resourceType() !== 'document') return route.fallback();
    const response = await route.fetch({ url: `${BASE}/` });
    return route.fulfill({ response });
  });
  await page.route('**/api/**', async (route: Route) => {
    const request = route.request();
    const url = new URL(request.url());
    const key = `${request.method()} ${url.pathname}`;
    const json = (body: unknown, status = 200) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    if (key === 'POST /api/login/') {
      const body = request.postDataJSON() as { username: string };
      return body.username === 'bad'
        ? json({ error: 'Invalid credentials' }, 401)
        : json({ token: 't', username: body.username, role: 'adviser' });
    }
    if (key === 'GET /api/clients/') return json({ results: state.clients, count: state.clients.length });
    if (key === 'GET /api/brokers/') return json(BROKERS);
    if (key === 'GET /api/clients/1/') return json(CLIENT_DETAIL);
    if (key.startsWith('DELETE /api/clients/')) {
      if (state.deleteFails) return json({}, 500);
      const id = Number(url.pathname.split('/')[3]);
      state.clients = state.clients.filter((client) => client.id !== id);
      return route.fulfill({ status: 204 });
    }
    if (key.startsWith('GET /api/insurance/screening-progress/get_progress/'))
      return state.progress ? json(state.progress) : json({ error: 'Not found' }, 404);
    if (key === 'POST /api/logout/') return route.fulfill({ status: 204 });
    return json({ error: `not faked: ${key}` }, 404);
  });
}

async function signIn(context: BrowserContext, username = 'jordan.smith@brokerage.ca') {
  await context.addInitScript((name) => {
    sessionStorage.setItem('authToken', 't');
    sessionStorage.setItem('username', name);
    sessionStorage.setItem('role', 'adviser');
  }, username);
}

type Shot = {
  name: string;
  path: string;
  auth?: boolean;
  width?: number;
  height?: number;
  state?: Partial<ApiState>;
  fullPage?: boolean;
  act?: (page: Page) => Promise<void>;
};

const INCOMPLETE = {
  clientId: 1,
  currentStep: 'owner',
  lastUpdated: '2025-03-02T10:05:00Z',
  isComplete: false,
  stepData: { owner: {} },
};

const SHOTS: Shot[] = [
  { name: 'login', path: '/' },
  {
    name: 'login-error',
    path: '/',
    act: async (page) => {
      await page.getByLabel('Username').fill('bad');
      await page.getByLabel('Password').fill('nope');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('Invalid username or password').waitFor();
    },
  },
  { name: 'login-tablet', path: '/', width: 820, height: 1180 },
  {
    name: 'signup-mismatch',
    path: '/signup',
    act: async (page) => {
      await page.getByLabel('Email address').fill('new.adviser@example.ca');
      await page.getByLabel('Password', { exact: true }).fill('secret-1');
      await page.getByLabel('Confirm Password').fill('secret-2');
      await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check();
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByText('Passwords do not match').waitFor();
    },
  },
  {
    name: 'dashboard',
    path: '/dashboard',
    auth: true,
    act: async (page) => void (await page.getByText('Amelia Tremblay').waitFor()),
  },
  {
    name: 'dashboard-tablet',
    path: '/dashboard',
    auth: true,
    width: 820,
    height: 1180,
    act: async (page) => void (await page.getByText('Amelia Tremblay').waitFor()),
  },
  {
    name: 'dashboard-empty',
    path: '/dashboard',
    auth: true,
    state: { clients: [] },
    act: async (page) => void (await page.getByText('No clients found').waitFor()),
  },
  {
    name: 'dashboard-row-menu',
    path: '/dashboard',
    auth: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Actions for Rajesh Patel' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).waitFor();
    },
  },
  {
    name: 'dashboard-user-menu',
    path: '/dashboard',
    auth: true,
    act: async (page) => {
      await page.getByRole('button', { name: /jordan/ }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    },
  },
  {
    name: 'dashboard-delete-dialog',
    path: '/dashboard',
    auth: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Actions for Rajesh Patel' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').waitFor();
      await page.waitForTimeout(250);
    },
  },
  {
    name: 'dashboard-toast',
    path: '/dashboard',
    auth: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Actions for Rajesh Patel' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Client deleted successfully').waitFor();
      await page.waitForTimeout(250);
    },
  },
  {
    name: 'dashboard-toast-error',
    path: '/dashboard',
    auth: true,
    state: { deleteFails: true },
    act: async (page) => {
      await page.getByRole('button', { name: 'Actions for Rajesh Patel' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Error deleting client').waitFor();
      await page.waitForTimeout(250);
    },
  },
  {
    name: 'client-profile-new',
    path: '/client/profile',
    auth: true,
    fullPage: true,
    act: async (page) => void (await page.getByText('Jordan Smith (jordan.smith@brokerage.ca)').waitFor()),
  },
  {
    name: 'client-profile-errors',
    path: '/client/profile',
    auth: true,
    fullPage: true,
    act: async (page) => {
      await page.getByLabel('First Name').fill('A');
      await page.getByLabel('Email').fill('amelia@');
      await page.getByLabel('Phone').fill('555-12');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Gender is required').first().waitFor();
    },
  },
  {
    name: 'client-profile-existing',
    path: '/client/profile/1',
    auth: true,
    fullPage: true,
    act: async (page) => void (await page.getByText('$750,000').waitFor()),
  },
  {
    name: 'client-profile-tablet',
    path: '/client/profile/1',
    auth: true,
    width: 820,
    height: 1180,
    fullPage: true,
    act: async (page) => void (await page.getByText('$750,000').waitFor()),
  },
  {
    name: 'prompt-incomplete',
    path: '/client/1/screening/prompt',
    auth: true,
    state: { progress: INCOMPLETE },
    act: async (page) => void (await page.getByText('Continue Screening').waitFor()),
  },
  {
    name: 'prompt-start',
    path: '/client/1/screening/prompt',
    auth: true,
    act: async (page) => void (await page.getByText('Yes, Start Screening').waitFor()),
  },
  { name: 'screening-step', path: '/client/1/screening/owner', auth: true },
  {
    name: 'screening-invalid',
    path: '/client/1/screening/nope',
    auth: true,
    act: async (page) => void (await page.getByText('Invalid step').waitFor()),
  },
  { name: 'applications', path: '/applications', auth: true },
  {
    name: 'applications-new',
    path: '/applications/new',
    auth: true,
    act: async (page) => void (await page.getByLabel('Client').waitFor()),
  },
  { name: 'support', path: '/reports', auth: true },
  { name: 'forgot-password', path: '/forgot-password' },
  { name: 'terms', path: '/terms', fullPage: true },
  { name: 'privacy', path: '/privacy', fullPage: true },
];

const AXE_SOURCE = process.env.AXE
  ? readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
  : '';

async function reportAxe(page: Page, name: string) {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: unknown,
          ) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'best-practice'] });
    return result.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  for (const line of violations) console.log(`  axe ${name}: ${line}`);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const only = process.env.ONLY?.split(',');
  for (const shot of SHOTS) {
    if (only && !only.includes(shot.name)) continue;
    const profile = mkdtempSync(join(tmpdir(), 'shots-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ARGS,
      viewport: { width: shot.width ?? 1366, height: shot.height ?? 850 },
      deviceScaleFactor: 1,
    });
    try {
      if (shot.auth) await signIn(context);
      const page = context.pages()[0] ?? (await context.newPage());
      await fakeApi(page, { clients: CLIENTS, progress: null, ...shot.state });
      await page.goto(BASE + shot.path, { waitUntil: 'networkidle' });
      await page.locator('h1').first().waitFor();
      if (shot.act) await shot.act(page);
      await page.waitForTimeout(150);
      await page.screenshot({ path: join(OUT, `${shot.name}.png`), fullPage: shot.fullPage ?? false });
      console.log('shot', shot.name);
      if (process.env.AXE) await reportAxe(page, shot.name);
    } catch (error) {
      console.error('FAILED', shot.name, error);
      process.exitCode = 1;
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }
}

await main();
