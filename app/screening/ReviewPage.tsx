import { useMemo } from 'react';
import type { JsonObject } from '../../engine/index.ts';
import { summarizeRecord, type SummaryGroup } from '../../renderer/summarizeRecord.ts';
import { IncompleteSteps } from './IncompleteSteps.tsx';
import { LockedNotice } from './LockedNotice.tsx';
import { RetiredAnswersNotice } from './RetiredAnswersNotice.tsx';
import { ActionsBar, StepCard } from './WizardChrome.tsx';
import { uiOptionsOf, useWizard } from './wizardEnv.ts';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/wizard';

function Rows({ group, level, headingLevel = level }: { group: SummaryGroup; level: number; headingLevel?: number }) {
  // An untitled group adds no heading, so its groups' headings stay one level under the last one shown.
  const Heading = `h${Math.min(6, headingLevel)}` as 'h3';
  const next = group.title ? headingLevel + 1 : headingLevel;
  return (
    <div className={`review-group review-level-${level}`}>
      {group.title ? <Heading className="review-group-title">{group.title}</Heading> : null}
      {group.rows.length ? (
        <dl className="review-list">
          {group.rows.map((r, i) => (
            <div key={`${r.label}-${i}`} className="review-row">
              <dt>{r.label}</dt>
              <dd>{r.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {group.groups.map((g, i) => (
        <Rows key={`${g.title}-${i}`} group={g} level={level + 1} headingLevel={next} />
      ))}
    </div>
  );
}

/**
 * "Review Your Application": one section per screening step of the flow (engine.reviewSections: all but those the
 * review's "ui:review" excludes), each listing the
 * step's answers with its ui.json labels and an Edit button. Edit sends EDIT; the machine brings the adviser back
 * here after that step's Next.
 */
export function ReviewPage() {
  const { engine, actor, saved, context, clientId, lookups, locked } = useWizard();
  const t = useT();
  const def = engine.definitions.steps[engine.definitions.flow.review];
  const options = uiOptionsOf(def);
  const sections = useMemo(() => engine.reviewSections(), [engine]);
  const data = useMemo(() => ({ ...saved, $context: context }), [saved, context]);
  // Locked answers: a step opens read-only, so its button says so rather than promising an edit.
  const editLabel = locked ? t('wizard.review.view') : (options.editLabel ?? t('wizard.review.edit'));
  // The good-order check: the same one the server runs before generating.
  const incomplete = useMemo(() => engine.incompleteSteps(data), [engine, data]);
  const retired = useMemo(() => engine.retiredAnswers(data), [engine, data]);
  // The titles the form shows for these answers ("Successor Owner for Arjun Mehta"), step by step.
  const texts = useMemo(
    () =>
      Object.fromEntries(
        sections.map((s) => [
          s.step,
          s.step in engine.definitions.steps ? engine.evaluateStep(s.step, data).texts : {},
        ]),
      ),
    [engine, sections, data],
  );

  return (
    <StepCard heading={options.heading ?? def.flow.title} description={options.description}>
      {locked ? <LockedNotice lock={locked} /> : null}
      <IncompleteSteps
        steps={incomplete}
        title={options.incompleteTitle ?? t('wizard.review.incompleteTitle')}
        stepLabel={options.incompleteStepLabel ?? t('wizard.completeStep', { title: '{title}' })}
        missingLabel={options.incompleteMissing ?? t('wizard.notAnswered')}
        onOpen={(stepId) => actor.send({ type: 'EDIT', step: stepId })}
      />
      <RetiredAnswersNotice
        steps={retired}
        title={options.retiredTitle ?? t('wizard.review.retiredTitle')}
        stepLabel={options.retiredStepLabel ?? t('wizard.openStep', { title: '{title}' })}
        onOpen={(stepId) => actor.send({ type: 'EDIT', step: stepId })}
      />
      <div className="review-sections">
        {sections.map((section) => {
          const stepDef = engine.definitions.steps[section.step];
          if (!stepDef) return null;
          const applies = engine.stepApplies(section.step, data);
          const summary = summarizeRecord(
            stepDef,
            saved[section.step] as JsonObject | undefined,
            lookups,
            texts[section.step],
            engine.definitions.flow.words,
          );
          const empty = !summary.rows.length && !summary.groups.length;
          const headingId = `review-${section.step}`;
          return (
            <section key={section.step} className="review-section" aria-labelledby={headingId}>
              <header className="review-section-header">
                <h2 id={headingId}>{section.title}</h2>
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  onClick={() => actor.send({ type: 'EDIT', step: section.step })}
                  disabled={!applies}
                  aria-label={`${editLabel} ${section.title}`}
                >
                  {editLabel}
                </button>
              </header>
              {!applies ? (
                <p className="muted text-sm">{t('wizard.review.notApplicable')}</p>
              ) : empty ? (
                <p className="not-set">{t('wizard.review.noAnswers')}</p>
              ) : (
                <Rows group={summary} level={3} />
              )}
            </section>
          );
        })}
      </div>
      {incomplete.length ? (
        <p className="review-blocked muted text-sm" id="review-blocked">
          {options.incompleteReason ?? t('wizard.review.incompleteReason')}
        </p>
      ) : null}
      <ActionsBar
        backLabel={options.backLabel ?? t('wizard.back')}
        onBack={() => actor.send({ type: 'BACK' })}
        busySaveLabel=""
        nextLabel={options.nextLabel ?? t('wizard.next')}
        busyNextLabel={options.busyNextLabel ?? t('wizard.processing')}
        onNext={() => actor.send({ type: 'NEXT', data: { ...saved, $context: { ...context, clientId } } })}
        busy={null}
        nextDisabled={incomplete.length > 0}
        nextDescribedBy={incomplete.length ? 'review-blocked' : undefined}
      />
    </StepCard>
  );
}
