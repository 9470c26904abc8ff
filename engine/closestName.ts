function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}

/**
 * The candidate nearest to a mistyped name, when the match is clear: close enough to be a likely typo, or, further
 * off, clearly nearer than any other candidate, or a shortening of exactly one candidate.
 * @param name - what was written
 * @param candidates - the names that exist there
 */
export function closestName(name: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  let secondD = Infinity;
  for (const c of candidates) {
    const d = distance(name, c);
    if (d < bestD) {
      secondD = bestD;
      bestD = d;
      best = c;
    } else if (d < secondD) secondD = d;
  }
  if (best === undefined) return undefined;
  if (bestD <= Math.max(2, Math.floor(name.length / 3))) return best;
  if (bestD < secondD - 2 && bestD <= Math.ceil(Math.max(name.length, best.length) / 2)) return best;
  // A shortened name ("drnks" for "drinks_alcohol"): its letters, in order, in one candidate only.
  const holding = name.length >= 3 ? candidates.filter((c) => isSubsequence(name.toLowerCase(), c.toLowerCase())) : [];
  return holding.length === 1 ? holding[0] : undefined;
}

function isSubsequence(short: string, long: string): boolean {
  let i = 0;
  for (const ch of long) if (ch === short[i]) i++;
  return i === short.length;
}
