import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from '../router/Link.tsx';
import { useNavigate } from '../router/useNavigate.ts';
import { useParams } from '../router/useParams.ts';
import type { FieldError, JsonObject } from '../../engine/index.ts';
import { StepForm, type StepFormHandle } from '../../renderer/StepForm.tsx';
import { ApiError, createApplication, createClient, getClient, listBrokers, updateClient } from '../api/client.ts';
import type { Broker, Client, ClientProfileInput, LifeApplication } from '../api/types.ts';
import { PROFILE_FORM } from '../clientRules.ts';
import { screeningRuntime } from '../screening/definitions.ts';
import { StepsGate } from '../screening/StepsGate.tsx';
import { uiOptionsOf } from '../screening/wizardEnv.ts';
import { ApplicationsTable } from '../components/ApplicationsTable.tsx';
import { LockNotice } from '../components/LockNotice.tsx';
import { HistoryPanel } from '../components/HistoryPanel.tsx';
import { focusAfterRender } from '../components/focusAfterRender.ts';
import { AlertIcon, ArrowLeftIcon, PlusIcon } from '../components/icons.tsx';
import { Loading } from '../components/Spinner.tsx';
import { fullName } from '../format.ts';
// Errors built in an effect read the app's instance (useT()'s function changes every render).
import { i18n } from '../i18n/language.ts';
import { useI18n, useT } from '../i18n/useT.ts';
import 'virtual:messages/en/clients';

const FORM = PROFILE_FORM[0];

type Properties = Record<string, { type?: unknown; format?: unknown }>;

function propertiesOf(): Properties {
  return (screeningRuntime().engine.definitions.steps[FORM]?.schema.properties ?? {}) as Properties;
}

/** The form's record of a stored client: the definition's fields it holds, dates as YYYY-MM-DD. */
function recordOf(client: Client): JsonObject {
  const source = client as unknown as Record<string, unknown>;
  const record: JsonObject = {};
  for (const [field, schema] of Object.entries(propertiesOf())) {
    const value = source[field];
    if (value === undefined || value === null || value === '') continue;
    record[field] = schema.format === 'date' && typeof value === 'string' ? value.slice(0, 10) : value;
  }
  return record;
}

/** The body sent for the form's record: every field of the definition, strings trimmed, a blank one as "". */
function bodyOf(record: JsonObject): ClientProfileInput {
  const body: ClientProfileInput = {};
  for (const [field, schema] of Object.entries(propertiesOf())) {
    const value = record[field];
    if (typeof value === 'string') body[field] = value.trim();
    else if (value === undefined || value === null)
      body[field] =
        schema.type === 'array'
          ? []
          : schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'))
            ? ''
            : null;
    else body[field] = value;
  }
  return body;
}

/** The server's field errors of a refused save (400), to show next to the fields. */
function fieldErrorsOf(cause: unknown): FieldError[] {
  const errors = cause instanceof ApiError ? (cause.body as { errors?: unknown } | null)?.errors : undefined;
  return Array.isArray(errors)
    ? errors.filter((e): e is FieldError => typeof e?.field === 'string' && typeof e?.message === 'string')
    : [];
}

/** "/client/profile" (blank) and "/client/profile/{clientId}": the client's basic information and applications. */
/** The form is drawn by the renderer from the client-profile definition, loaded before the form is drawn. */
export default function ClientProfilePage() {
  return (
    <StepsGate steps={PROFILE_FORM}>
      <ClientProfileForm />
    </StepsGate>
  );
}

