/// <reference types="vite/client" />
/**
 * The engine and the flow machine, built once in the browser from the same steps/ JSON the server loads.
 * Examples are left out of the bundle: they are for tests and Storybook.
 */
import { buildFlowMachine, type FlowMachine } from '../../engine/buildFlowMachine.ts';
import { createEngine, type Engine } from '../../engine/createEngine.ts';
import { loadDefinitions } from '../../engine/loadDefinitions.ts';
import type { DefinitionFiles } from '../../engine/types.ts';

const modules = import.meta.glob(['../../steps/**/*.json', '!../../steps/**/examples/**', '!../../steps/_meta/**'], { eager: true, import: 'default' });

/** steps/ as loadDefinitions wants it: keyed by the path relative to steps/ ("owner/ui.json", "_meta/flow.schema.json"). */
export const definitionFiles: DefinitionFiles = Object.fromEntries(
  Object.entries(modules).map(([path, json]) => [path.slice(path.indexOf('/steps/') + '/steps/'.length), json]),
);

let built: { engine: Engine; machine: FlowMachine } | undefined;

/** @returns - the engine and the flow machine, created on first use and shared afterwards. */
export function screeningRuntime(): { engine: Engine; machine: FlowMachine } {
  if (!built) {
    const engine = createEngine(loadDefinitions(definitionFiles, { trusted: true }));
    built = { engine, machine: buildFlowMachine(engine) };
  }
  return built;
}
