import { writeFileSync } from 'node:fs';
import { flowDiagram, loadDefinitions } from '../engine/index.ts';
import { readDefinitionFiles } from '../api/definitions/readDefinitionFiles.ts';

// `npm run steps:graph`: writes the flow (order, sub-pages and skips) as a Mermaid diagram to docs/flow.md.
const defs = loadDefinitions(readDefinitionFiles('steps'));
const out = process.argv[2] ?? 'docs/flow.md';
writeFileSync(
  out,
  `# The screening flow\n\nGenerated from steps/flow.json by \`npm run steps:graph\`; do not edit by hand.\nA step with a condition on its incoming edge is skipped when the condition does not hold; the flow then goes on to the next edge.\n\n\`\`\`mermaid\n${flowDiagram(defs.flow)}\n\`\`\`\n`,
);
console.log(`wrote ${out}`);
