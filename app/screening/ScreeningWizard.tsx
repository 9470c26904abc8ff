import { lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate } from '../router/Navigate.tsx';
import { useNavigate } from '../router/useNavigate.ts';
import { finalStepOf } from '../../engine/index.ts';
import type { ApplicationData, JsonObject } from '../../engine/index.ts';
import { loadApplication, onOtherStepsSaved } from './api.ts';
import { loadSteps, screeningRuntime, useWizardLanguage } from './definitions.ts';
import { lockAsLoaded, type AnswersLock } from './answersLock.ts';
import { incompleteAsLoaded } from './incompleteAsLoaded.ts';
import { prewarmSteps } from './prewarm.ts';
import { recordCurrentStep } from './progress.ts';
import { StepPage } from './StepPage.tsx';
import { StepsGate } from './StepsGate.tsx';
import { clientNameOf } from './clientNameOf.ts';
import { useStepAnnouncement, wizardTitle } from './useStepAnnouncement.ts';
import { ProgressDisplay, StepList, type StepStatus } from './WizardChrome.tsx';
import { versionSeen } from './versions.ts';
import { uiOptionsOf, WizardContext, type WizardEnv } from './wizardEnv.ts';
import { useFlowActor, useFlowSelector } from './useFlowActor.ts';
import { useHoldUntil } from './useHoldUntil.ts';
import { Loading } from '../components/Spinner.tsx';
import { afterPaint } from '../components/afterPaint.ts';
import './wizard.css';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/wizard';

// The review and the generation page come at the end of a screening: their code (summaries of every step, the PDF
// requests) is downloaded when the step before them is on screen, not with every step opened directly.
const loadReview = () => import('./ReviewPage.tsx').then((m) => ({ default: m.ReviewPage }));
const loadGeneration = () => import('./GenerationPage.tsx').then((m) => ({ default: m.GenerationPage }));
const ReviewPage = lazy(loadReview);
const GenerationPage = lazy(loadGeneration);

export interface ScreeningWizardProps {
  clientId: string;
  /** The step in the URL. */
  urlStep: string;
  /** The sub-page in the URL (`?page=`), reopened after a reload. */
  urlPage?: string;
  /** The saved answers, keyed by step id. */
  initialData: ApplicationData;
  /** `$context` for the rules. */
  context: JsonObject;
  lookups: Record<string, unknown[] | undefined>;
  failedLookups: string[];
  /** Answers kept by "Save Progress" on the server, used when this device has no draft of that step. */
  progressDrafts?: Record<string, JsonObject>;
}

const NO_DRAFTS: Record<string, JsonObject> = {};

const base = (clientId: string): string => `/client/${encodeURIComponent(clientId)}/screening`;

/**
 * The wizard at /client/{id}/screening/{step}. The engine's flow machine decides where the adviser is; the URL
 * follows it (a new step is a new history entry), and a URL changed by the browser's back or forward restarts the
 * machine at that step with the answers saved so far.
 */
