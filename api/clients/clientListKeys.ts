/** Letters NFKD does not take apart, written as their plain letters. */
const LIGATURES: Record<string, string> = {
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ß: 'ss',
  ı: 'i',
};

/**
 * Text as the lists search and sort it: without accents or case, so "helene" finds "Hélène" and "Élise" sorts
 * with the E's, the same way on SQLite (whose lower() knows only ASCII) and PostgreSQL (whatever its collation).
 * @param text - any text
 * @returns - the text folded ("Hélène Côté" -> "helene cote")
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[æœøłđðþßı]/g, (c) => LIGATURES[c] ?? c);
}

/** The columns a client list searches and sorts on, worked out from a client's own columns on every write. */
export interface ClientListKeys {
  /** Folded name, email, phone and the phone's digits, separated by spaces: what ?search= looks in. */
  search_text: string;
  first_name_key: string;
  last_name_key: string;
  email_key: string;
  /** The phone's digits: "(514) 555-0142" sorts with "514-555-0142". */
  phone_key: string;
}

/** The fields the keys are made of. */
export interface KeyedFields {
  first_name: string;
  last_name: string;
  email: string | null;
  phone_primary: string | null;
}

/**
 * The list keys of a client.
 * @param client - its name, email and phone as stored
 * @returns - the values of the key columns
 */
export function clientListKeys(client: KeyedFields): ClientListKeys {
  const phone = client.phone_primary ?? '';
  const digits = phone.replace(/\D/g, '');
  const email = foldText(client.email ?? '');
  const first = foldText(client.first_name);
  const last = foldText(client.last_name);
  return {
    search_text: [first, last, email, foldText(phone), digits].filter(Boolean).join(' '),
    first_name_key: first,
    last_name_key: last,
    email_key: email,
    phone_key: digits,
  };
}

/**
 * The words of a search, as patterns over the search text: each must be found. A word of phone characters only
 * ("555-0142", "(514)") is looked up by its digits, so any way of writing a number finds it.
 * @param search - what the adviser typed
 * @returns - the folded words (at most 8, the rest ignored), empty for a blank search
 */
export function searchWords(search: string | undefined): string[] {
  const words = foldText(search ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => (/^[\d()+.-]+$/.test(word) && /\d/.test(word) ? word.replace(/\D/g, '') : word));
  return [...new Set(words)].slice(0, 8);
}
