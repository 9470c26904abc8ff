/**
 * Stands in for fast-uri where @rjsf/utils imports it (vite.config.ts), on the platform's URL parser: rjsf only
 * resolves a schema's `$ref` against its `$id` (`resolve`) and compares `$id`s (`equal`). Our step schemas have no
 * `$id`, so in practice every call resolves a local `#/definitions/…` against "#"; fast-uri's full RFC 3986 parser
 * (about 7 KB gzipped) stays out of the wizard's JavaScript.
 */

// A base for references that are not absolute: resolved against it, then taken off again.
const ORIGIN = 'https://relative.invalid';
const ROOT = `${ORIGIN}/`;

function absolute(uri: string): boolean {
  try {
    new URL(uri);
    return true;
  } catch {
    return false;
  }
}

/** The reference resolved against the base (RFC 3986, section 5), relative when both are. */
function resolve(base: string | undefined, ref: string | undefined): string {
  const from = base ?? '';
  const to = ref ?? '';
  if (absolute(to)) return new URL(to).href;
  if (absolute(from)) return new URL(to, from).href;
  const resolved = new URL(to, new URL(from, ROOT)).href;
  if (!resolved.startsWith(ORIGIN)) return resolved;
  // Keep a leading slash only when the base or the reference had one.
  return from.startsWith('/') || to.startsWith('/') ? resolved.slice(ORIGIN.length) : resolved.slice(ROOT.length);
}

/** True when two URIs name the same resource once normalised (case of scheme and host, default ports, dot segments). */
function equal(a: string, b: string): boolean {
  return resolve('', a) === resolve('', b);
}

export default { resolve, equal };
