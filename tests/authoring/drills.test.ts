import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { applyDrill, readDrill } from '../../scripts/applyDrill.ts';
import { formsCheck } from '../../scripts/formsCheck.ts';
import { stepsCheck } from '../../scripts/stepsCheck.ts';
import { runChecker } from '../support/runChecker.ts';
import { summarizeRecord, type SummaryGroup } from '../../renderer/summarizeRecord.ts';
import type { JsonObject } from '../../engine/index.ts';
import { createClient, signUp, startServer, type TestServer } from '../support/apiServer.ts';
import { pdfText, withEveryInsurer } from '../pdf/support.ts';
import { readDefinitionFiles } from '../../api/definitions/readDefinitionFiles.ts';
import { definitionValue, specText, type SpecTexts } from '../support/specText.ts';

/**
 * Issue 13's drills, as product staff perform them: JSON edits only (tests/authoring/drills/*.json, JSON patches),
 * on a temporary copy of steps/ and forms/. Then the linters, the server, the review and the PDFs must follow.
 */
const DRILLS_DIR = new URL('./drills/', import.meta.url);

/** What a drill says should follow from its edits. */
interface DrillExpectations {
  /** Steps whose records (from the edited complete application example) are saved through the server. */
  saves: string[];
  /** Saves the server refuses: a record (the complete application's, or one example's) with values set by path. */
  refusals: { step: string; example?: string; set: Record<string, unknown>; field: string; message: string }[];
  /** Answers the review lists, by their ui.json label. */
  review: { step: string; label: string; value: string }[];
  /** Texts every generated insurer PDF holds. */
  pdf: string[];
}

/** A drill's expectations name a text of steps/ it leaves alone as `{"specText": key}`: it follows the data too. */
const withSpecTexts = (node: unknown): unknown =>
  Array.isArray(node)
    ? node.map(withSpecTexts)
    : node !== null && typeof node === 'object'
      ? 'specText' in node && typeof node.specText === 'string'
        ? specText(node.specText)
        : Object.fromEntries(Object.entries(node).map(([k, v]) => [k, withSpecTexts(v)]))
      : node;

const drills = readdirSync(DRILLS_DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => readDrill(new URL(f, DRILLS_DIR).pathname));

/** Sets a dotted path of a record. */
function setPath(record: JsonObject, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop()!;
  const parent = keys.reduce<JsonObject>((o, k) => o[k] as JsonObject, record);
  parent[last] = value as JsonObject[string];
}

/** Every row of a review summary, nested groups included. */
const rowsOf = (group: SummaryGroup): { label: string; value: string }[] => [
  ...group.rows,
  ...group.groups.flatMap(rowsOf),
];

