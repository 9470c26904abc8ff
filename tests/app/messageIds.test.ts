import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lifecycleMessages, readMessages, renameIds, shortIds } from '../../scripts/messagesPlugin.ts';

const root = resolve(import.meta.dirname, '../..');

describe("the production build's short message ids", () => {
  it('gives every id the code names a short id of its own, and keeps the ids the code builds at run time', () => {
    const ids = [...readMessages('en').keys(), ...lifecycleMessages('en').keys()];
    const short = shortIds(ids, [join(root, 'app'), join(root, 'renderer')]);
    // app/lifecycle.ts builds `lifecycle.status.${status}`: those keep their names.
    expect([...short.keys()].some((id) => id.startsWith('lifecycle.status.'))).toBe(false);
    expect(short.get('auth.login.title')).toMatch(/^[A-Za-z][A-Za-z0-9]?$/);
    expect(new Set(short.values()).size).toBe(short.size);
    expect(short.size).toBe(ids.filter((id) => !id.startsWith('lifecycle.status.')).length);
  });

  it('finds a built head in a concatenation as in a template literal', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ids-'));
    writeFileSync(join(dir, 'a.ts'), "export const label = (k: string) => 'menu.item.' + k;\n");
    const short = shortIds(['menu.item.open', 'menu.title'], [dir]);
    expect([...short.keys()]).toEqual(['menu.title']);
  });

  it('rewrites string literals that are exactly an id, and nothing else', () => {
    const short = new Map([['auth.login.title', 'Xb']]);
    const code = [
      `t("auth.login.title");`,
      `const A = 'auth.login.title';`,
      'const B = `auth.login.title`;',
      `const C = "auth.login.title.more";`,
      `const D = "see auth.login.title";`,
      `const E = "auth.login";`,
    ].join('\n');
    expect(renameIds(code, short).split('\n')).toEqual([
      `t("Xb");`,
      `const A = 'Xb';`,
      'const B = `Xb`;',
      `const C = "auth.login.title.more";`,
      `const D = "see auth.login.title";`,
      `const E = "auth.login";`,
    ]);
  });
});
