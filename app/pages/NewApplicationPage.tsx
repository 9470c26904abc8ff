import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from '../router/useLocation.ts';
import { useNavigate } from '../router/useNavigate.ts';
import type { JsonObject, PageDefinition } from '../../engine/index.ts';
import { StepForm, type StepFormHandle } from '../../renderer/StepForm.tsx';
import { createApplication } from '../api/client.ts';
import { focusAfterRender } from '../components/focusAfterRender.ts';
import { loadClientChoices } from '../screening/api.ts';
import { screeningRuntime } from '../screening/definitions.ts';
import { StepsGate } from '../screening/StepsGate.tsx';
import { ActionsBar, Notice, StepCard, useNotice } from '../screening/WizardChrome.tsx';
import { uiOptionsOf } from '../screening/wizardEnv.ts';
import '../screening/wizard.css';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/applications';

/** A lookup's first option (ui.json): a choice outside the list, with the route it leads to. */
interface FirstOption {
  value: string;
  label: string;
  to?: string;
}

/**
 * The first step's pages shown only while the route names no client: the spec's basic sub-step 0, "Select Client".
 * Read from the flow's showIf rules (engine), so product staff decide which page that is.
 */
function selectPagesOf(step: string): PageDefinition[] {
  const { engine } = screeningRuntime();
  const withClient = new Set(engine.pagesOf(step, { $context: { clientId: '-' } }).map((p) => p.id));
  return engine.pagesOf(step, { $context: {} }).filter((p) => !withClient.has(p.id));
}

/**
 * "/applications/new": the screening's first step before a client is chosen (spec: basic sub-step 0, "Only when no
 * clientId is in the route"). The adviser picks a client, or "Create New Client" (its route, in the definition),
 * and Continue creates the application and opens the screening at /client/{id}/screening/basic?application_id={id}.
 */
export default function NewApplicationPage() {
  const t = useT();
  const { engine } = screeningRuntime();
  const step = engine.definitions.flow.steps[0].id;
  return (
    <div className="page page-narrow">
      <StepsGate steps={[step]} loadingLabel={t('applications.new.loading')}>
        <SelectClient step={step} />
      </StepsGate>
    </div>
  );
}

function SelectClient({ step }: { step: string }) {
  const t = useT();
  const { engine } = screeningRuntime();
  const navigate = useNavigate();
  const location = useLocation();
  const def = engine.definitions.steps[step];
  const options = uiOptionsOf(def);
  const page = useMemo(() => selectPagesOf(step)[0], [step]);
  const formRef = useRef<StepFormHandle>(null);
  const [record, setRecord] = useState<JsonObject>({});
  const [clients, setClients] = useState<unknown[] | null | undefined>(undefined);
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState<'next' | null>(null);
  const [notice, setNotice] = useNotice();

  useEffect(() => {
    const controller = new AbortController();
    loadClientChoices(controller.signal).then((list) => {
      if (!controller.signal.aborted) setClients(list);
    });
    return () => controller.abort();
  }, []);

  const data = useMemo(() => ({ $context: {}, [step]: record }), [step, record]);
  const lookups = useMemo(() => ({ clients: clients ?? undefined }), [clients]);
  const failedLookups = useMemo(() => (clients === null ? ['clients'] : []), [clients]);

  const field = page?.fields[0];
  const fieldUi = field
    ? (def.ui as Record<string, { 'ui:options'?: { firstOption?: FirstOption } }>)[field]
    : undefined;
  const firstOption = fieldUi?.['ui:options']?.firstOption;

  const onContinue = async () => {
    if (busy || !page || !field) return;
    const latest = formRef.current?.flush() ?? record;
    const chosen = latest[field];
    if (firstOption?.to && chosen === firstOption.value) {
      navigate(firstOption.to);
      return;
    }
    if (formRef.current?.view().errors.length) {
      setShowErrors(true);
      formRef.current.showAllErrors();
      focusAfterRender(() => document.querySelector<HTMLElement>('.wizard-card .error-summary'));
      return;
    }
    setBusy('next');
    setNotice(null);
    try {
      const clientId = String(chosen);
      const { id } = await createApplication(clientId);
      navigate(
        `/client/${encodeURIComponent(clientId)}/screening/${step}?application_id=${encodeURIComponent(String(id))}`,
      );
    } catch (cause) {
      setNotice('error', cause instanceof Error && cause.message ? cause.message : t('applications.new.createFailed'));
      setBusy(null);
    }
  };

  if (!page || !field) {
    return (
      <Notice
        notice={{ kind: 'error', text: t('applications.new.invalidStep'), id: 0 }}
        onClose={() => navigate('/dashboard')}
      />
    );
  }
  return (
    <StepCard
      heading={options.heading ?? def.flow.title}
      sub={
        page.title ? (
          <div className="wizard-page-title">
            <h2>{page.title}</h2>
          </div>
        ) : null
      }
    >
      <Notice notice={notice} onClose={() => setNotice(null)} />
      {clients === undefined ? null : (
        <StepForm
          ref={formRef}
          engine={engine}
          stepId={step}
          data={data}
          fields={page.fields}
          onChange={setRecord}
          showErrors={showErrors}
          lookups={lookups}
          failedLookups={failedLookups}
          onRequestNext={() => void onContinue()}
        />
      )}
      <ActionsBar
        backLabel={options.backLabel ?? t('applications.new.back')}
        // Back to where the adviser came from (the client list or the applications), else the client list.
        onBack={() => (location.key !== 'default' ? navigate(-1) : navigate('/dashboard'))}
        busySaveLabel=""
        nextLabel={options.nextLabel ?? t('applications.new.continue')}
        busyNextLabel={options.busyNextLabel ?? t('applications.new.processing')}
        onNext={() => void onContinue()}
        busy={busy}
      />
    </StepCard>
  );
}
