import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FieldError, JsonObject, LostAnswers, PageDefinition } from '../../engine/index.ts';
import { StepForm, type StepFormHandle } from '../../renderer/StepForm.tsx';
import { focusAfterRender } from '../components/focusAfterRender.ts';
import { ConflictError, SaveError, saveStep } from './api.ts';
import { ConflictDialog } from './ConflictDialog.tsx';
import { rememberEtag } from './versions.ts';
import { formatDateTime } from '../format.ts';
import { loadSteps } from './definitions.ts';
import { clearDraft, readDraft, writeDraft } from './drafts.ts';
import { DiscardDialog, LossDialog } from './LossDialog.tsx';
import { saveProgress } from './progress.ts';
import { nextBlockers } from './nextBlockers.ts';
import { useLeaveGuard } from './useLeaveGuard.ts';
import { ActionsBar, LeaveDialog, Notice, StepCard, useNotice } from './WizardChrome.tsx';
import { uiOptionsOf, useWizard, withRecord } from './wizardEnv.ts';

const SAVE_FALLBACK = 'Failed to save data';

/** What to add under a failed save's message: the reason when no field carries it. Typed answers stay in the form. */
function whyNotSaved(error: SaveError, shown?: string): string[] {
  if (error.errors.length) return [];
  if (error.status === 0)
    return ['The server could not be reached. Your answers are kept on this device; try again in a moment.'];
  return error.message && error.message !== shown ? [error.message] : [];
}

function describePage(
  pages: PageDefinition[],
  page: PageDefinition | undefined,
  isObjectField: (f: string) => boolean,
  texts?: { single?: string; multiple?: string },
): string | undefined {
  if (!texts || !page) return undefined;
  // Pages made of one object each (the insureds) are "insured n of 2" when there are several of them.
  const objectPages = pages.filter((p) => p.fields.length === 1 && isObjectField(p.fields[0]));
  const index = objectPages.findIndex((p) => p.id === page.id);
  if (index < 0) return undefined;
  if (objectPages.length > 1) return texts.multiple?.replace('{n}', String(index + 1));
  return texts.single;
}

/**
 * One step of the wizard (every step but review and generation): its form, drawn by the renderer from the
 * definitions, and Back / Save / Next. Next saves the step (on its last page), then sends NEXT to the flow machine,
 * which refuses while the page has errors. Answers not saved yet are kept in localStorage and restored here.
 */
