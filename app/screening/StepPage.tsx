import { memo, useCallback, useId, useMemo, useRef, useState } from 'react';
import type { JsonObject, PageDefinition } from '../../engine/index.ts';
import { StepForm, type StepFormHandle } from '../../renderer/StepForm.tsx';
import { ConflictDialog } from './ConflictDialog.tsx';
import { rememberEtag } from './versions.ts';
import { formatDateTime } from '../format.ts';
import { DiscardDialog, LossDialog } from './LossDialog.tsx';
import { nextBlockers } from './nextBlockers.ts';
import { useConflict } from './useConflict.ts';
import { useLeaving } from './useLeaving.ts';
import { useStepDraft } from './useStepDraft.ts';
import { useStepSave } from './useStepSave.ts';
import { LockedNotice } from './LockedNotice.tsx';
import { ActionsBar, LeaveDialog, Notice, StepCard, useNotice } from './WizardChrome.tsx';
import { uiOptionsOf, useWizard, withRecord } from './wizardEnv.ts';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/wizard';

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
 * definitions, and Back / Save / Next. Composed of hooks with one job each: the draft (useStepDraft: answers not
 * saved yet, kept in localStorage and restored), saving (useStepSave: Next saves the step on its last page, then
 * sends NEXT to the flow machine, which refuses while the page has errors), conflicts with another window
 * (useConflict) and leaving with answers not saved (useLeaving).
 */
export const StepPage = memo(function StepPage({ step, page: pageId }: { step: string; page?: string }) {
  const env = useWizard();
  const t = useT();
  const { engine, actor, clientId, context, saved, lookups, failedLookups } = env;
  const def = engine.definitions.steps[step];
  const options = uiOptionsOf(def);
  const formRef = useRef<StepFormHandle>(null);
  const pageRef = useRef(pageId);
  pageRef.current = pageId;

  const draft = useStepDraft(env, step, formRef, pageRef);
  const { restored, formData, record, dirtyRef, latest, markSaved, discardDraft } = draft;
  const leaving = useLeaving(dirtyRef, draft.flushToDraft);
  const conflicts = useConflict();
  const [notice, setNotice] = useNotice();
  const [pendingDiscard, setPendingDiscard] = useState<null | { titles: string[]; answer: (ok: boolean) => void }>(
    null,
  );
  const confirmDiscard = useCallback(
    (titles: string[]) => new Promise<boolean>((answer) => setPendingDiscard({ titles, answer })),
    [],
  );

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

  const saving = useStepSave({ env, step, formRef, pageRef, draft, lastPage, setNotice, onConflict: conflicts.open });
  const { busy, onNext, onSave } = saving;

  const onBack = useCallback(() => {
    if (busy) return;
    actor.send({ type: 'UPDATE', data: withRecord(saved, context, step, latest()) });
    const withinStep = Boolean(page) && pageIndex > 0;
    if (!actor.getSnapshot().can({ type: 'BACK' })) {
      if (step === env.firstStep) env.toPrompt();
      return;
    }
    const go = () => {
      saving.clearErrors();
      actor.send({ type: 'BACK' });
    };
    if (!withinStep && dirtyRef.current) leaving.askToLeave(go);
    else go();
  }, [busy, saved, context, step, latest, actor, page, pageIndex, env, saving, dirtyRef, leaving]);

  const onRequestNext = useCallback(() => {
    void onNext();
  }, [onNext]);

  const { conflict } = conflicts;
  const { blocker } = leaving;
  const blockedHintId = useId();
  const heading = options.heading ?? (page?.title && allPages ? page.title : def.flow.title);
  const subTitle = options.heading && page?.title && page.title !== heading ? page.title : undefined;
  const pageText = describePage(pages, page, isObjectField, options.pageDescriptions);
  const laterPageApplies = Boolean(page) && pageIndex >= 0 && pageIndex < pages.length - 1;
  const nextLabel = (laterPageApplies && page?.nextLabel) || options.nextLabel || t('wizard.next');
  // Locked (the server said an insurer holds the answers): read-only, no Save, and Next only reads on.
  const { locked } = env;
  const showSave = options.showSave !== false && !locked;

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
        {locked ? <LockedNotice lock={locked} /> : null}
        {restored ? (
          <div className="alert alert-info wizard-restored" role="status">
            <div className="wizard-notice-body">
              <p>
                {draft.draft?.savedAt
                  ? t('wizard.restoredAt', { savedAt: formatDateTime(draft.draft.savedAt) })
                  : t('wizard.restored')}
              </p>
            </div>
            <button type="button" className="btn btn-ghost btn-sm" onClick={discardDraft}>
              {t('wizard.discardDraft')}
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
          onChange={draft.onChange}
          showErrors={saving.showErrors}
          serverErrors={saving.serverErrors}
          lookups={lookups}
          failedLookups={failedLookups}
          onRequestNext={onRequestNext}
          confirmDiscard={confirmDiscard}
          errorTitle={typeof options.errorTitle === 'string' ? options.errorTitle : t('wizard.errors.title')}
          readOnly={Boolean(locked)}
        />
        {blockedBy && !locked ? (
          <p className="wizard-next-hint muted text-sm" id={blockedHintId}>
            {blockedBy.message}
          </p>
        ) : null}
        <ActionsBar
          backLabel={options.backLabel ?? t('wizard.back')}
          onBack={onBack}
          saveLabel={showSave ? (options.saveLabel ?? t('wizard.save')) : undefined}
          busySaveLabel={options.busySaveLabel ?? t('wizard.saving')}
          onSave={showSave ? onSave : undefined}
          nextLabel={nextLabel}
          busyNextLabel={options.busyNextLabel ?? t('wizard.processing')}
          onNext={() => void onNext()}
          busy={busy}
          nextDisabled={Boolean(blockedBy) && !locked}
          nextDescribedBy={blockedBy && !locked ? blockedHintId : undefined}
        />
      </StepCard>
      {leaving.asking ? <LeaveDialog onLeave={leaving.leave} onStay={leaving.stay} /> : null}
      {conflict ? (
        <ConflictDialog
          message={conflict.error.message}
          onClose={conflicts.close}
          onLoadTheirs={() => {
            rememberEtag(clientId, step, `"${conflict.error.version}"`);
            markSaved(conflict.error.current);
            saving.setShowErrors(false);
            conflicts.close();
            setNotice('success', t('wizard.showingTheirs'));
          }}
          onKeepMine={() => {
            rememberEtag(clientId, step, `"${conflict.error.version}"`);
            conflicts.close();
            void (conflict.retry === 'next' ? onNext() : onSave());
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
      {saving.pendingLoss ? (
        <LossDialog
          lost={saving.pendingLoss.lost}
          onConfirm={() => saving.answerLoss(true)}
          onCancel={() => saving.answerLoss(false)}
        />
      ) : null}
      {blocker.state === 'blocked' ? (
        <LeaveDialog onLeave={() => blocker.proceed()} onStay={() => blocker.reset()} />
      ) : null}
    </>
  );
});
