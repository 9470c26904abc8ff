import { assign, setup } from 'xstate';
import type { Engine } from './createEngine.ts';
import type { ApplicationData, FieldError, FlowStepDefinition, Logic } from './types.ts';

/** The flow machine's context: the answers, the errors of the last refused NEXT, and whether to return to review. */
export interface FlowContext {
  data: ApplicationData;
  errors: FieldError[];
  returnToReview: boolean;
}

/** Events the flow machine accepts. NEXT and UPDATE may carry the latest answers. */
export type FlowEvent =
  | { type: 'NEXT'; data?: ApplicationData }
  | { type: 'BACK' }
  | { type: 'EDIT'; step: string }
  | { type: 'UPDATE'; data: ApplicationData };

/** Input when starting an actor: the answers so far, and the step (and page) to resume at. */
export interface FlowInput {
  data?: ApplicationData;
  resumeAt?: string;
  /** A page of the resumed step to open, when it applies (the page the adviser was on before a reload). */
  resumePage?: string;
}

const ENTRY_FIRST = '_first';
const ENTRY_LAST = '_last';
const ENTRY_RESUME = '_resume';

function dataOf(context: FlowContext, event: FlowEvent): ApplicationData {
  return (event.type === 'NEXT' || event.type === 'UPDATE') && event.data ? event.data : context.data;
}

/** State id of a step entered in a given way (`#flow.owner` or `#flow.basic._last`). */
function entry(step: FlowStepDefinition, how: string): string {
  return step.pages ? `#flow.${step.id}.${how}` : `#flow.${step.id}`;
}

/**
 * Builds ONE XState v5 machine from flow.json and the steps.
 * - NEXT validates the current page (or step) and goes to the next page, else the next step whose showIf holds;
 *   steps that do not apply complete by themselves.
 * - BACK goes to the previous page or step that applies.
 * - EDIT (from the review step) opens a step; its NEXT returns to review, walking first through any step that
 *   now applies but has no saved record or an invalid one.
 * - input.resumeAt starts at a saved step: at input.resumePage when that page applies, else its furthest unanswered page.
 * - Reaching the final step completes the machine.
 * @param engine - evaluates rules and validity
 * @returns the machine; persist with `actor.getPersistedSnapshot()` and restore with `createActor(machine, { snapshot })`
 * @example createActor(buildFlowMachine(engine), { input: { data, resumeAt: 'owner' } }).start()
 */