export const StepPage = memo(function StepPage({ step, page: pageId }: { step: string; page?: string }) {
  const env = useWizard();
  const { engine, actor, clientId, context, saved, setSaved, lookups, failedLookups } = env;
  const def = engine.definitions.steps[step];
  const options = uiOptionsOf(def);
  const formRef = useRef<StepFormHandle>(null);

  // This device's draft first; else what "Save Progress" kept on the server for a step never saved whole.
  const [draft] = useState(
    () =>
      readDraft(clientId, step) ??
      (env.progressDrafts[step] && saved[step] === undefined
        ? { record: env.progressDrafts[step], savedAt: '' }
        : null),
  );
  const [restored, setRestored] = useState(() => Boolean(draft));
  const [formData, setFormData] = useState(() =>
    withRecord(saved, context, step, (draft?.record ?? saved[step]) as JsonObject | undefined),
  );
  const [record, setRecord] = useState<JsonObject>(() => (formData[step] as JsonObject | undefined) ?? {});
  const recordRef = useRef(record);
  const dirtyRef = useRef(Boolean(draft));
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState<'save' | 'next' | null>(null);
  const [notice, setNotice] = useNotice();
  const [confirmLeave, setConfirmLeave] = useState<null | (() => void)>(null);
  const [conflict, setConflict] = useState<null | { error: ConflictError; retry: 'next' | 'save' }>(null);
  const [pendingDiscard, setPendingDiscard] = useState<null | { titles: string[]; answer: (ok: boolean) => void }>(
    null,
  );
  const confirmDiscard = useCallback(
    (titles: string[]) => new Promise<boolean>((answer) => setPendingDiscard({ titles, answer })),
    [],
  );
  const [pendingLoss, setPendingLoss] = useState<null | {
    lost: LostAnswers[];
    proceed: () => void;
    cancel: () => void;
  }>(null);
  const pageRef = useRef(pageId);
  pageRef.current = pageId;

  // Other steps saved meanwhile (never this one's record: the form owns it).
  useEffect(() => {
    setFormData((current) => {
      const next = withRecord(saved, context, step, current[step] as JsonObject | undefined);
      const changed = Object.keys(next).some((k) => k !== step && next[k] !== current[k]);
      return changed ? next : current;
    });
  }, [saved, context, step]);

  const allPages = def.flow.pages;
  const dataNow = withRecord(saved, context, step, record);
  const pages = engine.pagesOf(step, dataNow);
  const page = allPages?.find((p) => p.id === pageId);
  const pageIndex = page ? pages.findIndex((p) => p.id === page.id) : 0;
  const lastPage = !page || pageIndex === pages.length - 1;
  const fields = page?.fields;
  const schemaProps = (def.schema.properties ?? {}) as Record<string, { type?: unknown; $ref?: unknown }>;
  const isObjectField = (f: string) => schemaProps[f]?.type === 'object' || typeof schemaProps[f]?.$ref === 'string';

  // Next stays disabled while a field that says so has an error (the engine's, as the page is now).
  const blockers = useMemo(() => nextBlockers(def, fields), [def, fields]);
  const blockedBy = blockers.length ? engine.evaluateStep(step, dataNow, { fields: blockers }).errors[0] : undefined;

  const flushToDraft = useCallback(() => {
    const latest = formRef.current?.flush();
    if (latest && dirtyRef.current) writeDraft(clientId, step, latest, pageRef.current, def);
  }, [clientId, step, def]);

  const blocker = useLeaveGuard(() => dirtyRef.current, flushToDraft);

  const onChange = useCallback(
    (next: JsonObject) => {
      recordRef.current = next;
      setRecord(next);
      dirtyRef.current = true;
      writeDraft(clientId, step, next, pageRef.current, def);
    },
    [clientId, step, def],
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
    [setNotice],
  );

  /**
   * Resolves true when the save may go ahead: at once when it drops no saved answer elsewhere (engine.lostAnswers over
   * every saved step, loaded first), else once the adviser confirms the loss the dialog names.
   */
  const confirmLoss = useCallback(
    async (latest: JsonObject): Promise<boolean> => {
      const savedSteps = Object.keys(saved).filter((id) => engine.definitions.order.includes(id));
      await loadSteps(savedSteps).catch(() => undefined);
      const lost = engine.lostAnswers(step, latest, { ...saved, $context: context });
      if (!lost.length) return true;
      return new Promise((resolve) =>
        setPendingLoss({ lost, proceed: () => resolve(true), cancel: () => resolve(false) }),
      );
    },
    [engine, saved, context, step],
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

  const onNext = useCallback(async () => {
    if (busy) return;
    const latest = formRef.current?.flush() ?? recordRef.current;
    const view = formRef.current?.view();
    setServerErrors([]);
    const data = withRecord(saved, context, step, latest);
    if (!lastPage) {
      if (sendNext(data)) {
        setShowErrors(false);
        if (dirtyRef.current) writeDraft(clientId, step, latest, undefined, def);
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
      if (!(await confirmLoss(latest))) return;
      const stored = await saveStep(
        clientId,
        step,
        latest,
        options.saveErrorMessage ?? options.saveErrorFallback ?? SAVE_FALLBACK,
      );
      markSaved(stored);
      setShowErrors(false);
      sendNext(withRecord(saved, context, step, stored));
    } catch (e) {
      if (e instanceof ConflictError) {
        setConflict({ error: e, retry: 'next' });
        return;
      }
      const err = e instanceof SaveError ? e : new SaveError(SAVE_FALLBACK, [], 0);
      refuse(err.errors, options.saveErrorMessage ?? err.message, whyNotSaved(err, options.saveErrorMessage));
    } finally {
      setBusy(null);
    }
  }, [
    busy,
    saved,
    context,
    step,
    lastPage,
    sendNext,
    clientId,
    refuse,
    setNotice,
    options.saveErrorMessage,
    options.saveErrorFallback,
    markSaved,
    confirmLoss,
    def,
  ]);

  const onSave = useCallback(async () => {
    if (busy) return;
    const latest = formRef.current?.flush() ?? recordRef.current;
    const view = formRef.current?.view();
    setServerErrors([]);
    setBusy('save');
    setNotice(null);
    try {
      if (!lastPage) {
        writeDraft(clientId, step, latest, pageRef.current, def);
        await saveProgress(clientId, step, env.finalStep, { page: pageRef.current, [step]: latest });
        setNotice('success', 'Progress saved');
        return;
      }
      if (view && view.errors.length) {
        refuse([]);
        return;
      }
      if (!(await confirmLoss(latest))) return;
      const stored = await saveStep(
        clientId,
        step,
        latest,
        options.saveErrorMessage ?? options.saveErrorFallback ?? SAVE_FALLBACK,
      );
      markSaved(stored);
      setShowErrors(false);
      setNotice('success', options.successMessage ?? 'Your answers were saved');
      saveProgress(clientId, step, env.finalStep, pageRef.current ? { page: pageRef.current } : {}).catch(
        () => undefined,
      );
    } catch (e) {
      if (e instanceof ConflictError) setConflict({ error: e, retry: 'save' });
      else if (e instanceof SaveError)
        refuse(e.errors, options.saveErrorMessage ?? e.message, whyNotSaved(e, options.saveErrorMessage));
      else
        setNotice(
          'error',
          options.progressSaveErrorMessage ?? (e instanceof Error && e.message ? e.message : 'Failed to save progress'),
        );
    } finally {
      setBusy(null);
    }
  }, [busy, lastPage, clientId, step, env.finalStep, options, refuse, setNotice, markSaved, confirmLoss, def]);

  const onBack = useCallback(() => {
    if (busy) return;
    const latest = formRef.current?.flush() ?? recordRef.current;
    const data = withRecord(saved, context, step, latest);
    actor.send({ type: 'UPDATE', data });
    const withinStep = Boolean(page) && pageIndex > 0;
    if (!actor.getSnapshot().can({ type: 'BACK' })) {
      if (step === env.firstStep) env.toPrompt();
      return;
    }
    const go = () => {
      setShowErrors(false);
      setServerErrors([]);
      actor.send({ type: 'BACK' });
    };
    if (!withinStep && dirtyRef.current) setConfirmLeave(() => go);
    else go();
  }, [busy, saved, context, step, actor, page, pageIndex, env]);

  const onRequestNext = useCallback(() => {
    void onNext();
  }, [onNext]);

  const discardDraft = () => {
    clearDraft(clientId, step);
    dirtyRef.current = false;
    setRestored(false);
    const original = (saved[step] as JsonObject | undefined) ?? {};
    recordRef.current = original;
    setRecord(original);
    setFormData(withRecord(saved, context, step, { ...original }));
  };

  const blockedHintId = useId();
  const heading = options.heading ?? (page?.title && allPages ? page.title : def.flow.title);
  const subTitle = options.heading && page?.title && page.title !== heading ? page.title : undefined;
  const pageText = describePage(pages, page, isObjectField, options.pageDescriptions);
  const laterPageApplies = Boolean(page) && pageIndex >= 0 && pageIndex < pages.length - 1;
  const nextLabel = (laterPageApplies && page?.nextLabel) || options.nextLabel || 'Next';

  return (
    <>
      <StepCard
        heading={heading}
        description={options.description}
        sub={
          subTitle || pageText ? (
            <div className="wizard-page-title">
              {subTitle ? <h2>{subTitle}</h2> : null}
              {pageText ? <p className="muted">{pageText}</p> : null}
            </div>
          ) : null
        }
      >
        {restored ? (
          <div className="alert alert-info wizard-restored" role="status">
            <div className="wizard-notice-body">
              <p>
                We restored answers you had not saved yet{draft?.savedAt ? ` (${formatDateTime(draft.savedAt)})` : ''}.
              </p>
            </div>
            <button type="button" className="btn btn-ghost btn-sm" onClick={discardDraft}>
              Discard them
            </button>
          </div>
        ) : null}
        <Notice notice={notice} onClose={() => setNotice(null)} />
        <StepForm
          ref={formRef}
          engine={engine}
          stepId={step}
          data={formData}
          source={saved[step] as JsonObject | undefined}
          fields={fields}
          onChange={onChange}
          showErrors={showErrors}
          serverErrors={serverErrors}
          lookups={lookups}
          failedLookups={failedLookups}
          onRequestNext={onRequestNext}
          confirmDiscard={confirmDiscard}
        />
        {blockedBy ? (
          <p className="wizard-next-hint muted text-sm" id={blockedHintId}>
            {blockedBy.message}
          </p>
        ) : null}
        <ActionsBar
          backLabel={options.backLabel ?? 'Back'}
          onBack={onBack}
          saveLabel={options.showSave === false ? undefined : (options.saveLabel ?? 'Save')}
          busySaveLabel={options.busySaveLabel ?? 'Saving...'}
          onSave={options.showSave === false ? undefined : onSave}
          nextLabel={nextLabel}
          busyNextLabel={options.busyNextLabel ?? 'Processing...'}
          onNext={() => void onNext()}
          busy={busy}
          nextDisabled={Boolean(blockedBy)}
          nextDescribedBy={blockedBy ? blockedHintId : undefined}
        />
      </StepCard>
      {confirmLeave ? (
        <LeaveDialog
          onLeave={() => {
            const go = confirmLeave;
            setConfirmLeave(null);
            go();
          }}
          onStay={() => setConfirmLeave(null)}
        />
      ) : null}
      {conflict ? (
        <ConflictDialog
          message={conflict.error.message}
          onClose={() => setConflict(null)}
          onLoadTheirs={() => {
            rememberEtag(clientId, step, `"${conflict.error.version}"`);
            markSaved(conflict.error.current);
            setShowErrors(false);
            setConflict(null);
            setNotice('success', 'Showing the answers saved in the other window');
          }}
          onKeepMine={() => {
            rememberEtag(clientId, step, `"${conflict.error.version}"`);
            const retry = conflict.retry;
            setConflict(null);
            void (retry === 'next' ? onNext() : onSave());
          }}
        />
      ) : null}
      {pendingDiscard ? (
        <DiscardDialog
          titles={pendingDiscard.titles}
          onConfirm={() => {
            setPendingDiscard(null);
            pendingDiscard.answer(true);
          }}
          onCancel={() => {
            setPendingDiscard(null);
            pendingDiscard.answer(false);
          }}
        />
      ) : null}
      {pendingLoss ? (
        <LossDialog
          lost={pendingLoss.lost}
          onConfirm={() => {
            setPendingLoss(null);
            pendingLoss.proceed();
          }}
          onCancel={() => {
            setPendingLoss(null);
            pendingLoss.cancel();
          }}
        />
      ) : null}
      {blocker.state === 'blocked' ? (
        <LeaveDialog onLeave={() => blocker.proceed()} onStay={() => blocker.reset()} />
      ) : null}
    </>
  );
});
