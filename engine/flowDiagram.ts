import { describeLogic } from './describeLogic.ts';
import type { FlowDefinition } from './types.ts';

/**
 * The flow as a Mermaid flowchart: each step, its sub-pages, and the skips with their conditions.
 * @param flow - flow.json
 * @returns Mermaid source (without the code fence)
 */
export function flowDiagram(flow: FlowDefinition): string {
  const id = (s: string): string => s.replace(/-/g, '_');
  const lines = ['flowchart TD'];
  for (const step of flow.steps) {
    const pages = step.pages ? `<br/><small>${step.pages.map((p) => p.title ?? p.id).join(' → ')}</small>` : '';
    lines.push(`  ${id(step.id)}${step.final ? '([' : '["'}${step.title}${pages}${step.final ? '])' : '"]'}`);
  }
  flow.steps.forEach((step, i) => {
    // From each step, an edge to every later step up to and including the first that always applies.
    for (let j = i + 1; j < flow.steps.length; j++) {
      const next = flow.steps[j];
      const label =
        next.showIf === undefined ? '' : `|"if ${describeLogic(next.showIf).replace(/"/g, "'").replace(/\|/g, '/')}"|`;
      if (step.final) break;
      lines.push(`  ${id(step.id)} -->${label} ${id(next.id)}`);
      if (next.showIf === undefined) break;
    }
  });
  lines.push(`  ${id(flow.review)} -. "EDIT (returns to review)" .-> ${id(flow.steps[0].id)}`);
  return lines.join('\n');
}
