import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stepsCheck } from '../../scripts/stepsCheck.ts';
import { runChecker } from '../support/runChecker.ts';

// In-process: the checker's function with the command's arguments, output and exit code.
const run = (args: string[]) => runChecker(stepsCheck, args);
// The command itself, end to end (node, tsx, the script's exit code): one case proves it.
const spawn = (args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/stepsCheck.ts', ...args], { encoding: 'utf8' });

describe('npm run steps:check (the command)', () => {
  let root: string;
  let dir: string;
  beforeEach(() => {
    // steps/ with forms/ beside it: flow.json's plans list is read from the insurers' catalogues there.
    root = mkdtempSync(join(tmpdir(), 'steps-'));
    dir = join(root, 'steps');
    cpSync('steps', dir, { recursive: true });
    cpSync('forms', join(root, 'forms'), { recursive: true });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('exits 0 on steps/', async () => {
    const r = await run([dir]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('exits non-zero and names the file, the path and the reason on a broken definition (the command itself)', () => {
    const file = join(dir, 'owner', 'rules.json');
    const rules = JSON.parse(readFileSync(file, 'utf8'));
    rules.visibility[3].showIf = { '==': [{ var: 'owner.ownr_type' }, 'entity'] };
    writeFileSync(file, JSON.stringify(rules));
    const r = spawn([dir]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      `${dir}/owner/rules.json /visibility/3: var "owner.ownr_type" is not a field (did you mean owner.owner_type?)`,
    );
  });

  it('exits non-zero on a file that is not JSON', async () => {
    writeFileSync(join(dir, 'medical', 'ui.json'), '{ "insured_1": ');
    const r = await run([dir]);
    expect(r.status).toBe(1);
    // Line and column, as an editor takes them.
    expect(r.stderr).toMatch(/medical\/ui\.json:1:\d+: not valid JSON/);
    expect(r.stderr).not.toMatch(/position \d+/);
  });

  it('exits non-zero on a French translation made stale by a changed English text, naming both texts', async () => {
    const file = join(dir, 'basic', 'ui.json');
    const ui = JSON.parse(readFileSync(file, 'utf8'));
    const before = ui['ui:options'].heading as string;
    ui['ui:options'].heading = `${before} (new)`;
    writeFileSync(file, JSON.stringify(ui));
    const r = await run([dir]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      `${dir}/basic/ui.json /ui:options/heading: stale fr translation in basic/i18n/fr.json: written from "${before}", the English is now "${before} (new)"`,
    );
  });

  it('exits non-zero on a text without French', async () => {
    const file = join(dir, 'basic', 'i18n', 'fr.json');
    const fr = JSON.parse(readFileSync(file, 'utf8'));
    delete fr['ui.json#/ui:options/heading'];
    writeFileSync(file, JSON.stringify(fr));
    const r = await run([dir]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(`${dir}/basic/ui.json /ui:options/heading: no fr translation of ".+" in basic/i18n/fr.json`),
    );
  });
});
