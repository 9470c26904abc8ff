import { chmod, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../privateFiles.ts';

export interface SweepResult {
  /** Temporary files of writes that never finished. */
  tmpFiles: number;
  /** Generation folders without a manifest (a generation that never finished: never listed, never downloadable). */
  unfinishedGenerations: number;
}

async function entriesOf(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}

/**
 * Start-up housekeeping of the DATA_DIR file store (`<dataDir>/files`): removes the `.tmp` files and the generation
 * folders without a manifest that a crash left behind, and makes what remains owner-only (an older install wrote
 * 0644 files in 0755 folders). Runs before the server listens; the disk store belongs to one instance (several
 * instances use an S3-compatible store), so nothing is being written meanwhile.
 * @param dataDir - DATA_DIR
 * @returns - what was removed
 */
export async function sweepDiskFiles(dataDir: string): Promise<SweepResult> {
  const result: SweepResult = { tmpFiles: 0, unfinishedGenerations: 0 };
  const root = join(dataDir, 'files');
  const generations = join(root, 'generations');
  for (const entry of await entriesOf(generations)) {
    if (!entry.isDirectory()) continue;
    const hasManifest = await stat(join(generations, entry.name, 'manifest.json')).then(
      () => true,
      () => false,
    );
    if (!hasManifest) {
      await rm(join(generations, entry.name), { recursive: true, force: true });
      result.unfinishedGenerations += 1;
    }
  }
  const walk = async (dir: string): Promise<void> => {
    await chmod(dir, PRIVATE_DIR_MODE);
    for (const entry of await entriesOf(dir)) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.name.endsWith('.tmp')) {
        await rm(path, { force: true });
        result.tmpFiles += 1;
      } else await chmod(path, PRIVATE_FILE_MODE);
    }
  };
  if ((await entriesOf(dataDir)).some((e) => e.name === 'files' && e.isDirectory())) await walk(root);
  return result;
}