export function ScreeningWizard(props: ScreeningWizardProps) {
  const { clientId, urlStep, urlPage, initialData, context, lookups, failedLookups, progressDrafts } = props;
  // In the language shown: its flow first, then (StepsGate) its steps; again on a switch, keeping the answers.
  const language = useWizardLanguage();
  const { engine } = screeningRuntime();
  const navigate = useNavigate();
  const [saved, setSavedState] = useState<ApplicationData>(initialData);
  // As the server said when the screening loaded (a submission elsewhere meanwhile: the save is refused, saying why).
  const [locked, setLocked] = useState(() => lockAsLoaded(initialData));
  // The notice is the server's words: in another language, asked again. Only its words change here; answers freed
  // meanwhile are taken on the next load, with the answers they go with.
  useEffect(() => {
    if (!locked || locked.language === language) return;
    let live = true;
    loadApplication(clientId).then(
      (fresh) => {
        const lock = lockAsLoaded(fresh);
        if (live && lock) setLocked(lock);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [language, locked, clientId]);
  const savedRef = useRef(saved);
  savedRef.current = saved;
  const [session, setSession] = useState({ key: 0, resumeAt: urlStep, resumePage: urlPage });
  const machineStep = useRef<string | null>(null);
  const urlStepRef = useRef(urlStep);
  urlStepRef.current = urlStep;
  const urlPageRef = useRef(urlPage);
  urlPageRef.current = urlPage;

  const flow = engine.definitions.flow;
  const order = engine.definitions.order;
  const finalStep = finalStepOf(flow);

  useEffect(() => {
    if (machineStep.current === urlStep) return;
    if (machineStep.current === null) {
      // The machine has not shown its step yet (still loading): a link followed meanwhile still restarts it there.
      setSession((s) =>
        s.resumeAt === urlStep ? s : { key: s.key + 1, resumeAt: urlStep, resumePage: urlPageRef.current },
      );
      return;
    }
    machineStep.current = urlStep;
    setSession((s) => ({ key: s.key + 1, resumeAt: urlStep, resumePage: urlPageRef.current }));
  }, [urlStep]);

  // A new step is a new history entry; a new page of the same step replaces it, so a reload reopens that page.
  const onPosition = useCallback(
    (step: string, page?: string) => {
      machineStep.current = step;
      const to = `${base(clientId)}/${step}${page ? `?page=${encodeURIComponent(page)}` : ''}`;
      if (step !== urlStepRef.current) navigate(to);
      else if (page !== urlPageRef.current) navigate(to, { replace: true });
    },
    [clientId, navigate],
  );

  const openStep = useCallback((step: string) => navigate(`${base(clientId)}/${step}`), [clientId, navigate]);
  const toPrompt = useCallback(() => navigate(`${base(clientId)}/prompt`), [clientId, navigate]);

  const setSaved = useCallback((stepId: string, record: JsonObject) => {
    setSavedState((s) => ({ ...s, [stepId]: record }));
  }, []);

  // A save that wrote other steps' records too (links, writes): read those again, so they are never saved stale.
  useEffect(
    () =>
      onOtherStepsSaved((savedFor, stepIds) => {
        if (savedFor !== clientId) return;
        loadApplication(clientId).then(
          (fresh) => {
            setSavedState((s) => ({ ...s, ...Object.fromEntries(stepIds.map((stepId) => [stepId, fresh[stepId]])) }));
          },
          () => undefined,
        );
      }),
    [clientId],
  );

  const data = useMemo(() => ({ ...saved, $context: context }), [saved, context]);
  if (!engine.stepApplies(urlStep, data)) {
    // A step that does not apply completes by itself: go on to the next one that does.
    const next = order.slice(order.indexOf(urlStep) + 1).find((s) => engine.stepApplies(s, data)) ?? flow.review;
    return <Navigate to={`${base(clientId)}/${next}`} replace />;
  }

  return (
    <FlowSession
      key={session.key}
      resumeAt={session.resumeAt}
      resumePage={session.resumePage}
      data={data}
      clientId={clientId}
      context={context}
      saved={saved}
      setSaved={setSaved}
      lookups={lookups}
      failedLookups={failedLookups}
      progressDrafts={progressDrafts ?? NO_DRAFTS}
      finalStep={finalStep}
      onPosition={onPosition}
      openStep={openStep}
      toPrompt={toPrompt}
      locked={locked}
    />
  );
}

/** "Step n of N" over the steps that apply, or for a step with counted pages (basic) over those pages. */
function StepProgress({ step, page, applicable }: { step: string; page?: string; applicable: { id: string }[] }) {
  const t = useT();
  const { engine } = screeningRuntime();
  const index = applicable.findIndex((s) => s.id === step);
  const stepDef = engine.definitions.steps[step];
  const pages = stepDef?.flow.pages ?? [];
  const counted = pages.filter((p) => p.counted);
  let progress = {
    n: index + 1,
    total: applicable.length,
    label: t('wizard.stepOf', { n: index + 1, total: applicable.length }),
    caption: stepDef?.flow.title,
  };
  if (counted.length) {
    const at = pages.findIndex((p) => p.id === page);
    const n = pages.slice(0, at + 1).filter((p) => p.counted).length;
    const template = String(uiOptionsOf(stepDef).progressLabel ?? t('wizard.stepOf', { n: '{n}', total: '{total}' }));
    progress = {
      n,
      total: counted.length,
      label: template.replace('{n}', String(n)).replace('{total}', String(counted.length)),
      caption: stepDef.flow.title,
    };
  }
  return progress.n > 0 ? <ProgressDisplay {...progress} /> : null;
}

interface FlowSessionProps {
  resumeAt: string;
  resumePage?: string;
  data: ApplicationData;
  clientId: string;
  context: JsonObject;
  saved: ApplicationData;
  setSaved: (stepId: string, record: JsonObject) => void;
  lookups: Record<string, unknown[] | undefined>;
  failedLookups: string[];
  progressDrafts: Record<string, JsonObject>;
  finalStep: string;
  onPosition: (step: string, page?: string) => void;
  openStep: (step: string) => void;
  toPrompt: () => void;
  locked: AnswersLock | null;
}

/** One run of the flow machine, from the step it resumed at. */
function FlowSession(props: FlowSessionProps) {
  const { resumeAt, resumePage, data } = props;
  const t = useT();
  const { engine } = screeningRuntime();
  const flow = engine.definitions.flow;
  // The machine loads after the first paint (useFlowActor.ts). Meanwhile a step that applies and has no pages is drawn
  // where the machine will resume (its resumeAt rule: the first step from there that applies); a paged step waits for
  // the machine to choose the page. Buttons pressed meanwhile are held until it runs (useHoldUntil).
  // The position the session began at; the machine's own position follows once it runs.
  const [drawsFirst] = useState(
    () => flow.steps.some((s) => s.id === resumeAt && !s.pages) && engine.stepApplies(resumeAt, data),
  );
  // A step drawn before the machine asks for it once the step is in the page: its download and start would otherwise
  // share the phone's network and processor with the step's own (a step opened directly whose data came early).
  const [stepDrawn, setStepDrawn] = useState(false);
  const onStepDrawn = useCallback(() => setStepDrawn(true), []);
  const {
    ref: actor,
    actor: running,
    position: machinePosition,
  } = useFlowActor(engine, { data, resumeAt, resumePage }, stepDrawn || !drawsFirst);
  const machineData = useFlowSelector(running, (s) => s.context.data) ?? data;
  const position = machinePosition ?? (drawsFirst ? { step: resumeAt } : null);
  const hold = useHoldUntil(running !== null);
  if (!position)
    return (
      <div className="page wizard">
        <div className="wizard-main">
          <Loading label={t('wizard.loadingStep')} />
        </div>
      </div>
    );
  return (
    <FlowView
      {...props}
      step={position.step}
      page={position.page}
      actor={actor}
      machineData={machineData}
      hold={hold}
      onStepDrawn={onStepDrawn}
    />
  );
}

interface FlowViewProps extends FlowSessionProps {
  step: string;
  page?: string;
  actor: WizardEnv['actor'];
  machineData: ApplicationData;
  hold: ReturnType<typeof useHoldUntil>;
  onStepDrawn: () => void;
}

/** The wizard at the flow's position. */
function FlowView(props: FlowViewProps) {
  const {
    clientId,
    context,
    saved,
    setSaved,
    lookups,
    failedLookups,
    progressDrafts,
    finalStep,
    onPosition,
    openStep,
    toPrompt,
    locked,
    step,
    page,
    actor,
    machineData,
    hold,
    onStepDrawn,
  } = props;
  const t = useT();
  const { engine } = screeningRuntime();
  const flow = engine.definitions.flow;

  useEffect(() => {
    onPosition(step, page);
    window.scrollTo?.({ top: 0 });
  }, [step, page, onPosition]);

  // The server's note of where the adviser is draws nothing: sent once the step has painted.
  useEffect(() => afterPaint(() => recordCurrentStep(clientId, step, finalStep)), [step, clientId, finalStep]);

  const env = useMemo<WizardEnv>(
    () => ({
      engine,
      actor,
      clientId,
      context,
      saved,
      setSaved,
      lookups,
      failedLookups,
      progressDrafts,
      firstStep: flow.steps[0].id,
      reviewStep: flow.review,
      finalStep,
      openStep,
      toPrompt,
      locked,
    }),
    [
      engine,
      actor,
      clientId,
      context,
      saved,
      setSaved,
      lookups,
      failedLookups,
      progressDrafts,
      flow,
      finalStep,
      openStep,
      toPrompt,
      locked,
    ],
  );

  // The progress display lists the steps that apply now (engine); the step's own definition loads with it.
  const progressData = useMemo(() => ({ ...saved, ...machineData, $context: context }), [saved, machineData, context]);
  // Whose application and which product, as the definitions word it; from the saved answers, not each keystroke.
  const headline = useMemo(() => engine.title('wizard', { ...saved, $context: context }), [engine, saved, context]);
  const applicable = flow.steps
    .filter((s) => s.id === step || engine.stepApplies(s.id, progressData))
    .map((s) => ({ id: s.id, title: s.title }));
  const index = applicable.findIndex((s) => s.id === step);
  useStepAnnouncement(
    `${step}/${page ?? ''}`,
    wizardTitle({
      step: applicable[index]?.title ?? step,
      page: page ? engine.definitions.steps[step]?.flow.pages?.find((p) => p.id === page)?.title : undefined,
      n: index + 1,
      total: applicable.length,
      client: clientNameOf(context, clientId),
    }),
  );
  // A check says the saved answers are in good order, so a step is checked only by its own definition. As loaded,
  // the server's judgement marks the steps whose definitions are not here (incompleteAsLoaded); once the answers
  // change (a save), the definitions of the steps with saved answers load in the background (a step loads when first
  // needed), and the list is checked again once they are there.
  const judged = incompleteAsLoaded(saved);
  const unchecked = judged
    ? ''
    : applicable
        .filter((s) => s.id !== flow.review && s.id !== finalStep && saved[s.id] !== undefined && !engine.hasStep(s.id))
        .map((s) => s.id)
        .join(',');
  const [checkedRound, setCheckedRound] = useState(0);
  useEffect(() => {
    if (!unchecked) return;
    let live = true;
    // After the step on screen, which comes first on a slow connection.
    loadSteps([step])
      .catch(() => undefined)
      .then(() => (live ? loadSteps(unchecked.split(',')) : undefined))
      .then(
        () => live && setCheckedRound((n) => n + 1),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [unchecked, step]);
  // Good order as saved (not as typed): recomputed when a save lands or definitions arrive, not on each keystroke.
  // checkedRound: the engine has more definitions to check the saved answers with. As loaded, the server judged the
  // same answers by the same definitions: its word stands for every step, and the first paint checks nothing.
  const incomplete = useMemo(
    () => judged ?? new Set(engine.incompleteSteps({ ...saved, $context: context }).map((s) => s.id)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [engine, saved, context, checkedRound, judged],
  );
  // Review and generation save nothing to check: the review is done once passed.
  const status = useCallback(
    (id: string): StepStatus | undefined => {
      if (id === flow.review || id === finalStep) return undefined;
      // What the client's profile fills in (the proposed insured's name) is not a step the adviser has answered.
      if (saved[id] === undefined || versionSeen(clientId, id) === 0) return 'unanswered';
      if (!judged && !engine.hasStep(id)) return 'unanswered';
      return incomplete.has(id) ? 'incomplete' : 'complete';
    },
    [saved, incomplete, flow.review, finalStep, clientId, engine, judged],
  );

  const hrefOf = useCallback((id: string) => `${base(clientId)}/${id}`, [clientId]);

  // Loads the next step that applies while the browser is idle, so Next paints it at once. (The previous step is
  // usually loaded already: the adviser came from it.)
  const upcoming = applicable[index + 1]?.id;
  useEffect(() => {
    if (upcoming === flow.review) void loadReview();
    if (upcoming === finalStep) void loadGeneration();
  }, [upcoming, flow.review, finalStep]);
  useEffect(() => {
    return prewarmSteps(
      engine,
      upcoming && upcoming !== flow.review && upcoming !== finalStep ? [upcoming] : [],
      progressData,
    );
    // Only a new position matters; the data is read once per position.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [engine, upcoming, step]);

  let content;
  let needs = [step];
  if (step === flow.review) {
    content = <ReviewPage />;
    // Review summarises every step, and Edit may walk through any of them.
    needs = engine.definitions.order;
  } else if (step === finalStep) {
    content = <GenerationPage />;
    // Generation checks every step first.
    needs = engine.definitions.order;
  } else content = <StepPage key={step} step={step} page={page} />;

  return (
    <WizardContext.Provider value={env}>
      <div className="page wizard">
        <aside className="wizard-aside">
          <StepList steps={applicable} current={step} status={status} hrefOf={hrefOf} />
        </aside>
        <div className="wizard-main" data-current-step={step} data-current-page={page} {...hold}>
          {headline ? (
            <p className="wizard-headline" data-testid="wizard-headline">
              {headline}
            </p>
          ) : null}
          <StepsGate steps={needs} loadingLabel={t('wizard.loadingStep')} onDrawn={onStepDrawn}>
            <StepProgress step={step} page={page} applicable={applicable} />
            {content}
          </StepsGate>
        </div>
      </div>
    </WizardContext.Provider>
  );
}
