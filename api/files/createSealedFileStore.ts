import { isSealedFile, type SecretBox } from '../secrets/createSecretBox.ts';
import type { FileStore } from './fileStore.ts';

/**
 * A file store whose files are sealed at rest with the key that seals SINs (a generated PDF prints them whole): on
 * disk, in the database's `files` table and in a bucket alike. Each file is bound to its key, so a sealed file
 * copied under another key does not open. Files stored before sealing existed are read as they are.
 * @param inner - where the sealed bytes go
 * @param box - the key's sealing (api/secrets)
 */
export function createSealedFileStore(inner: FileStore, box: SecretBox): FileStore {
  const context = (key: string): string => `file/${key}`;
  return {
    put: (key, bytes, contentType) => inner.put(key, box.sealBytes(bytes, context(key)), contentType),
    async get(key) {
      const file = await inner.get(key);
      if (!file || !isSealedFile(file.bytes)) return file;
      return { ...file, bytes: box.openBytes(file.bytes, context(key)) };
    },
    delete: (key) => inner.delete(key),
  };
}
