import {
  memo,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type Ref,
} from 'react';
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { Engine, ApplicationData, FieldError, JsonObject, StepView } from '../engine/index.ts';
import { changedPaths, getPath, setPath } from '../engine/index.ts';
import { FormStoreContext } from './contexts.ts';
import { discardedTitles } from './discardedTitles.ts';
import { ErrorSummary } from './ErrorSummary.tsx';
import type { RendererFormContext, UnavailableChoices } from './formContext.ts';
import { FormStore } from './formStore.ts';
import { prepareStep } from './prepareStep.ts';
import { registry } from './registry.ts';
import './renderer.css';

/** What the page holding a StepForm can ask of it. */
export interface StepFormHandle {
  /** Commits text typed but not committed yet and returns the latest record (effects and computed values applied). */
  flush(): JsonObject;
  /** The engine's view of the latest record. */
  view(): StepView;
  /** Shows every error next to its field and in the alert block (after a refused Next or Save). */
  showAllErrors(): void;
}

export interface StepFormProps {
  engine: Engine;
  stepId: string;
  /** The whole application's data; `data[stepId]` is the record drawn. A new record object from outside replaces the form's. */
  data: ApplicationData;
  /**
   * The step record as the records hold it (the client record's fields of an insured, the saved answers): a field a
   * rule shows again takes its value from here (see EvaluateOptions.source). Default: `data[stepId]` as first drawn.
   * A new object replaces it, keeping what it held for fields hidden now (a save does not write them).
   */
  source?: JsonObject;
  /** The page's top-level fields; all when undefined. Errors are reported for these only. */
  fields?: string[];
  /** Called after each committed change with the new record and view (typing commits on blur, Enter or a pause). */
  onChange?: (record: JsonObject, view: StepView) => void;
  /** Show every error now (a refused Next or Save); false shows each field's errors once it is touched. */
  showErrors?: boolean;
  /** Errors the server answered with (400), shown with the engine's. */
  serverErrors?: FieldError[];
  /** Lists for lookupSelect by `ui:options.source`. */
  lookups?: Record<string, unknown[] | undefined>;
  /** Sources whose list failed to load. */
  failedLookups?: string[];
  /** choiceButtons ask to go on after a pick. */
  onRequestNext?: () => void;
  /**
   * Asked before a change whose effects empty answers already given (adding a joint plan empties the single-life
   * plans): the titles of those fields. Resolving false keeps the record as it was. Without it, the change applies.
   */
  confirmDiscard?: (titles: string[]) => Promise<boolean>;
  /** Heading of the alert block; default: the step's ui:options `errorTitle`, else ErrorSummary's. */
  errorTitle?: string;
  /**
   * Choices of a checkbox list the page offers but cannot take now (an insurer without a plan), by field then value,
   * each with why: shown greyed with the reason under it; one already ticked stays enabled, so it can be unticked.
   */
  unavailableChoices?: UnavailableChoices;
  /**
   * Every field read-only (the page says why): text can be read and copied, choices and list buttons are disabled,
   * and no change is taken.
   */
  readOnly?: boolean;
  /**
   * Some fields read-only besides those of the step's readonly rules (the page says why: the server's word that they
   * cannot change now), drawn as a readonly rule draws them.
   */
  readOnlyFields?: readonly string[];
  ref?: Ref<StepFormHandle>;
}

const BEHAVIOUR = { emptyObjectFields: 'skipDefaults' } as const;

function othersChanged(a: ApplicationData, b: ApplicationData, stepId: string): boolean {
  if (a === b) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (k !== stepId && a[k] !== b[k]) return true;
  return false;
}

/**
 * Draws one step (or one page of it) from its definition with @rjsf/core and our registry. Visibility, computed
 * values, changing texts and errors all come from `engine.evaluateStep` on each committed change, with the previous
 * record so effects fire (shares redistributed, an insured's ID copied, exclusive plan lists). rjsf validates nothing:
 * no liveValidate, no HTML5 validation, no submit.
 */
