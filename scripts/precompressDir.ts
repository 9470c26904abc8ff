/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of a built folder, at the
 * strongest settings (brotli quality 11, gzip level 9): the build pays once what a server compressing on the fly
 * would pay per request, and cannot afford at those settings. A copy is kept only when it is smaller than its file.
 * The app's server sends the best copy the browser accepts (api/http/appFiles.ts); any static server that serves
 * pre-compressed files (nginx `gzip_static`/`brotli_static`, Caddy `precompressed`) can serve Storybook's.
 *
 * Usage: `tsx scripts/precompressDir.ts <dir>` (npm run build-storybook does it for storybook-static/).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt', '.map', '.xml', '.md']);

function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesOf(path);
    return entry.isFile() && COMPRESSIBLE.has(extname(entry.name).toLowerCase()) ? [path] : [];
  });
}

/**
 * @param dir - the built folder
 * @returns - how many files got copies, and the bytes before and after (brotli)
 */
export function precompressDir(dir: string): { files: number; bytes: number; brotli: number } {
  const totals = { files: 0, bytes: 0, brotli: 0 };
  for (const path of filesOf(dir)) {
    const bytes = readFileSync(path);
    const size = statSync(path).size;
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: size,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = gzipSync(bytes, { level: 9 });
    if (br.length < size) writeFileSync(`${path}.br`, br);
    if (gz.length < size) writeFileSync(`${path}.gz`, gz);
    totals.files += 1;
    totals.bytes += size;
    totals.brotli += Math.min(br.length, size);
  }
  return totals;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: tsx scripts/precompressDir.ts <dir>');
  const t = precompressDir(resolve(dir));
  console.log(
    `precompress: ${t.files} files in ${dir}, ${(t.bytes / 1024).toFixed(0)} KB -> ${(t.brotli / 1024).toFixed(0)} KB brotli (and gzip copies)`,
  );
}
