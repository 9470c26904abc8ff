import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { JsonObject } from '../../engine/index.ts';
import type { StepFormHandle } from '../../renderer/StepForm.tsx';
import { clearDraft, readDraft, writeDraft } from './drafts.ts';
import { withRecord, type WizardEnv } from './wizardEnv.ts';

/**
 * The step's record as typed: restored from this device's draft (else what "Save Progress" kept on the server for a
 * step never saved whole), written to localStorage on every change, cleared once saved or discarded. Other steps
 * saved meanwhile reach the form's data; this step's record is the form's own.
 * @param env - the wizard
 * @param step - the step's id
 * @param formRef - the step's form (its latest answers)
 * @param pageRef - the page shown (kept with a draft)
 */
export function useStepDraft(
  env: WizardEnv,
  step: string,
  formRef: RefObject<StepFormHandle | null>,
  pageRef: RefObject<string | undefined>,
) {
  const { clientId, context, saved, setSaved } = env;
  const def = env.engine.definitions.steps[step];
  // Locked answers are shown as saved: a draft typed before the submission could not be saved anyway.
  const [draft] = useState(() =>
    env.locked
      ? null
      : (readDraft(clientId, step) ??
        (env.progressDrafts[step] && saved[step] === undefined
          ? { record: env.progressDrafts[step], savedAt: '' }
          : null)),
  );
  const [restored, setRestored] = useState(() => Boolean(draft));
  const [formData, setFormData] = useState(() =>
    withRecord(saved, context, step, (draft?.record ?? saved[step]) as JsonObject | undefined),
  );
  const [record, setRecord] = useState<JsonObject>(() => (formData[step] as JsonObject | undefined) ?? {});
  const recordRef = useRef(record);
  /** Answers typed since the record was loaded or saved. */
  const dirtyRef = useRef(Boolean(draft));

  // Other steps saved meanwhile (never this one's record: the form owns it).
  useEffect(() => {
    setFormData((current) => {
      const next = withRecord(saved, context, step, current[step] as JsonObject | undefined);
      const changed = Object.keys(next).some((k) => k !== step && next[k] !== current[k]);
      return changed ? next : current;
    });
  }, [saved, context, step]);

  /** The answers as typed, the form's pending keystrokes included. */
  const latest = useCallback((): JsonObject => formRef.current?.flush() ?? recordRef.current, [formRef]);

  /** Keeps answers as this device's draft, with the page they were typed on (none: the step's first). */
  const keep = useCallback(
    (answers: JsonObject, page: string | undefined) => writeDraft(clientId, step, answers, page, def),
    [clientId, step, def],
  );

  const flushToDraft = useCallback(() => {
    const answers = formRef.current?.flush();
    if (answers && dirtyRef.current) keep(answers, pageRef.current);
  }, [formRef, keep, pageRef]);

  const locked = Boolean(env.locked);
  const onChange = useCallback(
    (next: JsonObject) => {
      // Read-only: nothing typed, nothing kept (the form takes no input; this is the last word).
      if (locked) return;
      recordRef.current = next;
      setRecord(next);
      dirtyRef.current = true;
      keep(next, pageRef.current);
    },
    [keep, pageRef, locked],
  );

  const markSaved = useCallback(
    (savedRecord: JsonObject) => {
      clearDraft(clientId, step);
      dirtyRef.current = false;
      setRestored(false);
      recordRef.current = savedRecord;
      setRecord(savedRecord);
      setSaved(step, savedRecord);
      setFormData((current) => ({ ...current, [step]: savedRecord }));
    },
    [clientId, step, setSaved],
  );

  const discardDraft = () => {
    clearDraft(clientId, step);
    dirtyRef.current = false;
    setRestored(false);
    const original = (saved[step] as JsonObject | undefined) ?? {};
    recordRef.current = original;
    setRecord(original);
    setFormData(withRecord(saved, context, step, { ...original }));
  };

  return { draft, restored, formData, record, dirtyRef, latest, keep, flushToDraft, onChange, markSaved, discardDraft };
}
