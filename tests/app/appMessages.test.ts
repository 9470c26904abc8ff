import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkAppMessages, formatAppMessageProblem } from '../../scripts/appMessagesCheck.ts';

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** A project folder holding these files (path -> text, or JSON for .json). */
function project(files: Record<string, unknown>): string {
  root = mkdtempSync(join(tmpdir(), 'app-messages-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), typeof content === 'string' ? content : JSON.stringify(content));
  }
  mkdirSync(join(root, 'renderer'), { recursive: true });
  return root;
}

const problems = (dir: string) => checkAppMessages(dir).map(formatAppMessageProblem);

describe("the app's texts check", () => {
  it('passes the project itself: every English text has its French, current, with the same placeholders', () => {
    expect(checkAppMessages(process.cwd())).toEqual([]);
  });

  it('passes a complete pair of catalogues and the ids the code uses', () => {
    const dir = project({
      'app/i18n/en/auth.json': {
        'a.hello': 'Hello {name}',
        'a.steps': '{count, plural, one {# step} other {# steps}}',
      },
      'app/i18n/fr/auth.json': {
        'a.hello': { en: 'Hello {name}', fr: 'Bonjour {name}' },
        'a.steps': {
          en: '{count, plural, one {# step} other {# steps}}',
          fr: '{count, plural, one {# étape} other {# étapes}}',
        },
      },
      'app/Page.tsx': 'const t = useT();\nt(\'a.hello\', { name });\nt("a.steps", { count });',
    });
    expect(problems(dir)).toEqual([]);
  });

  it('names a missing, an extra, a stale, an empty translation and mismatched placeholders, with file and id', () => {
    const dir = project({
      'app/i18n/en/auth.json': {
        'a.missing': 'Sign in',
        'a.stale': 'Welcome back',
        'a.empty': 'Password',
        'a.names': 'Hello {name}',
        'a.plural': '{count, plural, one {# step} other {# steps}}',
      },
      'app/i18n/fr/auth.json': {
        'a.extra': { en: 'Gone', fr: 'Parti' },
        'a.stale': { en: 'Welcome', fr: 'Bienvenue' },
        'a.empty': { en: 'Password', fr: ' ' },
        'a.names': { en: 'Hello {name}', fr: 'Bonjour {nom}' },
        'a.plural': {
          en: '{count, plural, one {# step} other {# steps}}',
          fr: '{n, plural, one {# étape} other {# étapes}}',
        },
      },
    });
    expect(problems(dir)).toEqual([
      'app/i18n/fr/auth.json: "a.missing" has no French (English: "Sign in")',
      'app/i18n/fr/auth.json: "a.stale" stale: translated from "Welcome", the English is now "Welcome back"',
      'app/i18n/fr/auth.json: "a.empty" the French text is empty',
      'app/i18n/fr/auth.json: "a.names" placeholders differ: English has {name}, French has {nom}',
      'app/i18n/fr/auth.json: "a.plural" placeholders differ: English has {count}, French has {n}',
      'app/i18n/fr/auth.json: "a.extra" has no English (remove it, or add the English)',
    ]);
  });

  it('names an empty English text, and an id the code uses that no English area defines', () => {
    const dir = project({
      'app/i18n/en/shell.json': { 's.blank': '' },
      'app/i18n/fr/shell.json': { 's.blank': { en: '', fr: 'Vide' } },
      'renderer/Form.tsx': "t('s.nowhere')",
      'app/App.tsx': "{ path: '/x', handle: { title: 'title.nowhere' } }",
    });
    expect(problems(dir)).toEqual([
      'app/i18n/en/shell.json: "s.blank" the English text is empty',
      'app/App.tsx: "title.nowhere" is used but no app/i18n/en/<area>.json defines it',
      'renderer/Form.tsx: "s.nowhere" is used but no app/i18n/en/<area>.json defines it',
    ]);
  });
});
