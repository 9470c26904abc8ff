/**
 * Words that say nothing about what a question asks: they may appear in any label.
 */
const PLAIN_WORDS = new Set(
  (
    'the and for with from that this have has had been are was were will your you any other than more less over ' +
    'under last years year months month days per what which when where does did into their they them his her its ' +
    'about such each within since ever currently current client insured insureds proposed person life policy ' +
    'owner name number date details detail please specify type amount total yes products product'
  ).split(' '),
);

/** `Organizations` and `organization`, `charged` and `charge`: one word (their first six letters). */
const stem = (word: string): string => word.slice(0, 6);

/** The meaningful words of a text, lower case, stemmed. */
export function wordsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text.toLowerCase().match(/\p{L}[\p{L}'-]*/gu) ?? []) {
    const word = w.replace(/'s$/, '');
    if (word.length >= 4 && !PLAIN_WORDS.has(word)) out.add(stem(word));
  }
  return out;
}

/**
 * The words that name what a screening question asks: words of the definitions' yes/no questions that only a few
 * of them use ("cannabis", "aviation", "tobacco"), so that a carrier label using one claims that subject.
 * @param questions - the labels of the definitions' yes/no questions
 * @param rare - a word used by at most this many questions is a subject; default 8
 */
export function subjectWords(questions: readonly string[], rare = 8): Set<string> {
  const counts = new Map<string, number>();
  for (const label of questions) for (const w of wordsOf(label)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return new Set([...counts].filter(([, n]) => n <= rare).map(([w]) => w));
}

/**
 * What a carrier label claims beyond the answers it prints. Two kinds of claim, both against the definitions'
 * wording of the answers (their labels and the titles of their groups):
 * - a subject of another screening question ("cannabis" over the tobacco answer: "Used tobacco, nicotine or
 *   cannabis products (12 months)");
 * - an alternative the answers never mention, added with "or", "and" or a comma ("Politically exposed person or
 *   head of organization" over "Are you a politically exposed person?").
 * Other rewordings ("Smoker" for "Are you a smoker?", French beside English) claim nothing.
 * @param label - the mapping's label
 * @param answerTexts - the definitions' labels of the answers the field prints, with their group titles
 * @param subjects - subjectWords of the definitions
 * @returns the claimed words (stemmed) or alternatives, empty when the label asks what its answers ask
 */
export function claimsBeyond(label: string, answerTexts: readonly string[], subjects: ReadonlySet<string>): string[] {
  const covered = new Set(answerTexts.flatMap((t) => [...wordsOf(t)]));
  const claims = [...wordsOf(label)].filter((w) => subjects.has(w) && !covered.has(w));
  const alternatives = label
    .replace(/\([^)]*\)/g, ' ')
    .split(/\s+or\s+|\s+and\s+|,\s*/i)
    .slice(1);
  for (const part of alternatives) {
    const words = [...wordsOf(part)];
    if (words.length && !words.some((w) => covered.has(w))) claims.push(part.trim());
  }
  return [...new Set(claims)];
}
