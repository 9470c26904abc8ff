import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** One RFC 6902 operation; `test` makes a drill fail loudly when the definitions it edits have moved on. */
export interface PatchOperation {
  op: 'add' | 'remove' | 'replace' | 'test';
  path: string;
  value?: unknown;
}

/** A product-staff drill: JSON edits of definition files (a patch of "" creates a file), and what should follow. */
export interface Drill {
  title: string;
  description?: string;
  edits: { file: string; patch: PatchOperation[] }[];
  expect?: unknown;
}

type Container = Record<string, unknown> | unknown[];

const unescape = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * A drill names an array element by what it holds, never by its position (a step added before it would move it):
 * `[id=medical]` is the element whose `id` is "medical"; `[file=owner~1schema.json&text=…]` needs both; a key may be
 * dotted (`[each.0.path=lifestyle_data_1]`). Values compare as text. `add` at a selector inserts before that element.
 */
function selectIndex(container: unknown[], token: string, where: string): number {
  const conditions = token
    .slice(1, -1)
    .split('&')
    .map((condition) => {
      const eq = condition.indexOf('=');
      return { keys: condition.slice(0, eq).split('.'), value: unescape(condition.slice(eq + 1)) };
    });
  const matches = container.flatMap((element, index) =>
    conditions.every(({ keys, value }) => {
      const found = keys.reduce<unknown>(
        (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
        element,
      );
      return found !== undefined && String(found) === value;
    })
      ? [index]
      : [],
  );
  if (matches.length !== 1) throw new Error(`${where}: ${matches.length} elements match ${unescape(token)}`);
  return matches[0];
}

const isSelector = (token: string): boolean => token.startsWith('[') && token.endsWith(']') && token.includes('=');

/**
 * Applies a JSON Patch (add, remove, replace, test) to a document, returning the new document.
 * @throws Error naming the operation when a path does not exist or a test fails
 */
export function applyJsonPatch(document: unknown, operations: PatchOperation[]): unknown {
  let root = structuredClone(document);
  for (const [i, operation] of operations.entries()) {
    const where = `operation ${i} (${operation.op} ${operation.path})`;
    if (operation.path === '') {
      if (operation.op === 'test') {
        if (JSON.stringify(root) !== JSON.stringify(operation.value)) throw new Error(`${where}: the document differs`);
      } else root = operation.op === 'remove' ? undefined : structuredClone(operation.value);
      continue;
    }
    // Selectors are unescaped by selectIndex (a value may hold "/"), the other tokens here.
    const raw = operation.path.split('/').slice(1);
    const tokens = raw.map((token) => (isSelector(token) ? token : unescape(token)));
    let last = tokens.pop()!;
    let parent: unknown = root;
    for (let token of tokens) {
      if (isSelector(token) && Array.isArray(parent)) token = String(selectIndex(parent, token, where));
      parent = parent !== null && typeof parent === 'object' ? (parent as Record<string, unknown>)[token] : undefined;
      if (parent === undefined) throw new Error(`${where}: "${token}" does not exist`);
    }
    if (parent === null || typeof parent !== 'object')
      throw new Error(`${where}: the parent is not an object or array`);
    const container = parent as Container;
    if (isSelector(last) && Array.isArray(container)) last = String(selectIndex(container, last, where));
    if (Array.isArray(container)) {
      const index = last === '-' ? container.length : Number(last);
      if (
        !Number.isInteger(index) ||
        index < 0 ||
        index > container.length ||
        (operation.op !== 'add' && index >= container.length)
      )
        throw new Error(`${where}: no index ${last}`);
      if (operation.op === 'test') {
        if (JSON.stringify(container[index]) !== JSON.stringify(operation.value))
          throw new Error(`${where}: found ${JSON.stringify(container[index])}`);
      } else if (operation.op === 'add') container.splice(index, 0, structuredClone(operation.value));
      else if (operation.op === 'replace') container[index] = structuredClone(operation.value);
      else container.splice(index, 1);
      continue;
    }
    if (operation.op !== 'add' && !(last in container)) throw new Error(`${where}: "${last}" does not exist`);
    if (operation.op === 'test') {
      if (JSON.stringify(container[last]) !== JSON.stringify(operation.value))
        throw new Error(`${where}: found ${JSON.stringify(container[last])}`);
    } else if (operation.op === 'remove') delete container[last];
    else container[last] = structuredClone(operation.value);
  }
  return root;
}

/**
 * Performs a drill on a copy of the project (or of its steps/ and forms/): each edited file is read, patched and
 * written back as JSON; a file that does not exist yet starts empty (a patch of "" creates it).
 * @param drill - the drill's data (tests/authoring/drills/*.json)
 * @param root - the folder holding the copied steps/ (and forms/)
 * @returns the files written, relative to root
 */
export function applyDrill(drill: Drill, root: string): string[] {
  for (const edit of drill.edits) {
    const file = join(root, edit.file);
    const before = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as unknown) : undefined;
    let after: unknown;
    try {
      after = applyJsonPatch(before, edit.patch);
    } catch (e) {
      throw new Error(`${drill.title}: ${edit.file}: ${(e as Error).message}`, { cause: e });
    }
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(after, null, 2)}\n`);
  }
  return drill.edits.map((e) => e.file);
}

/** Reads a drill file. */
export function readDrill(file: string): Drill {
  return JSON.parse(readFileSync(file, 'utf8')) as Drill;
}
