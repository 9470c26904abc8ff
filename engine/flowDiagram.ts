import { describeLogic, ENGLISH_LOGIC_WORDS, type LogicWords } from './describeLogic.ts';
import type { FlowDefinition } from './types.ts';

/** The diagram's own words: its conditions' (`{condition}` in `skipIf`) and the review's Edit edge. */
export interface FlowDiagramWords {
  logic: LogicWords;
  skipIf: string;
  edit: string;
}

/** flowDiagram's words by default (docs/flow.md). */
export const ENGLISH_FLOW_DIAGRAM_WORDS: FlowDiagramWords = {
  logic: ENGLISH_LOGIC_WORDS,
  skipIf: 'if {condition}',
  edit: 'EDIT (returns to review)',
};

/**
 * The flow as a Mermaid flowchart: each step, its sub-pages, and the skips with their conditions.
 * @param flow - flow.json (its titles in the language the diagram is for)
 * @param words - the diagram's own words in that language; English by default
 * @returns Mermaid source (without the code fence)
 */
export function flowDiagram(flow: FlowDefinition, words: FlowDiagramWords = ENGLISH_FLOW_DIAGRAM_WORDS): string {
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
      const condition =
        next.showIf === undefined
          ? ''
          : words.skipIf.replace('{condition}', describeLogic(next.showIf, words.logic).replace(/"/g, "'"));
      const label = condition ? `|"${condition.replace(/\|/g, '/')}"|` : '';
      if (step.final) break;
      lines.push(`  ${id(step.id)} -->${label} ${id(next.id)}`);
      if (next.showIf === undefined) break;
    }
  });
  lines.push(`  ${id(flow.review)} -. "${words.edit}" .-> ${id(flow.steps[0].id)}`);
  return lines.join('\n');
}
