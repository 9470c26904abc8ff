/**
 * The engine and the flow machine in the browser, from the same steps/ the server loads. flow.json comes with the
 * wizard; each step's definition and its precompiled schema checks are loaded when the step is first needed
 * (scripts/stepModulesPlugin.ts), so opening one step does not download the other thirteen.
 */
import { use } from 'react';
import { flow, loaders, type StepModule } from 'virtual:steps';
import {
  assembleDefinitions,
  assembleStep,
  flowEntries,
  buildFlowMachine,
  type FlowMachine,
  createEngine,
  type Engine,
} from '../../engine/index.ts';
import type { SchemaChecks } from '../../engine/index.ts';

const modules = new Map<string, StepModule>();

/** Checks compiled at build time; a step's are there once the step is loaded. */
const precompiledChecks: SchemaChecks = {
  record: (stepId) => {
    const checks = modules.get(stepId);
    if (!checks) throw new Error(`Step "${stepId}" is not loaded yet`);
    return checks.record;
  },
  condition: (stepId, key) => {
    const check = modules.get(stepId)?.conditions[key];
    if (!check) throw new Error(`Step "${stepId}" has no precompiled check for the condition ${key}`);
    return check;
  },
};

let built: { engine: Engine; machine: FlowMachine } | undefined;

/** @returns - the engine and the flow machine, created on first use and shared afterwards. */
export function screeningRuntime(): { engine: Engine; machine: FlowMachine } {
  if (!built) {
    const engine = createEngine(assembleDefinitions(flow), precompiledChecks);
    built = { engine, machine: buildFlowMachine(engine) };
  }
  return built;
}

const loading = new Map<string, Promise<void>>();

function loadStep(stepId: string): Promise<void> {
  let pending = loading.get(stepId);
  if (pending) return pending;
  const entry = flowEntries(flow).find((s) => s.id === stepId);
  const load = loaders[stepId];
  if (!entry || !load) return Promise.reject(new Error(`Unknown step "${stepId}"`));
  pending = load().then(
    (mod) => {
      modules.set(stepId, mod);
      screeningRuntime().engine.addSteps([assembleStep(entry, mod, {}, mod.documents)]);
    },
    (error: unknown) => {
      // A failed download may be retried.
      loading.delete(stepId);
      throw error;
    },
  );
  loading.set(stepId, pending);
  return pending;
}

/**
 * Loads steps' definitions and checks (once each).
 * @param stepIds - steps or forms of flow.json
 */
export function loadSteps(stepIds: string[]): Promise<void> {
  return Promise.all(stepIds.map(loadStep)).then(() => undefined);
}

/** @returns - true when every one of the steps is loaded. */
function stepsLoaded(stepIds: string[]): boolean {
  const { engine } = screeningRuntime();
  return stepIds.every((id) => engine.hasStep(id));
}

const waits = new Map<string, Promise<Error | null>>();
const keyOf = (stepIds: string[]): string => stepIds.join(',');

/**
 * Suspends the component (React `use`) until the steps are loaded.
 * @returns - null, or the error that stopped the download; call retrySteps before drawing again to try once more
 */
export function useSteps(stepIds: string[]): Error | null {
  if (stepsLoaded(stepIds)) return null;
  const key = keyOf(stepIds);
  let wait = waits.get(key);
  if (!wait) {
    wait = loadSteps(stepIds).then(
      () => {
        waits.delete(key);
        return null;
      },
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    );
    waits.set(key, wait);
  }
  return use(wait);
}

/** Forgets a failed download so that the next useSteps tries again. */
export function retrySteps(stepIds: string[]): void {
  waits.delete(keyOf(stepIds));
}
