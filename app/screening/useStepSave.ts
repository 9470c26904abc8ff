import { useCallback, useState, type RefObject } from 'react';
import type { FieldError, JsonObject, LostAnswers } from '../../engine/index.ts';
import type { StepFormHandle } from '../../renderer/StepForm.tsx';
import { focusAfterRender } from '../components/focusAfterRender.ts';
import { ConflictError, SaveError, saveStep } from './api.ts';
import { loadSteps } from './definitions.ts';
import { saveProgress } from './progress.ts';
import type { useStepDraft } from './useStepDraft.ts';
import type { useNotice } from './WizardChrome.tsx';
import { uiOptionsOf, withRecord, type WizardEnv } from './wizardEnv.ts';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/wizard';

/**
 * What to add under a failed save's message: the reason when no field carries it. Typed answers stay in the form.
 * @param unreachable - the words for a server that could not be reached, in the language shown
 */
function whyNotSaved(error: SaveError, unreachable: string, shown?: string): string[] {
  if (error.errors.length) return [];
  if (error.status === 0) return [unreachable];
  return error.message && error.message !== shown ? [error.message] : [];
}

interface StepSaveOptions {
  env: WizardEnv;
  step: string;
  formRef: RefObject<StepFormHandle | null>;
  pageRef: RefObject<string | undefined>;
  draft: ReturnType<typeof useStepDraft>;
  /** The page shown is the step's last: Next and Save save the step, else Next turns the page and Save keeps progress. */
  lastPage: boolean;
  setNotice: ReturnType<typeof useNotice>[1];
  /** A save refused because another window saved the step. */
  onConflict: (error: ConflictError, retry: 'next' | 'save') => void;
}

/**
 * Saving a step: Next (the page's check by the flow machine, then on the last page the step's save and NEXT) and Save
 * (the step's save, or "Save Progress" of a page), the errors they show, the dialog naming answers a save would drop
 * elsewhere, and which of them is running.
 */
