import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from '../router/Link.tsx';
import { useParams } from '../router/useParams.ts';
import { useSearchParams } from '../router/useSearchParams.ts';
import type { JsonObject } from '../../engine/index.ts';
import { ApiError } from '../api/client.ts';
import { getProfile, insurersWorkedWith } from '../api/profile.ts';
import { AlertIcon } from '../components/icons.tsx';
import { Loading } from '../components/Spinner.tsx';
import { afterPaint } from '../components/afterPaint.ts';
import { isScreeningStep } from '../screening.ts';
import { loadSteps, screeningRuntime } from '../screening/definitions.ts';
import {
  forgetOpenedScreening,
  loadStepAndData,
  openedScreening,
  type ScreeningLoaded,
} from '../screening/openedScreening.ts';
import { uiOptionsOf } from '../screening/wizardEnv.ts';
import { ScreeningWizard } from '../screening/ScreeningWizard.tsx';
// Messages built in an effect read the app's instance (useT()'s function changes every render).
import { i18n } from '../i18n/language.ts';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/screeningPage';

/** A step's `loadErrorMessage` (ui.json), or undefined when the step has none or its definition cannot be loaded. */
async function loadErrorMessageOf(step: string): Promise<string | undefined> {
  try {
    await loadSteps([step]);
  } catch {
    return undefined;
  }
  const def = screeningRuntime().engine.definitions.steps[step];
  const message = def ? uiOptionsOf(def).loadErrorMessage : undefined;
  return typeof message === 'string' && message ? message : undefined;
}

/**
 * "/client/{clientId}/screening/{step}": the screening wizard. Loads the client's saved answers and the lists the
 * steps look up (clients, previous insureds) once, then hands over to the wizard. An unknown step shows "Invalid step".
 */
export default function ScreeningPage() {
  const t = useT();
  const { clientId = '', step } = useParams();
  const [search] = useSearchParams();
  const applicationId = search.get('application_id');
  // Opened on this page, the page was held (App.tsx's openedPageReady) until the data and the step's definition were
  // in: its first pass draws the wizard.
  const [loaded, setLoaded] = useState<ScreeningLoaded | null>(() => openedScreening(clientId));
  const [error, setError] = useState<{ text: string; notFound: boolean } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const openedFor = useRef(loaded ? clientId : null);

  useEffect(() => {
    forgetOpenedScreening();
    if (attempt === 0 && openedFor.current === clientId) return;
    openedFor.current = null;
    const controller = new AbortController();
    setLoaded(null);
    setError(null);
    loadStepAndData(clientId, step, controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setLoaded(answer);
      },
      async (e: unknown) => {
        if (controller.signal.aborted) return;
        // 404: no such client, or one the adviser may not open.
        const notFound = e instanceof ApiError && (e.status === 404 || e.status === 403);
        // Otherwise the step's own words from its definition ("Failed to fetch owner details"), once it is loaded.
        const stepMessage = notFound || !isScreeningStep(step) ? undefined : await loadErrorMessageOf(step);
        if (controller.signal.aborted) return;
        setError({
          text: notFound
            ? i18n._('screeningPage.clientNotFound')
            : (stepMessage ?? (e instanceof Error && e.message ? e.message : i18n._('screeningPage.loadFailed'))),
          notFound,
        });
      },
    );
    return () => controller.abort();
    // The step only words the failure; a new step does not reload the screening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clientId, attempt]);

  // A step opened later in the same screening: its definition downloads while the wizard shows the current one.
  useEffect(() => {
    if (isScreeningStep(step)) loadSteps([step]).catch(() => undefined);
  }, [step]);

  const context = useMemo<JsonObject>(
    () => ({
      clientId,
      clients: loaded?.clients ?? [],
      previousInsureds: loaded?.previousInsureds ?? [],
      ...(applicationId ? { applicationId } : {}),
    }),
    [clientId, loaded, applicationId],
  );
  // The insurers the adviser works with (the profile's adviser codes): the plan step offers their plans. Loaded beside
  // the screening; without it every insurer's plans are offered.
  const [insurers, setInsurers] = useState<string[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    // Asked once the page has painted: its answer only narrows the plan step's list, and comes after the draw anyway.
    const cancel = afterPaint(() => {
      getProfile(controller.signal).then(
        (answer) => setInsurers(insurersWorkedWith(answer)),
        () => undefined,
      );
    });
    return () => {
      cancel();
      controller.abort();
    };
  }, []);
  // The definitions' lists (provinces) too, so the review shows a chosen province by its name.
  const lookups = useMemo(() => {
    const lists = screeningRuntime().engine.definitions.flow.lists ?? {};
    const plans = lists.plans as { insurer?: unknown }[] | undefined;
    return {
      ...lists,
      ...(plans && insurers ? { plans: plans.filter((p) => insurers.includes(String(p.insurer))) } : {}),
      clients: loaded?.clients ?? undefined,
      previousInsureds: loaded?.previousInsureds ?? undefined,
    };
  }, [loaded, insurers]);
  const failedLookups = useMemo(
    () => [
      ...(loaded && loaded.clients === null ? ['clients'] : []),
      ...(loaded && loaded.previousInsureds === null ? ['previousInsureds'] : []),
    ],
    [loaded],
  );

  if (!isScreeningStep(step)) {
    return (
      <div className="page page-narrow">
        <div className="alert alert-error" role="alert">
          <AlertIcon />
          <span>{t('screeningPage.invalidStep')}</span>
        </div>
        <p style={{ marginTop: 'var(--space-4)' }}>
          <Link to={`/client/${encodeURIComponent(clientId)}/screening/prompt`}>
            {t('screeningPage.backToScreening')}
          </Link>
        </p>
      </div>
    );
  }

  if (error) {
    return (
      <div className="page page-narrow">
        <div className="alert alert-error" role="alert">
          <AlertIcon />
          <div>
            <p className="alert-title">{error.text}</p>
            <p>{error.notFound ? t('screeningPage.notYours') : t('screeningPage.couldNotLoad')}</p>
          </div>
        </div>
        <div className="btn-group" style={{ marginTop: 'var(--space-4)' }}>
          {error.notFound ? null : (
            <button type="button" className="btn btn-primary" onClick={() => setAttempt((n) => n + 1)}>
              {t('screeningPage.retry')}
            </button>
          )}
          <Link className="btn btn-secondary" to="/dashboard">
            {t('screeningPage.backToDashboard')}
          </Link>
        </div>
      </div>
    );
  }

  if (!loaded) {
    return (
      <div className="page">
        <Loading label={t('screeningPage.loading')} />
      </div>
    );
  }

  return (
    <ScreeningWizard
      key={clientId}
      clientId={clientId}
      urlStep={step}
      urlPage={search.get('page') ?? undefined}
      initialData={loaded.data}
      progressDrafts={loaded.progressDrafts}
      context={context}
      lookups={lookups}
      failedLookups={failedLookups}
    />
  );
}
