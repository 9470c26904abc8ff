import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { DefinitionFiles } from '../engine/types.ts';

/**
 * Reads every .json file under a steps folder into a map keyed by its path relative to that folder.
 * A file that is not valid JSON throws an error naming the file.
 */
export function readDefinitionFiles(dir: string): DefinitionFiles {
  const out: DefinitionFiles = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.json')) {
        const rel = relative(dir, p).split(sep).join('/');
        try {
          out[rel] = JSON.parse(readFileSync(p, 'utf8'));
        } catch (e) {
          throw new Error(`${join(dir, rel)}: not valid JSON (${(e as Error).message})`);
        }
      }
    }
  };
  walk(dir);
  return out;
}
