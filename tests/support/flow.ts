import { createActor } from 'xstate';
import { buildFlowMachine, positionOf } from '../../engine/index.ts';
import type { ApplicationData } from '../../engine/index.ts';
import { engine, example } from './engine.ts';

export const machine = buildFlowMachine(engine);

/** A complete, valid two-insured application (the review step's example), with the route's client id. */
export function fullApplication(): ApplicationData {
  const data = example('screening-review', 'full-application');
  return { ...data, $context: { clientId: String(data.basic?.client_id ?? '1') } };
}

/** Starts the flow machine on some data, optionally resuming at a step. */
export function start(data: ApplicationData, resumeAt?: string, resumePage?: string) {
  return createActor(machine, { input: { data, resumeAt, resumePage } }).start();
}

/** Where the actor stands, as "step" or "step/page". */
export function where(actor: ReturnType<typeof start>): string {
  const snap = actor.getSnapshot();
  const { step, page } = positionOf(snap.value);
  return page ? `${step}/${page}` : step;
}

/** Sends NEXT until the machine completes or refuses; returns the visited positions. */
export function walk(actor: ReturnType<typeof start>, limit = 60): string[] {
  const seen: string[] = [where(actor)];
  for (let i = 0; i < limit && actor.getSnapshot().status !== 'done'; i++) {
    actor.send({ type: 'NEXT' });
    const pos = where(actor);
    if (pos === seen[seen.length - 1]) break;
    seen.push(pos);
  }
  return seen;
}
