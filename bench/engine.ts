import { buildFlowMachine, ajvSchemaChecks, createEngine, loadDefinitions } from '../engine/index.ts';
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
  const data = { ...example, owner: { ...previous, individual_2_first_name: `Name${'abcdefghij'[i % 10]}` } };
  const t = performance.now();
  engine.evaluateStep('owner', data, { previous });
  if (i >= 500) samples.push(performance.now() - t);
}
print('engine: evaluate owner (second individual), one change', stats(samples), 'ms', 'target median < 0.2 ms');

// The same keystroke as the form sends it since issue 24, with the record as loaded (fields shown again take its
// values), on the owner and on a two-insured proposed insured whose hidden email the client record holds.
const insureds = definitions.steps['proposed-insured'].examples['two-insureds'].data;
const loaded = structuredClone(insureds['proposed-insured']!) as { insured_2: Record<string, unknown> };
loaded.insured_2 = { ...loaded.insured_2, email_consent: false, email: 'kept@example.ca' };
for (const [label, stepId, data, source, field] of [
  ['owner (second individual)', 'owner', example, previous, 'individual_2_first_name'],
  ['proposed insured (two, email hidden)', 'proposed-insured', insureds, loaded, 'city'],
] as const) {
  const times: number[] = [];
  const before = engine.evaluateStep(stepId, { ...data, [stepId]: source }).values;
  for (let i = 0; i < 3000; i++) {
    const record = { ...before, [field]: `Name${'abcdefghij'[i % 10]}` };
    const t = performance.now();
    engine.evaluateStep(stepId, { ...data, [stepId]: record }, { previous: before, source });
    if (i >= 500) times.push(performance.now() - t);
  }
  print(`engine: evaluate ${label}, one change with its source`, stats(times), 'ms', 'target median < 0.2 ms');
}

const builds: number[] = [];
for (let i = 0; i < 30; i++) {
  const t = performance.now();
  buildFlowMachine(createEngine(definitions, ajvSchemaChecks()));
  builds.push(performance.now() - t);
}
print('engine: build the flow machine', stats(builds), 'ms', 'target < 50 ms');
