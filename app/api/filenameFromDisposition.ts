/**
 * The file name a Content-Disposition header suggests, or null when it names none.
 * `filename*` (RFC 5987, percent-encoded) wins over `filename`, as browsers do.
 * @example filenameFromDisposition('inline; filename="applications-ann-lee.pdf"') // "applications-ann-lee.pdf"
 */
export function filenameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      const name = usable(decodeURIComponent(extended[1].trim().replace(/^"|"$/g, '')));
      if (name) return name;
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  const raw = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1].trim();
  return usable(raw);
}

/** Only the last path segment: a header must not choose a folder. */
function usable(name: string): string | null {
  const base = name.split(/[/\\]/).pop()?.trim() ?? '';
  return base ? base : null;
}
