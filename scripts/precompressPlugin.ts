import { resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { precompressDir } from './precompressDir.ts';

/**
 * Vite plugin: after a production build, brotli and gzip copies of every compressible file of the output folder
 * (scripts/precompressDir.ts), so the server sends them without compressing per request.
 */
export function precompressPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'insure:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const t = precompressDir(outDir);
      config.logger.info(
        `precompress: ${t.files} files, ${(t.bytes / 1024).toFixed(0)} KB -> ${(t.brotli / 1024).toFixed(0)} KB brotli (and gzip copies)`,
      );
    },
  };
}
