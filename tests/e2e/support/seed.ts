/**
 * Seeding for the end-to-end tests: accounts, clients and saved screening steps created through the real API
 * (the same calls the app makes), so a scenario can open the wizard at the step it is about without typing every
 * step before it. Step records come from the definitions' own examples (steps/<step>/examples/<name>.json).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

type Json = Record<string, unknown>;

const FLOW = JSON.parse(readFileSync(resolve('steps/flow.json'), 'utf8')) as {
  review: string;
  steps: { id: string }[];
};

/** The steps' order, from steps/flow.json. */
export const STEP_ORDER: string[] = FLOW.steps.map((s) => s.id);

/** The steps an application answers (every step before the review), in the flow's order: a step added to flow.json is among them. */
export const ANSWERED_STEPS: string[] = STEP_ORDER.slice(0, STEP_ORDER.indexOf(FLOW.review));

let counter = 0;
/** A unique email for a new adviser of this run. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export interface Adviser {
  email: string;
  password: string;
  token: string;
}

/** A small client of the API with one adviser's token. */
export class Api {
  constructor(
    readonly baseUrl: string,
    readonly token?: string,
  ) {}

  async request<T = Json>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (this.token) headers.Authorization = `Token ${this.token}`;
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }

  /** Like request, but throws with the server's answer unless the status is 2xx. */
  async ok<T = Json>(method: string, path: string, body?: unknown): Promise<T> {
    const { status, body: answer } = await this.request<T>(method, path, body);
    if (status < 200 || status >= 300)
      throw new Error(`${method} ${path} answered ${status}: ${JSON.stringify(answer)}`);
    return answer;
  }
}

/** Signs up a new adviser through POST /api/users/ and gets a token from POST /api/login/. */
export async function createAdviser(baseUrl: string, prefix = 'adviser'): Promise<Adviser> {
  const email = uniqueEmail(prefix);
  const password = 'e2e-password-1';
  const anonymous = new Api(baseUrl);
  await anonymous.ok('POST', '/api/users/', { email, password });
  const { token } = await anonymous.ok<{ token: string }>('POST', '/api/login/', { username: email, password });
  // A complete adviser profile, entered once: generation asks for each insurer's adviser code.
  await new Api(baseUrl, token).ok('PUT', '/api/profile/', ADVISER_PROFILE);
  return { email, password, token };
}

/** An adviser profile with a code for each of the five insurers. */
export const ADVISER_PROFILE = {
  full_name: 'Robin Adviser',
  licence_number: 'ON-7654321',
  licence_provinces: ['ON'],
  agency: 'Lakeshore MGA',
  adviser_codes: { BMO: 'B-77', MANULIFE: 'M-77', SUNLIFE: 'S-77', BENEVA: 'V-77', CANADA_LIFE: 'C-77' },
};

/** The application's plan list with one more joint whole life plan per plan id (a plan of each insurer applied to). */
export function withPlans(data: Record<string, unknown>, ...plans: string[]): Record<string, unknown> {
  const own = data['plan-details'] as { joint_plan_options?: unknown[] | null };
  own.joint_plan_options = [
    ...(own.joint_plan_options ?? []),
    ...plans.map((plan_name) => ({
      product_type: 'whole_life',
      plan_name,
      coverage_type: 'joint_last_to_die',
      face_amount: 500000,
    })),
  ];
  return data;
}

export interface ClientInput {
  first_name: string;
  last_name: string;
  email?: string;
  phone_primary?: string;
  date_of_birth?: string;
  gender_sex_at_birth?: string;
  marital_status?: string;
  address_line1?: string;
  city?: string;
  province?: string;
  postal_code?: string;
}

/** Creates a client through POST /api/clients/ and returns its id as a string (as in the app's URLs). */
export async function createClient(api: Api, input: ClientInput): Promise<string> {
  const client = await api.ok<{ id: number | string }>('POST', '/api/clients/', {
    email: `${input.first_name.toLowerCase()}.${input.last_name.toLowerCase()}@example.ca`,
    phone_primary: '416-555-0134',
    date_of_birth: '1981-04-17',
    gender_sex_at_birth: 'male',
    brokers: [],
    ...input,
  });
  return String(client.id);
}

/** The `data` of steps/<stepId>/examples/<name>.json (every step it holds, keyed by step id), deep-copied. */
export function example(stepId: string, name: string): Json {
  const file = JSON.parse(readFileSync(resolve('steps', stepId, 'examples', `${name}.json`), 'utf8')) as { data: Json };
  return structuredClone(file.data);
}

/** The record of one step from its own example: `record('owner', 'entity')` is the example's owner record. */
export function record(stepId: string, name: string): Json {
  const data = example(stepId, name);
  if (!(stepId in data)) throw new Error(`steps/${stepId}/examples/${name}.json has no ${stepId} record`);
  return data[stepId] as Json;
}

/** Replaces every occurrence of the example's client ids (strings or numbers) by the real ones, keeping the type. */
export function withClientIds(value: unknown, ids: Record<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => withClientIds(v, ids));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, withClientIds(v, ids)]));
  }
  if ((typeof value === 'string' || typeof value === 'number') && String(value) in ids) {
    const id = ids[String(value)];
    return typeof value === 'number' ? Number(id) : id;
  }
  return value;
}

/**
 * Saves step records through PUT /api/screening/{clientId}/{stepId}/ in the flow's order (each save is checked by
 * the engine against what is saved before it). Keys that are not steps ($context) are ignored.
 */
export async function seedSteps(api: Api, clientId: string, data: Json, only?: string[]): Promise<void> {
  for (const step of STEP_ORDER) {
    if (!(step in data) || (only && !only.includes(step))) continue;
    await api.ok('PUT', `/api/screening/${clientId}/${step}/`, data[step]);
  }
}

/** The screening saved for a client (GET /api/screening/{clientId}/). */
export function savedScreening(api: Api, clientId: string): Promise<Json> {
  return api.ok('GET', `/api/screening/${clientId}/`);
}
