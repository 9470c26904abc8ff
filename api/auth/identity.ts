/**
 * How an account is named: emails and usernames are compared and stored in one form, so that two spellings that look
 * alike (a full-width "ｊｏｈｎ", a ligature "ﬁ") name one account, and a name that only looks like another one
 * (an invisible character inside, Cyrillic "а" among Latin letters) is refused.
 */

/** Characters that print as nothing or reorder the text around them (zero-width, joiners, bidi marks, BOM): Cf. */
const INVISIBLE = /\p{Cf}/u;
const LATIN = /\p{Script=Latin}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;
const GREEK = /\p{Script=Greek}/u;

export const IDENTITY_MESSAGES = {
  invisible: 'Please remove invisible characters (zero-width spaces or direction marks)',
  mixedScripts: 'A username cannot mix Latin letters with Cyrillic or Greek ones',
  mixedScriptsEmail: 'An email address cannot mix Latin letters with Cyrillic or Greek ones within a name',
} as const;

/**
 * A username as compared and stored: NFKC (compatibility forms folded), trimmed. Usernames compare without case.
 * @example normalizeUsername('  ｊｏｈｎ ') // 'john'
 */
export function normalizeUsername(name: string): string {
  return name.normalize('NFKC').trim();
}

/**
 * An email as compared and stored: NFKC, trimmed, lower-cased.
 * @example normalizeEmail('Ｊohn@Example.COM') // 'john@example.com'
 */
export function normalizeEmail(email: string): string {
  return normalizeUsername(email).toLowerCase();
}

const scriptsIn = (text: string): number => [LATIN, CYRILLIC, GREEK].filter((script) => script.test(text)).length;

/**
 * Why a name cannot name an account, or undefined: invisible characters anywhere; letters of two look-alike scripts
 * (Latin, Cyrillic, Greek) in a username, or within one part of an email address (`exаmple` with a Cyrillic "а"; an
 * address whose parts are each in one script, `ivan@почта.рф`, is fine).
 * @param name - the normalized name
 * @param kind - a username or an email
 * @example identityProblem('jоhn', 'username') // IDENTITY_MESSAGES.mixedScripts (the "о" is Cyrillic)
 */
export function identityProblem(name: string, kind: 'username' | 'email'): string | undefined {
  if (INVISIBLE.test(name)) return IDENTITY_MESSAGES.invisible;
  const parts = kind === 'email' ? name.split(/[@.]/) : [name];
  if (parts.some((part) => scriptsIn(part) > 1))
    return kind === 'email' ? IDENTITY_MESSAGES.mixedScriptsEmail : IDENTITY_MESSAGES.mixedScripts;
  return undefined;
}
