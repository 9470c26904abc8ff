import { buildFlowMachine } from '../engine/buildFlowMachine.ts';
import { ajvSchemaChecks } from '../engine/ajvSchemaChecks.ts';
import { createEngine } from '../engine/createEngine.ts';
import { loadDefinitions } from '../engine/loadDefinitions.ts';
import { readDefinitionFiles } from '../api/definitions/readDefinitionFiles.ts';
import { stats, print } from './stats.ts';

// Two figures for issue 2: evaluating every rule of the largest step (owner with a second individual) for
// one change, and building the flow machine. Targets: < 0.2 ms median, < 50 ms.
const definitions = loadDefinitions(readDefinitionFiles('steps'));
const engine = createEngine(definitions, ajvSchemaChecks());
const example = definitions.steps.owner.examples['individual-second-owner'].data;
const previous = example.owner!;

// One change: a keystroke's worth of difference in one field, as the renderer sends it.
const samples: number[] = [];
for (let i = 0; i < 3000; i++) {
  const data = { ...example, owner: { ...previous, individual_2_first_name: `Name${i % 10}` } };
  const t = performance.now();
  engine.evaluateStep('owner', data, { previous });
  if (i >= 500) samples.push(performance.now() - t);
}
print('engine: evaluate owner (second individual), one change', stats(samples), 'ms', 'target median < 0.2 ms');

const builds: number[] = [];
for (let i = 0; i < 30; i++) {
  const t = performance.now();
  buildFlowMachine(createEngine(definitions, ajvSchemaChecks()));
  builds.push(performance.now() - t);
}
print('engine: build the flow machine', stats(builds), 'ms', 'target < 50 ms');
