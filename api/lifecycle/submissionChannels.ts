import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FORM_FILE, insurerFolders } from '../pdf/formFiles.ts';

/** How a package reaches an insurer (forms/<insurer>/form.json `submission`). */
export interface SubmissionChannel {
  /** download: the adviser uploads the package to the insurer's portal; https: the server posts it. */
  channel: 'download' | 'https';
  /** https: the setting (environment variable) that holds the endpoint's address. */
  endpointSetting?: string;
  /** The insurer's name, for messages. */
  displayName: string;
}

/**
 * Each insurer's submission channel, by insurer id, read once from the mappings; `download` when a mapping says
 * nothing.
 * @param formsDir - the folder of mappings
 */
export function submissionChannels(formsDir: string): Map<string, SubmissionChannel> {
  const out = new Map<string, SubmissionChannel>();
  for (const name of insurerFolders(formsDir)) {
    const mapping = JSON.parse(readFileSync(join(formsDir, name, FORM_FILE), 'utf8')) as {
      insurer: string;
      displayName: string;
      submission?: { channel: 'download' | 'https'; endpointSetting?: string };
    };
    out.set(mapping.insurer, {
      channel: mapping.submission?.channel ?? 'download',
      ...(mapping.submission?.endpointSetting ? { endpointSetting: mapping.submission.endpointSetting } : {}),
      displayName: mapping.displayName,
    });
  }
  return out;
}

/** Loopback addresses may be plain http (a receiver on the same machine, as the tests start); others must be https. */
function allowedUrl(raw: string): URL | undefined {
  try {
    const url = new URL(raw);
    if (url.protocol === 'https:') return url;
    if (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) return url;
  } catch {
    // not an address
  }
  return undefined;
}

/**
 * Posts a package to an insurer's endpoint. Resolves with nothing when the endpoint accepted it (2xx); otherwise
 * resolves with the reason in words (not configured, unreachable, refused), which the route answers as a 502.
 * @param channel - the insurer's https channel
 * @param zip - the package
 * @param filename - its name, sent in Content-Disposition
 * @param env - where the endpoint setting is read (process.env)
 */
export async function postPackage(
  channel: SubmissionChannel,
  zip: Uint8Array,
  filename: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
  const setting = channel.endpointSetting ?? '';
  const raw = env[setting];
  if (!raw) return `${channel.displayName}'s submission endpoint is not configured (${setting} is not set)`;
  const url = allowedUrl(raw);
  if (!url) return `${channel.displayName}'s submission endpoint (${setting}) must be an https address`;
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/zip', 'content-disposition': `attachment; filename="${filename}"` },
      body: new Blob([new Uint8Array(zip)], { type: 'application/zip' }),
      signal: AbortSignal.timeout(15_000),
    });
    if (answer.ok) return undefined;
    return `${channel.displayName}'s submission endpoint refused the package (HTTP ${answer.status})`;
  } catch {
    return `${channel.displayName}'s submission endpoint could not be reached: try again later, or download the package and upload it to the insurer's portal`;
  }
}
