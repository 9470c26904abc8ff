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
    const tokens = operation.path.split('/').slice(1).map(unescape);
    const last = tokens.pop()!;
    let parent: unknown = root;
    for (const token of tokens) {
      parent = parent !== null && typeof parent === 'object' ? (parent as Record<string, unknown>)[token] : undefined;
      if (parent === undefined) throw new Error(`${where}: "${token}" does not exist`);
    }
    if (parent === null || typeof parent !== 'object')
      throw new Error(`${where}: the parent is not an object or array`);
    const container = parent as Container;
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
