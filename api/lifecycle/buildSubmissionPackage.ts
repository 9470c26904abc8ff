import { createHash } from 'node:crypto';
import { strToU8, zipSync, type Zippable } from 'fflate';

/** One file of a submission package. */
export interface PackageFile {
  name: string;
  bytes: Uint8Array;
}

/** manifest.json of a package: what it is for, and the SHA-256 of every other file in it. */
export interface SubmissionManifest {
  application_id: number;
  insurer: string;
  created_at: string;
  definitions_version: string;
  files: { name: string; sha256: string; bytes: number }[];
}

/** The SHA-256 of bytes, in hex. */
export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * The ZIP an insurer receives: the files given, then manifest.json listing each with its SHA-256, so the receiver
 * can check that nothing changed on the way. Entries carry the package's time, so a package is the same bytes
 * however often it is read.
 * @param files - the PDF, answers.json, the signature certificate
 * @param about - the manifest's other fields
 * @returns the ZIP's bytes and its manifest
 */
export function buildSubmissionPackage(
  files: PackageFile[],
  about: Omit<SubmissionManifest, 'files'>,
): { zip: Uint8Array; manifest: SubmissionManifest } {
  const manifest: SubmissionManifest = {
    ...about,
    files: files.map((f) => ({ name: f.name, sha256: sha256(f.bytes), bytes: f.bytes.byteLength })),
  };
  const mtime = new Date(about.created_at);
  const entries: Zippable = {};
  for (const f of files) entries[f.name] = [f.bytes, { mtime }];
  entries['manifest.json'] = [strToU8(JSON.stringify(manifest, null, 2)), { mtime }];
  return { zip: zipSync(entries, { level: 6 }), manifest };
}
