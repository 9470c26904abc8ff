/**
 * Loads the steps the adviser is likely to open next while the browser is idle, then compiles them: their rules and
 * rjsf's schema utilities (tens of milliseconds for the owner step the first time), so Next paints the next step
 * without waiting for either.
 */
import type { Engine, ApplicationData } from '../../engine/index.ts';
import { prepareStep } from '../../renderer/prepareStep.ts';
import { loadSteps } from './definitions.ts';

const warmed = new WeakMap<Engine, Set<string>>();

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

function whenIdle(cb: () => void): () => void {
  const w = window as IdleWindow;
  if (w.requestIdleCallback) {
    const id = w.requestIdleCallback(cb, { timeout: 2000 });
    return () => w.cancelIdleCallback?.(id);
  }
  const id = setTimeout(cb, 150);
  return () => clearTimeout(id);
}

function warm(engine: Engine, step: string, data: ApplicationData): void {
  try {
    const prepared = prepareStep(engine, step);
    const record = prepared.withDefaults((data[step] as Record<string, unknown> | undefined) ?? {});
    engine.evaluateStep(step, { ...data, [step]: record });
  } catch {
    // Warming is best effort; the step compiles when opened.
  }
}

/**
 * Loads and warms the given steps, one per idle period.
 * @returns - a function that stops what is not done yet
 */
export function prewarmSteps(engine: Engine, steps: string[], data: ApplicationData): () => void {
  let done = warmed.get(engine);
  if (!done) warmed.set(engine, (done = new Set()));
  const queue = steps.filter((s) => !done.has(s));
  let stopped = false;
  let cancel = (): void => {};
  const run = (): void => {
    const step = queue.shift();
    if (!step || stopped) return;
    loadSteps([step]).then(
      () => {
        // Stopped meanwhile: the step stays loaded, and is warmed at a later position or when opened.
        if (stopped) return;
        if (!done.has(step)) {
          done.add(step);
          warm(engine, step, data);
        }
        if (queue.length) cancel = whenIdle(run);
      },
      () => undefined,
    );
  };
  cancel = whenIdle(run);
  return () => {
    stopped = true;
    cancel();
  };
}
