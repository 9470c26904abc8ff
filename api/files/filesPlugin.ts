import fp from 'fastify-plugin';
import type { Config } from '../types.ts';
import { ensurePrivateDir } from '../privateFiles.ts';
import { createDatabaseFileStore } from './createDatabaseFileStore.ts';
import { createSealedFileStore } from './createSealedFileStore.ts';
import { createDiskFileStore, createS3FileStore, type FileStore } from './fileStore.ts';
import { sweepDiskFiles } from './sweepDiskFiles.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where generated documents live, sealed at rest (DATA_DIR/files, the database or a bucket). */
    files: FileStore;
  }
}

export interface FilesPluginOptions {
  dataDir: string;
  /** S3_BUCKET and its settings: the files go to a bucket. */
  s3?: Config['s3'];
}

/**
 * Decorates `files`: a bucket when S3_BUCKET is set; else, on PostgreSQL, the database, where every instance reads
 * them; else (SQLite: one instance) DATA_DIR/files, swept of what an interrupted generation left. Generated PDFs
 * print SINs whole: sealed wherever they are kept, opened for an authorised download.
 */
export const filesPlugin = fp<FilesPluginOptions>(
  async (app, { dataDir, s3 }) => {
    ensurePrivateDir(dataDir);
    const swept = await sweepDiskFiles(dataDir);
    if (swept.tmpFiles || swept.unfinishedGenerations) app.log.info(swept, 'removed unfinished files');
    let store: FileStore;
    if (s3) {
      // The SDK is loaded only by the deployments that use it: it is large, and slow to load.
      const { createAwsS3Client } = await import('./createAwsS3Client.ts');
      store = createS3FileStore({
        client: createAwsS3Client({ region: s3.region, endpoint: s3.endpoint, forcePathStyle: s3.forcePathStyle }),
        bucket: s3.bucket,
        prefix: s3.prefix,
      });
    } else {
      const { database } = app;
      store = database.dialect === 'postgres' ? createDatabaseFileStore(database.db) : createDiskFileStore(dataDir);
    }
    app.decorate('files', createSealedFileStore(store, app.secretBox));
  },
  { name: 'files', dependencies: ['db', 'secrets'] },
);