export function useStepSave({ env, step, formRef, pageRef, draft, lastPage, setNotice, onConflict }: StepSaveOptions) {
  const { engine, actor, clientId, context, saved } = env;
  const t = useT();
  const options = uiOptionsOf(engine.definitions.steps[step]);
  const { latest, keep, markSaved, dirtyRef } = draft;
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState<'save' | 'next' | null>(null);
  const [pendingLoss, setPendingLoss] = useState<null | {
    lost: LostAnswers[];
    proceed: () => void;
    cancel: () => void;
  }>(null);

  const refuse = useCallback(
    (errors: FieldError[], message?: string, details?: string[]) => {
      setShowErrors(true);
      formRef.current?.showAllErrors();
      setServerErrors(errors);
      if (message) setNotice('error', message, details);
      // The summary (or, without field errors, the failed save's notice) takes focus, as on the client profile.
      focusAfterRender(() =>
        document.querySelector<HTMLElement>('.wizard-main .error-summary, .wizard-main .wizard-notice[role=alert]'),
      );
    },
    [formRef, setNotice],
  );

  /**
   * Resolves true when the save may go ahead: at once when it drops no saved answer elsewhere (engine.lostAnswers over
   * every saved step, loaded first), else once the adviser confirms the loss the dialog names.
   */
  const confirmLoss = useCallback(
    async (answers: JsonObject): Promise<boolean> => {
      const savedSteps = Object.keys(saved).filter((id) => engine.definitions.order.includes(id));
      await loadSteps(savedSteps).catch(() => undefined);
      const lost = engine.lostAnswers(step, answers, { ...saved, $context: context });
      if (!lost.length) return true;
      return new Promise((resolve) =>
        setPendingLoss({ lost, proceed: () => resolve(true), cancel: () => resolve(false) }),
      );
    },
    [engine, saved, context, step],
  );
  const answerLoss = (ok: boolean) => {
    const pending = pendingLoss;
    setPendingLoss(null);
    if (ok) pending?.proceed();
    else pending?.cancel();
  };

  /** Saves the step whole once any loss elsewhere is confirmed: the record as stored, or null when the adviser stays. */
  const saveWhole = useCallback(
    async (answers: JsonObject): Promise<JsonObject | null> => {
      if (!(await confirmLoss(answers))) return null;
      const stored = await saveStep(
        clientId,
        step,
        answers,
        options.saveErrorMessage ?? options.saveErrorFallback ?? t('wizard.saveFailed'),
      );
      markSaved(stored);
      setShowErrors(false);
      return stored;
    },
    [confirmLoss, clientId, step, options.saveErrorMessage, options.saveErrorFallback, markSaved, t],
  );

  /** Sends NEXT with the data; true when the machine moved on. */
  const sendNext = useCallback(
    (data: ReturnType<typeof withRecord>): boolean => {
      const before = actor.getSnapshot();
      actor.send({ type: 'NEXT', data });
      const after = actor.getSnapshot();
      if (
        after === before ||
        (JSON.stringify(after.value) === JSON.stringify(before.value) && after.context.errors.length > 0)
      ) {
        refuse(after.context.errors);
        return false;
      }
      return true;
    },
    [actor, refuse],
  );

  /**
   * Locked answers: Next reads on without saving. The flow machine moves as usual; a page the saved answers do not pass
   * (a definition changed since the submission) is no reason to stop reading: the next step that applies opens.
   */
  const readOn = useCallback(() => {
    const data = withRecord(saved, context, step, saved[step] as JsonObject | undefined);
    const before = actor.getSnapshot();
    actor.send({ type: 'NEXT', data });
    const after = actor.getSnapshot();
    if (after !== before && JSON.stringify(after.value) !== JSON.stringify(before.value)) return;
    const order = engine.definitions.order;
    const next = order.slice(order.indexOf(step) + 1).find((id) => engine.stepApplies(id, data));
    env.openStep(next ?? env.reviewStep);
  }, [saved, context, step, actor, engine, env]);

  const onNext = useCallback(async () => {
    if (busy) return;
    if (env.locked) {
      readOn();
      return;
    }
    const answers = latest();
    const view = formRef.current?.view();
    setServerErrors([]);
    const data = withRecord(saved, context, step, answers);
    if (!lastPage) {
      if (sendNext(data)) {
        setShowErrors(false);
        if (dirtyRef.current) keep(answers, undefined);
      }
      return;
    }
    if (view && view.errors.length) {
      refuse([]);
      return;
    }
    setBusy('next');
    setNotice(null);
    try {
      const stored = await saveWhole(answers);
      if (stored) sendNext(withRecord(saved, context, step, stored));
    } catch (e) {
      if (e instanceof ConflictError) {
        onConflict(e, 'next');
        return;
      }
      const err = e instanceof SaveError ? e : new SaveError(t('wizard.saveFailed'), [], 0);
      refuse(
        err.errors,
        options.saveErrorMessage ?? err.message,
        whyNotSaved(err, t('wizard.unreachable'), options.saveErrorMessage),
      );
    } finally {
      setBusy(null);
    }
  }, [
    busy,
    env.locked,
    readOn,
    latest,
    formRef,
    saved,
    context,
    step,
    lastPage,
    sendNext,
    dirtyRef,
    keep,
    refuse,
    setNotice,
    options.saveErrorMessage,
    saveWhole,
    onConflict,
    t,
  ]);

  const onSave = useCallback(async () => {
    // Locked: there is no Save (StepPage shows none); nothing would be saved anyway.
    if (busy || env.locked) return;
    const answers = latest();
    const view = formRef.current?.view();
    setServerErrors([]);
    setBusy('save');
    setNotice(null);
    try {
      if (!lastPage) {
        keep(answers, pageRef.current);
        await saveProgress(clientId, step, env.finalStep, { page: pageRef.current, [step]: answers });
        setNotice('success', t('wizard.progressSaved'));
        return;
      }
      if (view && view.errors.length) {
        refuse([]);
        return;
      }
      if (!(await saveWhole(answers))) return;
      setNotice('success', options.successMessage ?? t('wizard.saved'));
      saveProgress(clientId, step, env.finalStep, pageRef.current ? { page: pageRef.current } : {}).catch(
        () => undefined,
      );
    } catch (e) {
      if (e instanceof ConflictError) onConflict(e, 'save');
      else if (e instanceof SaveError)
        refuse(
          e.errors,
          options.saveErrorMessage ?? e.message,
          whyNotSaved(e, t('wizard.unreachable'), options.saveErrorMessage),
        );
      else
        setNotice(
          'error',
          options.progressSaveErrorMessage ??
            (e instanceof Error && e.message ? e.message : t('wizard.progressSaveFailed')),
        );
    } finally {
      setBusy(null);
    }
  }, [
    busy,
    env.locked,
    latest,
    formRef,
    lastPage,
    keep,
    clientId,
    step,
    env.finalStep,
    pageRef,
    options,
    refuse,
    setNotice,
    saveWhole,
    onConflict,
    t,
  ]);

  /** Clears what the page shows of a refused save (Back, a conflict's answer). */
  const clearErrors = useCallback(() => {
    setShowErrors(false);
    setServerErrors([]);
  }, []);

  return { busy, showErrors, setShowErrors, serverErrors, clearErrors, onNext, onSave, pendingLoss, answerLoss };
}
