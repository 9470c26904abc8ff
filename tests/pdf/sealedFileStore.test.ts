import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSealedFileStore } from '../../api/files/createSealedFileStore.ts';
import { createMemoryFileStore } from '../../api/files/fileStore.ts';
import { createSecretBox } from '../../api/secrets/createSecretBox.ts';

const pdf = new TextEncoder().encode('%PDF-1.7 SIN 046 454 286 %%EOF');

describe('the sealed file store', () => {
  it('stores sealed bytes, gives back the plain ones, and keeps the content type', async () => {
    const inner = createMemoryFileStore();
    const store = createSealedFileStore(inner, createSecretBox(randomBytes(32)));
    await store.put('generations/a/bmo.pdf', pdf, 'application/pdf');
    const stored = await inner.get('generations/a/bmo.pdf');
    expect(Buffer.from(stored!.bytes).toString('latin1')).not.toContain('046 454 286');
    expect(await store.get('generations/a/bmo.pdf')).toEqual({ bytes: pdf, contentType: 'application/pdf' });
  });

  it('does not open a sealed file copied under another key, nor with another key', async () => {
    const inner = createMemoryFileStore();
    const store = createSealedFileStore(inner, createSecretBox(randomBytes(32)));
    await store.put('generations/a/bmo.pdf', pdf);
    await inner.put('generations/b/bmo.pdf', (await inner.get('generations/a/bmo.pdf'))!.bytes);
    await expect(store.get('generations/b/bmo.pdf')).rejects.toThrow();
    const otherKey = createSealedFileStore(inner, createSecretBox(randomBytes(32)));
    await expect(otherKey.get('generations/a/bmo.pdf')).rejects.toThrow();
  });

  it('reads a file stored before sealing as it is, and answers none for a missing one', async () => {
    const inner = createMemoryFileStore();
    await inner.put('generations/old/bmo.pdf', pdf);
    const store = createSealedFileStore(inner, createSecretBox(randomBytes(32)));
    expect((await store.get('generations/old/bmo.pdf'))?.bytes).toEqual(pdf);
    expect(await store.get('generations/none/bmo.pdf')).toBeUndefined();
    await store.delete('generations/old/bmo.pdf');
    expect(inner.keys()).toEqual([]);
  });
});
