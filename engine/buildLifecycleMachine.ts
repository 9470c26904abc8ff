import { getNextSnapshot, setup } from 'xstate';
import { compileLogic } from './compileLogic.ts';
import type { LifecycleDefinition } from './types.ts';

/** What the server knows when an event is sent (the facts lifecycle.json declares). */
export type LifecycleFacts = { [fact: string]: unknown };

/** The machine's context: the facts its guards read. */
export interface LifecycleContext {
  facts: LifecycleFacts;
}

/** An event of the life cycle, with the facts of the moment (they replace the context's). */
export interface LifecycleMachineEvent {
  type: string;
  facts?: LifecycleFacts;
}

/** What sending an event to a status gives: the next status, or the reason it is refused. */
export type LifecycleStep = { ok: true; from: string; to: string } | { ok: false; from: string; message: string };

/** An event a status accepts, and whether its guard holds now (else why not). */
export interface AllowedEvent {
  event: string;
  label: string;
  sentBy: 'server' | 'submission' | 'adviser';
  target: string;
  requires: string[];
  allowed: boolean;
  reason: string | null;
}

/**
 * Builds the XState v5 machine of an application's life cycle at one insurer from steps/lifecycle.json: one state
 * per status (final ones final), one transition per `on` entry, guarded by the named JSON-Logic guards over the facts.
 * @param lifecycle - steps/lifecycle.json (checked by checkLifecycle)
 * @returns the machine and `step` / `allowed`, which ask it what an event does to a status without an actor
 * @example buildLifecycleMachine(defs.lifecycle).step('SIGNED', 'SUBMIT', { signaturesComplete: true })
 */
export function buildLifecycleMachine(lifecycle: LifecycleDefinition) {
  const rules = Object.fromEntries(Object.entries(lifecycle.guards).map(([n, g]) => [n, compileLogic(g.rule)]));
  const holds = (name: string, facts: LifecycleFacts): boolean => {
    const rule = rules[name];
    return rule ? !!rule(facts) : false;
  };
  const machine = setup({
    types: { context: {} as LifecycleContext, events: {} as LifecycleMachineEvent, input: {} as LifecycleFacts },
    guards: {
      rule: ({ context, event }, params: { name: string }) => holds(params.name, event.facts ?? context.facts),
    },
  }).createMachine({
    id: 'lifecycle',
    initial: lifecycle.initial,
    context: ({ input }) => ({ facts: input ?? {} }),
    states: Object.fromEntries(
      Object.entries(lifecycle.statuses).map(([name, status]) => [
        name,
        status.final
          ? { type: 'final' as const }
          : {
              on: Object.fromEntries(
                Object.entries(status.on ?? {}).map(([event, t]) => [
                  event,
                  {
                    target: t.target,
                    reenter: true,
                    ...(t.guard ? { guard: { type: 'rule' as const, params: { name: t.guard } } } : {}),
                  },
                ]),
              ),
            },
      ]),
    ),
  });

  const refusal = (from: string, event: string, facts: LifecycleFacts): string => {
    const status = lifecycle.statuses[from];
    if (!status) return `"${from}" is not a status of the life cycle`;
    const t = status.on?.[event];
    if (!lifecycle.events[event]) return `"${event}" is not an event of the life cycle`;
    if (!t) {
      const accepted = Object.keys(status.on ?? {});
      return `${lifecycle.events[event].label} is not allowed when the application is ${status.label}${
        accepted.length ? ` (allowed: ${accepted.map((e) => lifecycle.events[e]?.label ?? e).join(', ')})` : ''
      }`;
    }
    if (t.guard && !holds(t.guard, facts)) return lifecycle.guards[t.guard].message;
    return `${lifecycle.events[event].label} is not allowed when the application is ${status.label}`;
  };

  const order = Object.keys(lifecycle.statuses);
  const leastAdvanced = (list: string[]): string => {
    const known = list.filter((s) => order.includes(s));
    if (!known.length) return lifecycle.initial;
    return known.reduce((a, b) => (order.indexOf(b) < order.indexOf(a) ? b : a));
  };

  return {
    machine,
    /**
     * What an event does to a status, run by the machine: the next status, or why it is refused.
     * @param from - the status now
     * @param event - the event's name
     * @param facts - the facts of the moment, for the guards
     */
    step(from: string, event: string, facts: LifecycleFacts = {}): LifecycleStep {
      if (!lifecycle.statuses[from] || !lifecycle.events[event])
        return { ok: false, from, message: refusal(from, event, facts) };
      const snapshot = machine.resolveState({ value: from, context: { facts } });
      if (!snapshot.can({ type: event, facts })) return { ok: false, from, message: refusal(from, event, facts) };
      const next = getNextSnapshot(machine, snapshot, { type: event, facts });
      return { ok: true, from, to: String(next.value) };
    },
    /**
     * The events a status accepts, each with whether its guard holds for these facts (else the guard's message).
     * @param from - the status now
     * @param facts - the facts of the moment
     */
    allowed(from: string, facts: LifecycleFacts = {}): AllowedEvent[] {
      return Object.entries(lifecycle.statuses[from]?.on ?? {}).map(([event, t]) => {
        const ok = !t.guard || holds(t.guard, facts);
        const def = lifecycle.events[event];
        return {
          event,
          label: def?.label ?? event,
          sentBy: def?.sentBy ?? 'server',
          target: t.target,
          requires: def?.requires ?? [],
          allowed: ok,
          reason: ok ? null : (lifecycle.guards[t.guard ?? '']?.message ?? null),
        };
      });
    },
    /**
     * The least advanced of several statuses (lifecycle.json lists them least advanced first); the initial status
     * when there are none.
     * @param list - the insurers' statuses
     */
    leastAdvanced,
    /**
     * An application's own status from its insurers', as an adviser reads a case sent to several insurers: a
     * prevailing status one insurer reached (ISSUED: a policy is in force, whatever the others said), else the least
     * advanced of those still in progress (work is left), else the least advanced of the outcomes (DECLINED before
     * WITHDRAWN). Each insurer's own status is shown beside it.
     * @param list - the insurers' statuses
     * @returns the overall status; the initial status when there are none
     * @example overallStatus(['ISSUED', 'DECLINED']) // 'ISSUED'; overallStatus(['DECLINED', 'SUBMITTED']) // 'SUBMITTED'
     */
    overallStatus(list: string[]): string {
      const prevailing = order.find((s) => lifecycle.statuses[s].prevails && list.includes(s));
      if (prevailing) return prevailing;
      const open = list.filter((s) => lifecycle.statuses[s] && !lifecycle.statuses[s].final);
      return leastAdvanced(open.length ? open : list);
    },
    /**
     * Whether an application's answers are locked: one of its insurers holds them (a status marked `locksAnswers`,
     * reached by submission), so a changed answer would no longer be the one it was sent or decided on.
     * @param list - the insurers' statuses
     */
    locksAnswers(list: string[]): boolean {
      return list.some((s) => lifecycle.statuses[s]?.locksAnswers === true);
    },
  };
}

/** The life cycle's machine and its questions (buildLifecycleMachine's result). */
export type LifecycleMachine = ReturnType<typeof buildLifecycleMachine>;
