import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Engine, FlowInput, FlowMachine, positionOf as PositionOf } from '../../engine/index.ts';
import { afterPaint } from '../components/afterPaint.ts';

/** A running flow machine. */
export type FlowActor = ActorRefFrom<FlowMachine>;
/** What the pages ask of the flow: events and the snapshot (WizardEnv.actor). */
export type FlowActorRef = Pick<FlowActor, 'send' | 'getSnapshot'>;

const noSubscription = () => () => undefined;

/**
 * The flow machine of one session, loaded after the step's first paint: the machine and xstate (15 KB brotli) are
 * their own chunk (startFlow.ts), imported once `start` is true and the browser has painted, so a step opened
 * directly draws its form without them, and their download and start do not compete with it.
 * @param start - true once the step the session draws first is drawn (or when it draws nothing without the machine)
 * @returns - `ref`, stable for the session, which passes events to the machine once it runs (the wizard holds back
 *   Next and Back until then: FlowSession), `actor` and the machine's `position`, null until it runs
 */
export function useFlowActor(
  engine: Engine,
  input: FlowInput,
  start = true,
): { ref: FlowActorRef; actor: FlowActor | null; position: { step: string; page?: string } | null } {
  const [loaded, setLoaded] = useState<{ actor: FlowActor; positionOf: typeof PositionOf } | null>(null);
  const actor = loaded?.actor ?? null;
  const current = useRef<FlowActor | null>(null);
  // The input as the session began: a new resume position is a new session (its key).
  const begun = useRef(input);
  useEffect(() => {
    if (!start) return undefined;
    let live = true;
    let started: FlowActor | null = null;
    const cancel = afterPaint(() => {
      void import('./startFlow.ts').then(({ startFlow, positionOf }) => {
        if (!live) return;
        // After a language switch the flow goes on where it stood, in that language's machine (its messages), as
        // @xstate/react's useActorRef did with a new machine.
        started = startFlow(engine, begun.current, current.current ?? undefined);
        current.current = started;
        setLoaded({ actor: started, positionOf });
      });
    });
    return () => {
      live = false;
      cancel();
      started?.stop();
    };
  }, [engine, start]);
  const ref = useMemo<FlowActorRef>(() => {
    const running = (): FlowActor => {
      if (!current.current) throw new Error('The flow machine is not loaded yet');
      return current.current;
    };
    return { send: (event) => running().send(event), getSnapshot: () => running().getSnapshot() };
  }, []);
  const value = useFlowSelector(actor, (s) => s.value);
  const position = useMemo(() => (loaded && value !== undefined ? loaded.positionOf(value) : null), [loaded, value]);
  return { ref, actor, position };
}

/** @returns - a part of the machine's snapshot, or undefined while it loads */
export function useFlowSelector<T>(
  actor: FlowActor | null,
  select: (snapshot: ReturnType<FlowActor['getSnapshot']>) => T,
) {
  const subscribe = useMemo(
    () =>
      actor
        ? (onChange: () => void) => {
            const subscription = actor.subscribe(onChange);
            return () => subscription.unsubscribe();
          }
        : noSubscription,
    [actor],
  );
  return useSyncExternalStore(subscribe, () => (actor ? select(actor.getSnapshot()) : undefined));
}
