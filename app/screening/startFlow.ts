import { createActor, type ActorRefFrom } from 'xstate';
import { buildFlowMachine, type Engine, type FlowInput, type FlowMachine } from '../../engine/index.ts';

// Where a snapshot stands, read with the machine: the engine's module of it is in this chunk.
export { positionOf } from '../../engine/index.ts';

/** One machine per engine (per language), built on first use. */
const machines = new WeakMap<Engine, FlowMachine>();

/**
 * Starts a run of the flow machine. Its own chunk, with xstate: imported after a step's first paint (useFlowActor.ts).
 * @param from - a run to go on from, where it stood (the same flow in another language's machine)
 * @returns - the started actor
 */
export function startFlow(engine: Engine, input: FlowInput, from?: ActorRefFrom<FlowMachine>) {
  let machine = machines.get(engine);
  if (!machine) {
    machine = buildFlowMachine(engine);
    machines.set(engine, machine);
  }
  return createActor(machine, from ? { input, snapshot: from.getPersistedSnapshot() } : { input }).start();
}