export function buildFlowMachine(engine: Engine) {
  const { flow } = engine.definitions;
  const steps = flow.steps;
  const reviewIndex = steps.findIndex((s) => s.id === flow.review);

  const machineSetup = setup({
    types: {
      context: {} as FlowContext,
      events: {} as FlowEvent,
      input: {} as FlowInput,
    },
    guards: {
      rule: ({ context, event }, params: { logic: Logic }) => engine.holds(params.logic, dataOf(context, event)),
      invalid: ({ context, event }, params: { step: string; paged: boolean; fields?: string[] }) => {
        const data = dataOf(context, event);
        const fields =
          params.fields ?? (params.paged ? engine.pagesOf(params.step, data).flatMap((p) => p.fields) : undefined);
        return !engine.isValid(params.step, data, fields);
      },
      editWalk: ({ context, event }, params: { step: string; paged: boolean }) => {
        if (!context.returnToReview) return false;
        const data = dataOf(context, event);
        if (!engine.stepApplies(params.step, data)) return false;
        if (data[params.step] === undefined) return true;
        const fields = params.paged ? engine.pagesOf(params.step, data).flatMap((p) => p.fields) : undefined;
        return !engine.isValid(params.step, data, fields);
      },
      returnToReview: ({ context }) => context.returnToReview,
      // Resuming at a step that no longer applies opens the first step after it that does.
      resumeAt: ({ context }, params: { step: string }) => {
        const at = (context.data.$context as { resumeAt?: string } | undefined)?.resumeAt;
        const from = steps.findIndex((s) => s.id === at);
        if (from < 0) return false;
        const target = steps.slice(from).find((s) => engine.stepApplies(s.id, context.data));
        return target?.id === params.step;
      },
      resumePage: ({ context }, params: { step: string; page: string }) => {
        const at = context.data.$context as { resumeAt?: string; resumePage?: string } | undefined;
        if (at?.resumeAt !== params.step || at.resumePage !== params.page) return false;
        return engine.pagesOf(params.step, context.data).some((p) => p.id === params.page);
      },
      unanswered: ({ context }, params: { step: string; page: string }) => {
        const page = engine.pagesOf(params.step, context.data).find((p) => p.id === params.page);
        if (!page) return false;
        const record = context.data[params.step] ?? {};
        return page.fields.some((f) => record[f] === undefined);
      },
      isStep: ({ event }, params: { step: string }) => event.type === 'EDIT' && event.step === params.step,
    },
    actions: {
      acceptData: assign({ data: ({ context, event }) => dataOf(context, event) }),
      reportErrors: assign({
        errors: ({ context, event }, params: { step: string; paged: boolean; fields?: string[] }) => {
          const data = dataOf(context, event);
          const fields =
            params.fields ?? (params.paged ? engine.pagesOf(params.step, data).flatMap((p) => p.fields) : undefined);
          return engine.evaluateStep(params.step, data, { fields }).errors;
        },
      }),
      clearErrors: assign({ errors: () => [] as FieldError[] }),
      startReturn: assign({ returnToReview: () => true }),
      endReturn: assign({ returnToReview: () => false }),
    },
  });

  type Transition = { target?: string; guard?: unknown; actions?: unknown };

  const nextSteps = (i: number): Transition[] => {
    const out: Transition[] = [];
    if (i < reviewIndex) {
      for (let j = i + 1; j < reviewIndex; j++) {
        const s = steps[j];
        out.push({
          guard: { type: 'editWalk', params: { step: s.id, paged: Boolean(s.pages) } },
          target: entry(s, ENTRY_FIRST),
          actions: ['acceptData', 'clearErrors'],
        });
      }
      out.push({
        guard: 'returnToReview',
        target: entry(steps[reviewIndex], ENTRY_FIRST),
        actions: ['acceptData', 'clearErrors', 'endReturn'],
      });
    }
    for (let j = i + 1; j < steps.length; j++) {
      const s = steps[j];
      out.push({
        ...(s.showIf === undefined ? {} : { guard: { type: 'rule', params: { logic: s.showIf } } }),
        target: entry(s, ENTRY_FIRST),
        actions: ['acceptData', 'clearErrors'],
      });
      if (s.showIf === undefined) break;
    }
    return out;
  };

  const backSteps = (i: number): Transition[] => {
    const out: Transition[] = [];
    for (let j = i - 1; j >= 0; j--) {
      const s = steps[j];
      out.push({
        ...(s.showIf === undefined ? {} : { guard: { type: 'rule', params: { logic: s.showIf } } }),
        target: entry(s, ENTRY_LAST),
        actions: ['clearErrors'],
      });
      if (s.showIf === undefined) break;
    }
    return out;
  };

  const pageStates = (s: FlowStepDefinition): Record<string, unknown> => {
    const pages = s.pages ?? [];
    const applies = (p: (typeof pages)[number]): unknown =>
      p.showIf === undefined ? {} : { guard: { type: 'rule', params: { logic: p.showIf } } };
    const firstOf = (list: typeof pages): Transition[] => {
      const out: Transition[] = [];
      for (const p of list) {
        out.push({ ...(applies(p) as object), target: p.id });
        if (p.showIf === undefined) break;
      }
      return out;
    };
    const states: Record<string, unknown> = {
      [ENTRY_FIRST]: { always: firstOf(pages) },
      [ENTRY_LAST]: { always: firstOf([...pages].reverse()) },
      [ENTRY_RESUME]: {
        always: [
          ...pages.map((p) => ({ guard: { type: 'resumePage', params: { step: s.id, page: p.id } }, target: p.id })),
          ...pages.map((p) => ({ guard: { type: 'unanswered', params: { step: s.id, page: p.id } }, target: p.id })),
          { target: ENTRY_LAST },
        ],
      },
    };
    pages.forEach((p, k) => {
      const later = pages.slice(k + 1);
      const earlier = pages.slice(0, k).reverse();
      states[p.id] = {
        on: {
          NEXT: [
            {
              guard: { type: 'invalid', params: { step: s.id, paged: true, fields: p.fields } },
              actions: ['acceptData', { type: 'reportErrors', params: { step: s.id, paged: true, fields: p.fields } }],
            },
            ...later.map((q) => ({ ...(applies(q) as object), target: q.id, actions: ['acceptData', 'clearErrors'] })),
          ],
          BACK: earlier.map((q) => ({ ...(applies(q) as object), target: q.id, actions: ['clearErrors'] })),
        },
      };
    });
    return states;
  };

  const states: Record<string, unknown> = {
    start: {
      always: [
        ...steps.map((s) => ({ guard: { type: 'resumeAt', params: { step: s.id } }, target: entry(s, ENTRY_RESUME) })),
        { target: entry(steps[0], ENTRY_FIRST) },
      ],
    },
  };
  steps.forEach((s, i) => {
    if (s.final) {
      states[s.id] = { type: 'final' };
      return;
    }
    const paged = Boolean(s.pages);
    const on: Record<string, unknown> = {
      NEXT: [
        {
          guard: { type: 'invalid', params: { step: s.id, paged } },
          actions: ['acceptData', { type: 'reportErrors', params: { step: s.id, paged } }],
        },
        ...nextSteps(i),
      ],
      BACK: backSteps(i),
      UPDATE: { actions: 'acceptData' },
    };
    if (i === reviewIndex) {
      on.EDIT = steps.slice(0, reviewIndex).map((t) => ({
        guard: { type: 'isStep', params: { step: t.id } },
        target: entry(t, ENTRY_FIRST),
        actions: ['startReturn', 'clearErrors'],
      }));
    }
    states[s.id] = paged ? { initial: ENTRY_FIRST, states: pageStates(s), on } : { on };
  });

  const config = {
    id: 'flow',
    initial: 'start',
    context: ({ input }: { input: FlowInput }): FlowContext => ({
      data: input.resumeAt
        ? {
            ...(input.data ?? {}),
            $context: {
              ...(input.data?.$context ?? {}),
              resumeAt: input.resumeAt,
              ...(input.resumePage ? { resumePage: input.resumePage } : {}),
            },
          }
        : (input.data ?? {}),
      errors: [],
      returnToReview: false,
    }),
    states,
  };
  return machineSetup.createMachine(config as unknown as Parameters<typeof machineSetup.createMachine>[0]);
}

/** The machine type built from the definitions. */
export type FlowMachine = ReturnType<typeof buildFlowMachine>;

/**
 * Where a snapshot stands: the step id and, for steps with sub-pages, the page id.
 * @param value - `snapshot.value`, e.g. `"owner"` or `{ basic: "residency" }`
 */
export function positionOf(value: unknown): { step: string; page?: string } {
  if (typeof value === 'string') return { step: value };
  const [step, inner] = Object.entries(value as Record<string, unknown>)[0];
  return { step, page: typeof inner === 'string' ? inner : undefined };
}