function ClientProfileForm() {
  const t = useT();
  const { clientId } = useParams();
  const navigate = useNavigate();
  const { engine } = screeningRuntime();
  const options = uiOptionsOf(engine.definitions.steps[FORM]);
  const [record, setRecord] = useState<JsonObject>({});
  // A client shared with the user as a broker (its brokers are then read-only: a rule of the definition).
  const [access, setAccess] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [loading, setLoading] = useState(Boolean(clientId));
  const [loadError, setLoadError] = useState<string | null>(null);
  const [brokers, setBrokers] = useState<Broker[] | undefined>(undefined);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [applications, setApplications] = useState<LifeApplication[]>([]);
  const [clientName, setClientName] = useState('');
  const [creating, setCreating] = useState(false);
  const [applicationError, setApplicationError] = useState<string | null>(null);
  // The server's word that some fields are a submitted application's answers: shown read-only, saying why (its
  // words in the language they were asked in).
  const [lockAsked, setLockAsked] = useState<{ lock: Client['$locked']; language: string } | null>(null);
  const locked = lockAsked?.lock ?? null;
  const locale = useI18n().locale;
  const formRef = useRef<StepFormHandle>(null);
  const formElement = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(Boolean(clientId));
    setLoadError(null);
    setRecord({});
    setAccess(null);
    setShowErrors(false);
    setServerErrors([]);
    setApplications([]);
    setClientName('');
    setLockAsked(null);
    listBrokers(controller.signal).then(
      (list) => setBrokers(list),
      (cause: unknown) => {
        if (!controller.signal.aborted)
          setFormError(cause instanceof Error ? cause.message : i18n._('clients.profile.brokersFailed'));
      },
    );
    if (clientId) {
      getClient(clientId, { includeApplications: true, signal: controller.signal })
        .then((client) => {
          setRecord(recordOf(client));
          setApplications(client.life_applications ?? []);
          setClientName(fullName(client));
          setAccess(client.access ?? null);
          setLockAsked({ lock: client.$locked ?? null, language: i18n.locale });
        })
        .catch((cause: unknown) => {
          if (!controller.signal.aborted)
            setLoadError(cause instanceof Error ? cause.message : i18n._('clients.profile.loadFailed'));
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }
    return () => controller.abort();
  }, [clientId]);

  // The notice is the server's words: in another language, asked again (only the lock: the form keeps what is typed).
  useEffect(() => {
    if (!clientId || !lockAsked?.lock || lockAsked.language === locale) return;
    const controller = new AbortController();
    getClient(clientId, { signal: controller.signal }).then(
      (client) => setLockAsked({ lock: client.$locked ?? null, language: locale }),
      () => undefined,
    );
    return () => controller.abort();
  }, [clientId, lockAsked, locale]);

  const data = useMemo(() => ({ $context: { access }, [FORM]: record }), [access, record]);
  const lookups = useMemo(() => ({ brokers }), [brokers]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(null);
    setServerErrors([]);
    const latest = formRef.current?.flush() ?? record;
    // The engine's view of the record: the definitions' rules, as the wizard's Next asks them.
    if (formRef.current?.view().errors.length) {
      setShowErrors(true);
      formRef.current.showAllErrors();
      focusAfterRender(() => formElement.current?.querySelector<HTMLElement>('.error-summary'));
      return;
    }
    // A field the input itself requires (ui:options htmlRequired): once the rules pass, let the browser report it.
    if (!form.checkValidity()) {
      form.reportValidity();
      return;
    }
    setSaving(true);
    const body = bodyOf(latest);
    try {
      const saved = clientId ? await updateClient(clientId, body) : await createClient(body);
      const id = clientId ?? saved?.id;
      if (id === undefined || id === null) throw new Error(options.saveErrorMessage ?? t('clients.profile.saveFailed'));
      navigate(`/client/${id}/screening/prompt`);
    } catch (cause) {
      const errors = fieldErrorsOf(cause);
      setServerErrors(errors);
      if (errors.length) setShowErrors(true);
      setFormError(
        cause instanceof Error && cause.message
          ? cause.message
          : (options.saveErrorMessage ?? t('clients.profile.saveFailed')),
      );
      setSaving(false);
    }
  };

  const onNewApplication = async () => {
    // Without a client yet (the blank profile), the application starts by choosing one or creating one.
    if (!clientId) {
      navigate('/applications/new');
      return;
    }
    setApplicationError(null);
    setCreating(true);
    try {
      const { id } = await createApplication(clientId);
      navigate(`/client/${clientId}/screening/basic?application_id=${encodeURIComponent(String(id))}`);
    } catch (cause) {
      setApplicationError(cause instanceof Error && cause.message ? cause.message : t('clients.profile.createFailed'));
      setCreating(false);
    }
  };

  if (loading) {
    return (
      <div className="page page-narrow">
        <Loading label={t('clients.profile.loading')} />
      </div>
    );
  }

  if (loadError) {
    return (
      <div className="page page-narrow">
        <h1 className="page-title" style={{ marginBottom: 'var(--space-4)' }}>
          {t('clients.profile.title')}
        </h1>
        <div className="alert alert-error" role="alert">
          <AlertIcon />
          <span>{loadError}</span>
        </div>
        <p style={{ marginTop: 'var(--space-4)' }}>
          <Link to="/dashboard">{t('clients.profile.back')}</Link>
        </p>
      </div>
    );
  }

  const heading = options.heading ?? t('clients.profile.title');
  // The page's full width: the applications table (with each one's documents and the client's role) fits in it.
  return (
    <div className="page">
      <p style={{ marginBottom: 'var(--space-3)' }}>
        <Link
          to="/dashboard"
          className="text-sm"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 'var(--space-1)' }}
        >
          <ArrowLeftIcon /> {t('clients.profile.back')}
        </Link>
      </p>
      <div className="page-header">
        <div>
          <h1 className="page-title">{heading}</h1>
          <p className="page-subtitle">
            {clientId ? clientName || t('clients.profile.updateSubtitle') : t('clients.profile.addSubtitle')}
          </p>
        </div>
      </div>

      <div className="stack">
        <form ref={formElement} className="card profile-form" onSubmit={onSubmit} noValidate>
          <div className="card-body">
            {locked ? (
              <LockNotice
                title={t('clients.profile.lockedTitle')}
                message={locked.message}
                applicationId={locked.applicationId}
                linkLabel={t('clients.profile.lockedOpen')}
                testId="profile-locked"
              >
                <p>{t('clients.profile.lockedFields')}</p>
              </LockNotice>
            ) : null}
            {formError ? (
              <div className="alert alert-error" role="alert" style={{ marginBottom: 'var(--space-5)' }}>
                <AlertIcon />
                <span>{formError}</span>
              </div>
            ) : null}
            <StepForm
              key={clientId ?? 'new'}
              ref={formRef}
              engine={engine}
              stepId={FORM}
              data={data}
              showErrors={showErrors}
              serverErrors={serverErrors}
              lookups={lookups}
              readOnlyFields={locked?.fields}
            />
          </div>
          <div className="card-footer">
            <Link to="/dashboard" className="btn btn-secondary">
              {t('clients.profile.cancel')}
            </Link>
            <button type="submit" className="btn btn-primary" disabled={saving} aria-busy={saving || undefined}>
              {options.nextLabel ?? t('clients.profile.continue')}
            </button>
          </div>
        </form>

        <section className="card" aria-labelledby="applications-title">
          <div className="card-header">
            <h2 className="section-title" id="applications-title" style={{ margin: 0 }}>
              {t('clients.profile.applications')}
            </h2>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={onNewApplication}
              disabled={creating}
              aria-busy={creating || undefined}
            >
              <PlusIcon />
              {t('clients.profile.newApplication')}
            </button>
          </div>
          {applicationError && (
            <div className="alert alert-error" role="alert" style={{ margin: 'var(--space-4) var(--space-6) 0' }}>
              <AlertIcon />
              <span>{applicationError}</span>
            </div>
          )}
          <ApplicationsTable applications={applications} forClient={clientId} />
        </section>
        {clientId ? <HistoryPanel clientId={clientId} /> : null}
      </div>
    </div>
  );
}
