import axe from 'axe-core';

/**
 * Runs axe-core on a story's canvas and throws when it finds a serious or critical violation, naming each rule, the
 * elements and how to fix them. Minor and moderate findings (say, content outside landmarks, which a story's
 * fragment always has) do not fail.
 * @param root - the story's canvas element
 * @param ignore - axe rule ids not to fail on (a known finding reported to its owner; say which next to it)
 */
export async function expectNoSeriousA11yViolations(root: Element, ignore: string[] = []): Promise<void> {
  const rules = Object.fromEntries(ignore.map((id) => [id, { enabled: false }]));
  const results = await axe.run(root, { resultTypes: ['violations'], rules });
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (!serious.length) return;
  const report = serious
    .map((v) =>
      [
        `${v.impact}: ${v.id} — ${v.help} (${v.helpUrl})`,
        ...v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\n/g, ' ') ?? ''}`),
      ].join('\n'),
    )
    .join('\n');
  throw new Error(`Accessibility (axe-core) found ${serious.length} serious or critical problem(s):\n${report}`);
}
