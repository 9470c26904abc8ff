/** Median, p95, p99 and mean of a list of timings. */
export function stats(samples: number[]): { median: number; p95: number; p99: number; mean: number; n: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { median: at(0.5), p95: at(0.95), p99: at(0.99), mean: s.reduce((a, b) => a + b, 0) / s.length, n: s.length };
}

/** Prints one benchmark line. */
export function print(name: string, r: ReturnType<typeof stats>, unit: string, target: string): void {
  const f = (n: number): string => (n < 1 ? n.toFixed(3) : n.toFixed(1));
  console.log(
    `${name}: median ${f(r.median)} ${unit}, p95 ${f(r.p95)} ${unit}, p99 ${f(r.p99)} ${unit} (n=${r.n}; ${target})`,
  );
}