describe.each(drills.map((d) => [d.title, d] as const))('%s', (_title, drill) => {
  const expected = withSpecTexts(drill.expect) as DrillExpectations;
  let root: string;
  let server: TestServer;
  let token: string;
  let clientId: number;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'drill-'));
    cpSync('steps', join(root, 'steps'), { recursive: true });
    cpSync('forms', join(root, 'forms'), { recursive: true });
    // Other files a drill edits (the spec's texts list) are copied too, so their patches are checked.
    for (const { file } of drill.edits) {
      if (/^(steps|forms)\//.test(file) || !existsSync(file)) continue;
      mkdirSync(dirname(join(root, file)), { recursive: true });
      cpSync(file, join(root, file));
    }
    applyDrill(drill, root);
    server = await startServer('sqlite', { stepsDir: join(root, 'steps'), formsDir: join(root, 'forms') });
    token = (await signUp(server)).token;
  });
  afterAll(async () => {
    await server?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  /** The edited complete application (the review step's example), as the copy holds it. */
  const fullApplication = (): Record<string, JsonObject> => {
    const { engine } = server.app;
    // A plan of every insurer: the drill generates each insurer's application.
    return withEveryInsurer(
      structuredClone(engine.definitions.steps[engine.reviewStep].examples['full-application'].data),
    ) as Record<string, JsonObject>;
  };

  it("keeps the spec's list of texts in step: each entry of (the edited) specTexts.json is at its place in the copy", () => {
    const list = existsSync(join(root, 'tests/steps/specTexts.json'))
      ? join(root, 'tests/steps/specTexts.json')
      : 'tests/steps/specTexts.json';
    const spec = JSON.parse(readFileSync(list, 'utf8')) as SpecTexts;
    const copy = readDefinitionFiles(join(root, 'steps')) as Record<string, unknown>;
    expect(spec.texts.filter((t) => definitionValue(t.file, t.path, copy) !== t.text).map((t) => t.key)).toEqual([]);
  });

  it('passes steps:check and forms:check on the edited copy', async () => {
    // In-process, with the commands' arguments (tests/engine/stepsCheckCli.test.ts and tests/pdf/formsCheck.test.ts
    // spawn the commands themselves); the output is what the command prints, stdout then stderr.
    const steps = await runChecker(stepsCheck, [join(root, 'steps')]);
    expect(steps.stdout + steps.stderr).toContain('is valid');
    expect(steps.status).toBe(0);
    const forms = await runChecker(formsCheck, [join(root, 'forms'), join(root, 'steps')]);
    expect(forms.stdout + forms.stderr).toContain('is valid');
    expect(forms.status).toBe(0);
  });

  it("saves the new answers through the server, and refuses wrong ones with the definitions' messages", async () => {
    const full = fullApplication();
    clientId = await createClient(server, token);
    const { engine } = server.app;
    for (const stepId of engine.order) {
      if (!expected.saves.includes(stepId) && full[stepId] && stepId !== engine.finalStep)
        await server.seedRecord(clientId, stepId, full[stepId]);
    }
    for (const stepId of expected.saves) {
      const res = await server.call('PUT', `/api/screening/${clientId}/${stepId}/`, { token, body: full[stepId] });
      expect(res.status, res.text).toBe(200);
    }
    const saved = (await server.call('GET', `/api/screening/${clientId}/`, { token })).body;
    for (const stepId of expected.saves) expect(saved[stepId]).toMatchObject(full[stepId]);

    for (const refusal of expected.refusals) {
      const record = refusal.example
        ? (engine.definitions.steps[refusal.step].examples[refusal.example].data[refusal.step] as JsonObject)
        : full[refusal.step];
      const body = structuredClone(record);
      for (const [path, value] of Object.entries(refusal.set)) setPath(body, path, value);
      const res = await server.call('PUT', `/api/screening/${clientId}/${refusal.step}/`, { token, body });
      expect(res.status, res.text).toBe(400);
      expect(res.body.errors).toContainEqual({ field: refusal.field, message: refusal.message });
    }
    // Refused saves change nothing.
    expect((await server.call('GET', `/api/screening/${clientId}/`, { token })).body).toEqual(saved);
  });

  it("shows the new answers on the review, each in its step's section", async () => {
    const { engine } = server.app;
    const saved = (await server.call('GET', `/api/screening/${clientId}/`, { token })).body;
    const sections = engine.reviewSections().map((s) => s.step);
    for (const row of expected.review) {
      expect(sections).toContain(row.step);
      expect(rowsOf(summarizeRecord(engine.definitions.steps[row.step], saved[row.step]))).toContainEqual({
        label: row.label,
        value: row.value,
      });
    }
    expect(engine.incompleteSteps({ ...saved, $context: { clientId: String(clientId) } })).toEqual([]);
  });

  it("prints the new answers in every insurer's generated PDF", async () => {
    const { engine } = server.app;
    const insurers = (
      engine.definitions.steps[engine.finalStep].schema.properties as { populate_forms: { items: { enum: string[] } } }
    ).populate_forms.items.enum;
    const res = await server.call('POST', '/api/pdf/generate_pdf/', {
      token,
      body: { client_id: clientId, populate_forms: insurers },
    });
    expect(res.status, res.text).toBe(200);
    for (const file of res.body.data.files as { insurer: string; url: string }[]) {
      const pdf = await fetch(server.url + file.url, { headers: { authorization: `Token ${token}` } });
      expect(pdf.status).toBe(200);
      const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
      expect(
        expected.pdf.filter((shown) => !text.includes(shown)),
        `missing from the ${file.insurer} PDF`,
      ).toEqual([]);
    }
  });
});
