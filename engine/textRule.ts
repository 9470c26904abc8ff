/**
 * The one rule for text that enters: no answer, name or password may hold a character that is not text. The
 * browser (through evaluateStep) and the server (evaluateStep, and the JSON body parser for every other string) ask
 * this module, so the same text is refused everywhere with the same words.
 */

/** NUL and the other C0 controls except tab, line feed and carriage return; DEL and the C1 controls; lone surrogates. */
const NOT_TEXT =
  // eslint-disable-next-line no-control-regex -- finding control characters is this rule's purpose
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Tab and line breaks: text, but only where a text area takes several lines. */
const LINE_BREAKS = /[\t\n\r]/;

/** The messages of the rule. */
export const TEXT_MESSAGES = {
  notText: 'This text contains invisible or broken characters. Please retype it.',
  oneLine: 'Please keep this on one line (no line breaks or tabs)',
} as const;

/**
 * What is wrong with one string, or undefined when it is text.
 * @param value - the string as received
 * @param multiline - true where a text area allows tabs and line breaks
 * @example textProblem('a\u0000b', false) // 'This text contains invisible or broken characters. Please retype it.'
 */
export function textProblem(value: string, multiline: boolean): string | undefined {
  if (NOT_TEXT.test(value)) return TEXT_MESSAGES.notText;
  if (!multiline && LINE_BREAKS.test(value)) return TEXT_MESSAGES.oneLine;
  return undefined;
}

/**
 * Every string of a parsed JSON value (object keys too) that breaks the rule, with its dotted path (`insured_1.
 * primary_beneficiaries.0.full_name`). Without recursion, so a deep value cannot overflow the stack.
 * @param value - a parsed JSON value
 * @param multiline - whether a string at a path may hold tabs and line breaks (always true: only what is never text)
 * @param limit - stop after this many problems
 * @returns the problems in document order
 * @example textProblems({ name: 'a\u0000' }) // [{ field: 'name', message: TEXT_MESSAGES.notText }]
 */
export function textProblems(
  value: unknown,
  multiline: (path: string) => boolean = () => true,
  limit = Infinity,
): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length && out.length < limit) {
    const [v, path] = stack.pop() as [unknown, string];
    if (typeof v === 'string') {
      const message =
        textProblem(v, true) ?? (LINE_BREAKS.test(v) && !multiline(path) ? TEXT_MESSAGES.oneLine : undefined);
      if (message) out.push({ field: path, message });
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    const entries = Array.isArray(v) ? v.map((c, i) => [String(i), c] as const) : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i];
      const at = path ? `${path}.${key}` : key;
      if (!Array.isArray(v) && NOT_TEXT.test(key)) out.push({ field: path, message: TEXT_MESSAGES.notText });
      stack.push([child, at]);
    }
  }
  return out.slice(0, limit);
}
