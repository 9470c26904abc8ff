import { useEffect, useState } from 'react';
import { Link } from '../router/Link.tsx';
import { useNavigate } from '../router/useNavigate.ts';
import { useParams } from '../router/useParams.ts';
import { getScreeningProgress } from '../api/client.ts';
import type { ScreeningProgress } from '../api/types.ts';
import { ClipboardIcon } from '../components/icons.tsx';
import { Loading } from '../components/Spinner.tsx';
import { hasIncompleteScreening, stepTitle } from '../screening.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { loadApplication, startScreeningOver } from '../screening/api.ts';
import { lockAsLoaded, type AnswersLock } from '../screening/answersLock.ts';
import { clearDrafts } from '../screening/draftStorage.ts';
import { screeningRuntime } from '../screening/definitions.ts';
import { useI18n, useT } from '../i18n/useT.ts';
import 'virtual:messages/en/screeningPage';

/**
 * "/client/{clientId}/screening/prompt": continue an incomplete screening, start over, or skip.
 * Progress that is missing, failed to load, has no lastUpdated, or sits on basic with empty stepData counts as absent.
 */
export default function ScreeningPromptPage() {
  const t = useT();
  const locale = useI18n().locale;
  const { clientId = '' } = useParams();
  const navigate = useNavigate();
  const [progress, setProgress] = useState<ScreeningProgress | null | undefined>(undefined);
  const [forWhom, setForWhom] = useState<{ title: string | null; client?: string }>({ title: null });
  const [confirmStartOver, setConfirmStartOver] = useState(false);
  const [startingOver, setStartingOver] = useState(false);
  const [startOverError, setStartOverError] = useState<string | null>(null);
  // The server's word that an insurer holds the answers: Start Over would be refused, so it says why ahead.
  const [locked, setLocked] = useState<AnswersLock | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setProgress(undefined);
    getScreeningProgress(clientId, controller.signal).then((found) => {
      if (!controller.signal.aborted) setProgress(found);
    });
    return () => controller.abort();
  }, [clientId]);

  // The client's name, as the definitions word it, and the lock, in the server's words: asked again in another
  // language. The prompt works without them.
  useEffect(() => {
    const controller = new AbortController();
    loadApplication(clientId, controller.signal).then(
      (data) => {
        const { engine } = screeningRuntime();
        if (controller.signal.aborted) return;
        setForWhom({ title: engine.title('prompt', data), client: engine.names(data).client });
        setLocked(lockAsLoaded(data));
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [clientId, locale]);

  const base = `/client/${encodeURIComponent(clientId)}/screening`;

  if (progress === undefined) {
    return (
      <div className="page">
        <Loading />
      </div>
    );
  }

  const incomplete = hasIncompleteScreening(progress);

  // Start Over throws the answers away (server and this device), then opens the first step.
  const startOver = async () => {
    setStartingOver(true);
    setStartOverError(null);
    try {
      await startScreeningOver(clientId);
      clearDrafts(clientId);
      navigate(`${base}/${screeningRuntime().engine.definitions.order[0]}`);
    } catch (e) {
      setStartOverError(e instanceof Error && e.message ? e.message : t('screeningPage.prompt.startOverFailed'));
      setConfirmStartOver(false);
    } finally {
      setStartingOver(false);
    }
  };

  return (
    <div className="page">
      <section className="card prompt-card" aria-labelledby="prompt-title">
        <div className="card-body">
          <span className="empty-state-icon">
            <ClipboardIcon />
          </span>
          <h1 className="page-title" id="prompt-title">
            {t('screeningPage.prompt.title')}
          </h1>
          {forWhom.title ? (
            <p className="page-subtitle" data-testid="prompt-client">
              {forWhom.title}
            </p>
          ) : null}
          {incomplete ? (
            <>
              <p>{t('screeningPage.prompt.incomplete')}</p>
              <p className="muted text-sm">
                {t('screeningPage.prompt.lastStep', { step: stepTitle(progress.currentStep) })}
              </p>
              {startOverError ? (
                <div className="alert alert-error" role="alert">
                  <span>{startOverError}</span>
                </div>
              ) : null}
              <div className="btn-group">
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => navigate(`${base}/${progress.currentStep}`)}
                >
                  {t('screeningPage.prompt.continue')}
                </button>
                {/* Locked: still focusable and named, with why as its description (a disabled button says nothing). */}
                <button
                  type="button"
                  className="btn btn-secondary"
                  aria-disabled={locked ? true : undefined}
                  aria-describedby={locked ? 'start-over-locked' : undefined}
                  onClick={() => {
                    if (!locked) setConfirmStartOver(true);
                  }}
                >
                  {t('screeningPage.prompt.startOver')}
                </button>
                <button type="button" className="btn btn-ghost" onClick={() => navigate('/dashboard')}>
                  {t('screeningPage.prompt.skip')}
                </button>
              </div>
              {locked ? (
                <p className="prompt-locked text-sm" id="start-over-locked" data-testid="start-over-locked">
                  {t('screeningPage.prompt.startOverLocked')} {locked.message}{' '}
                  <Link to={`/applications/${locked.applicationId}`}>{t('screeningPage.prompt.openApplication')}</Link>
                </p>
              ) : null}
            </>
          ) : (
            <>
              <p>{t('screeningPage.prompt.start')}</p>
              <div className="btn-group">
                <button type="button" className="btn btn-primary" onClick={() => navigate(`${base}/basic`)}>
                  {t('screeningPage.prompt.yes')}
                </button>
                <button type="button" className="btn btn-secondary" onClick={() => navigate('/dashboard')}>
                  {t('screeningPage.prompt.no')}
                </button>
              </div>
            </>
          )}
        </div>
      </section>
      {confirmStartOver ? (
        <ConfirmDialog
          title={t('screeningPage.prompt.confirmTitle')}
          confirmLabel={t('screeningPage.prompt.startOver')}
          cancelLabel={t('screeningPage.prompt.cancel')}
          danger
          busy={startingOver}
          onConfirm={() => void startOver()}
          onCancel={() => setConfirmStartOver(false)}
        >
          <p className="dialog-text">
            {forWhom.client
              ? t('screeningPage.prompt.confirmTextFor', { client: forWhom.client })
              : t('screeningPage.prompt.confirmText')}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