function StepFormInner(props: StepFormProps) {
  const { engine, stepId, data, source, fields, showErrors, serverErrors, lookups, failedLookups, errorTitle, ref } =
    props;
  const { unavailableChoices, readOnly, readOnlyFields } = props;
  const prepared = useMemo(() => prepareStep(engine, stepId, fields), [engine, stepId, fields]);
  const stepOptions = ((engine.definitions.steps[stepId]?.ui as Record<string, unknown> | undefined)?.['ui:options'] ??
    {}) as {
    errorTitle?: string;
    liveErrors?: boolean;
  };
  // `liveErrors`: a field's errors show as soon as its changed value is committed (a pause in typing), not once it
  // is left; a field nobody changed still waits for a refused Next.
  const live = stepOptions.liveErrors === true;
  // The required marks come from the step's rules, not the data: set once, before any field asks.
  const [store] = useState(() => {
    const created = new FormStore();
    created.setRequired(engine.requiredFields(stepId));
    const def = engine.definitions.steps[stepId];
    const heading = (
      (def?.ui as Record<string, unknown> | undefined)?.['ui:options'] as { heading?: string } | undefined
    )?.heading;
    created.setPageTitles([def?.flow.title, heading, ...(def?.flow.pages ?? []).map((p) => p.title)]);
    return created;
  });

  const latest = useRef(props);
  latest.current = props;
  const containerRef = useRef<HTMLDivElement>(null);

  // What the records hold for this step, for fields shown again (see the `source` prop).
  const sourceRef = useRef<JsonObject>((props.source ?? data[stepId] ?? {}) as JsonObject);
  const evaluate = useCallback(
    (raw: JsonObject, previous?: JsonObject): StepView => {
      const { data: app, fields: only } = latest.current;
      const record = prepared.withDefaults(raw);
      return engine.evaluateStep(
        stepId,
        { ...app, [stepId]: record },
        {
          previous: previous ? prepared.withDefaults(previous) : undefined,
          fields: only,
          source: sourceRef.current,
        },
      );
    },
    [engine, stepId, prepared],
  );

  const first = useRef<StepView | null>(null);
  if (first.current === null) {
    first.current = evaluate((data[stepId] as JsonObject | undefined) ?? {});
    store.setView(first.current);
  }
  const [record, setRecord] = useState<JsonObject>(first.current.values);
  const [formKey, setFormKey] = useState(0);
  const recordRef = useRef(record);
  const viewRef = useRef<StepView>(first.current);
  const incomingRef = useRef(data[stepId]);
  const givenSourceRef = useRef(props.source);
  const dataRef = useRef(data);
  const fieldsRef = useRef(fields);

  const apply = useCallback(
    (view: StepView): void => {
      recordRef.current = view.values;
      viewRef.current = view;
      if (view.source) sourceRef.current = view.source;
      setRecord(view.values);
      store.setView(view);
    },
    [store],
  );

  const commit = useCallback(
    (raw: JsonObject): void => {
      const before = recordRef.current;
      if (live) for (const path of changedPaths(before, raw)) store.touch(path);
      const view = evaluate(raw, before);
      const confirm = latest.current.confirmDiscard;
      if (view.discarded.length && confirm) {
        const titles = discardedTitles(
          engine.definitions.steps[stepId].ui as Record<string, unknown>,
          view.discarded,
          viewRef.current.texts,
        );
        void confirm(titles).then((ok) => {
          if (recordRef.current !== before) return;
          if (!ok) {
            // rjsf keeps its own copy with the change while our record is unchanged: a new form draws the kept one.
            setFormKey((k) => k + 1);
            return;
          }
          apply(view);
          latest.current.onChange?.(view.values, view);
        });
        return;
      }
      apply(view);
      latest.current.onChange?.(view.values, view);
    },
    [apply, evaluate, engine, stepId, live, store],
  );

  // A record replaced from outside (restored, reset), the rest of the application changing, or a new page.
  useLayoutEffect(() => {
    const incoming = data[stepId] as JsonObject | undefined;
    const pageChanged = fieldsRef.current !== fields;
    const replaced = incoming !== incomingRef.current && incoming !== recordRef.current;
    const others = othersChanged(dataRef.current, data, stepId);
    dataRef.current = data;
    fieldsRef.current = fields;
    if (replaced) incomingRef.current = incoming;
    // What the records hold now (a save answers the record as saved), keeping what they hold for the fields hidden
    // now: a save does not write a hidden answer, so its record still holds it.
    const given = source ?? (replaced ? incoming : undefined);
    if (given !== undefined && (given !== givenSourceRef.current || replaced)) {
      givenSourceRef.current = given;
      let next = given;
      for (const path of viewRef.current.hidden) {
        const kept = getPath(sourceRef.current, path);
        if (kept !== undefined && getPath(next, path) === undefined) next = setPath(next, path, kept);
      }
      sourceRef.current = next;
    }
    if (pageChanged) store.resetInteraction();
    if (replaced) apply(evaluate(incoming ?? {}));
    else if (others || pageChanged) apply(evaluate(recordRef.current));
  }, [data, source, fields, stepId, apply, evaluate, store]);

  useLayoutEffect(() => {
    store.setShowAll(Boolean(showErrors));
  }, [showErrors, store]);

  useLayoutEffect(() => {
    store.setReadOnlyFields(readOnlyFields ?? []);
  }, [readOnlyFields, store]);

  // Hold what fields show while a pointer is pressed (see FormStore): the press that blurs an input and commits it
  // must not move the button it is clicking.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const hold = () => {
      store.hold();
      clearTimeout(timer);
      timer = setTimeout(() => store.release(), 1000);
    };
    const release = () => {
      clearTimeout(timer);
      timer = setTimeout(() => store.release(), 0);
    };
    document.addEventListener('pointerdown', hold, true);
    document.addEventListener('pointerup', release, true);
    document.addEventListener('pointercancel', release, true);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerdown', hold, true);
      document.removeEventListener('pointerup', release, true);
      document.removeEventListener('pointercancel', release, true);
      store.release();
    };
  }, [store]);

  useLayoutEffect(() => {
    store.setServerErrors(serverErrors ?? []);
  }, [serverErrors, store]);

  const onFormChange = useCallback(
    (event: IChangeEvent) => {
      const raw = event.formData as JsonObject;
      if (raw === recordRef.current || latest.current.readOnly) return;
      commit(raw);
    },
    [commit],
  );

  useImperativeHandle(
    ref,
    () => ({
      flush: () => {
        const drafts = store.takeDrafts();
        if (drafts.length) {
          let raw = recordRef.current;
          for (const d of drafts) raw = setPath(raw, d.path, d.value);
          commit(raw);
        }
        return recordRef.current;
      },
      view: () => viewRef.current,
      showAllErrors: () => store.setShowAll(true),
    }),
    [commit, store],
  );

  const requestNext = useCallback(() => {
    // After the pick has gone through the form (rjsf commits in a state update).
    setTimeout(() => latest.current.onRequestNext?.(), 0);
  }, []);
  const formContext = useMemo<RendererFormContext>(
    // The definitions' own lists (provinces) come with every form; the app adds what it loads (clients...).
    () => ({
      lookups: { ...engine.definitions.flow.lists, ...lookups },
      failedLookups,
      requestNext,
      unavailableChoices,
      words: engine.definitions.flow.words,
    }),
    [engine, lookups, failedLookups, requestNext, unavailableChoices],
  );

  return (
    <FormStoreContext.Provider value={store}>
      <div className={readOnly ? 'step-form is-readonly' : 'step-form'} data-step={stepId} ref={containerRef}>
        <ErrorSummary title={errorTitle ?? stepOptions.errorTitle} formRef={containerRef} />
        <Form
          key={formKey}
          schema={prepared.schema}
          uiSchema={prepared.uiSchema}
          formData={record}
          validator={prepared.validator}
          widgets={registry.widgets}
          fields={registry.fields}
          templates={registry.templates}
          formContext={formContext}
          onChange={onFormChange}
          readonly={readOnly}
          noHtml5Validate
          liveValidate={false}
          showErrorList={false}
          tagName="div"
          experimental_defaultFormStateBehavior={BEHAVIOUR}
        />
      </div>
    </FormStoreContext.Provider>
  );
}

/** StepForm, drawn again only when its props change (typing re-renders nothing above the input). */
export const StepForm = memo(StepFormInner);
