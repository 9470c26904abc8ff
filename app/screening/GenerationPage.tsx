import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { JsonObject } from '../../engine/types.ts';
import { enumLabel, formatMoney } from '../../renderer/options.ts';
import { StepForm, type StepFormHandle } from '../../renderer/StepForm.tsx';
import { useFileDownloads } from '../components/useFileDownloads.ts';
import { slug } from '../format.ts';
import { GenerateError, generateApplication, SaveError, saveStep } from './api.ts';
import { IncompleteSteps } from './IncompleteSteps.tsx';
import { ActionsBar, Notice, StepCard, useNotice } from './WizardChrome.tsx';
import { uiOptionsOf, useWizard, withRecord } from './wizardEnv.ts';

interface ResultTexts {
  heading?: string;
  downloadLabel?: string;
  generateAnotherLabel?: string;
  returnHomeLabel?: string;
  notSpecified?: string;
  typeOfInsurance?: string;
  singleLife?: string;
  jointPlan?: string;
  cards?: Record<string, string>;
}

const UNAVAILABLE = 'Application generation is not available yet. Your answers are saved, and you can generate the forms once generation is enabled.';

function uiOf(engine: ReturnType<typeof useWizard>['engine'], step: string, path: string[]): Record<string, unknown> {
  let ui = (engine.definitions.steps[step]?.ui ?? {}) as Record<string, unknown>;
  for (const p of path) ui = (ui[p] ?? {}) as Record<string, unknown>;
  return ui;
}

function name(person: JsonObject | undefined): string | undefined {
  if (!person) return undefined;
  const full = [person.first_name, person.last_name].filter((x) => typeof x === 'string' && x.trim()).join(' ');
  return full || undefined;
}

/** The wizard's client, by name, from `$context.clients`. */
function clientName(context: JsonObject, clientId: string): string | undefined {
  const clients = Array.isArray(context.clients) ? context.clients : [];
  const client = clients.find((c): c is JsonObject => Boolean(c) && typeof c === 'object' && !Array.isArray(c) && String(c.id) === clientId);
  return name(client);
}

/** "applications-<person>.pdf", else "applications-<generation id>.pdf"; null leaves the name to the server. */
function combinedFilename(person: string | undefined, generationId: string | undefined): string | null {
  const part = (person && slug(person)) || (generationId && slug(generationId));
  return part ? `applications-${part}.pdf` : null;
}

/**
 * "Application Generation": the insurers to prefill (from the step's definition) and Generate Application, which
 * saves the choice and asks the server for the PDF. Until the server offers generation (404), it says so plainly.
 */
export function GenerationPage() {
  const { engine, clientId, saved, setSaved, context, openStep } = useWizard();
  // Generation is offered only for an application in good order (the server checks the same).
  const incomplete = useMemo(() => engine.incompleteSteps({ ...saved, $context: context }), [engine, saved, context]);
  const reviewOptions = uiOptionsOf(engine.definitions.steps[engine.definitions.flow.review]);
  const navigate = useNavigate();
  const step = engine.definitions.flow.steps.find((s) => s.final)?.id ?? 'pdf-generation';
  const def = engine.definitions.steps[step];
  const options = uiOptionsOf(def);
  const result = (options.result ?? {}) as ResultTexts;
  const formRef = useRef<StepFormHandle>(null);
  const [formData, setFormData] = useState(() => withRecord(saved, context, step, saved[step] as JsonObject | undefined));
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState<'next' | null>(null);
  const [notice, setNotice] = useNotice();

  // The file is served only with the adviser's token, so it is fetched in the page and saved as a download.
  const downloads = useFileDownloads();
  const [generated, setGenerated] = useState<{ url?: string; id?: string; forms: string[] } | null>(null);

  const onGenerate = useCallback(async () => {
    const record = formRef.current?.flush() ?? {};
    const view = formRef.current?.view();
    if (view?.errors.length) {
      setShowErrors(true);
      formRef.current?.showAllErrors();
      return;
    }
    setBusy('next');
    setNotice(null);
    try {
      const stored = await saveStep(clientId, step, record, options.saveErrorMessage ?? 'Failed to save data');
      setSaved(step, stored);
      const forms = (stored.populate_forms as string[] | undefined) ?? [];
      const { url, id } = await generateApplication(clientId, forms, String((options.messages as Record<string, string> | undefined)?.generateFailed ?? 'Failed to generate PDF forms. Please try again.'));
      setGenerated({ url, id, forms });
    } catch (e) {
      if (e instanceof GenerateError && e.unavailable) setNotice('info', UNAVAILABLE);
      else if (e instanceof SaveError) {
        setShowErrors(true);
        setNotice('error', e.message, e.errors.map((x) => x.message));
      } else setNotice('error', e instanceof Error ? e.message : 'Failed to generate PDF forms. Please try again.');
    } finally {
      setBusy(null);
    }
  }, [clientId, step, options, setSaved, setNotice]);

  if (generated) {
    const notSpecified = result.notSpecified ?? 'Not specified';
    const cards = result.cards ?? {};
    const basic = (saved.basic ?? {}) as JsonObject;
    const insured = (saved['proposed-insured'] ?? {}) as JsonObject;
    const owner = (saved.owner ?? {}) as JsonObject;
    const plan = (saved['plan-details'] ?? {}) as JsonObject;
    const formsUi = uiOf(engine, step, ['populate_forms']);
    const planUi = uiOf(engine, 'plan-details', []);
    const productType = (plan.product_type ?? basic.product_type) as string | undefined;
    const productLabel = productType ? enumLabel(uiOf(engine, 'plan-details', ['product_type']), productType) ?? productType : notSpecified;
    const ownerLabel = owner.owner_type ? enumLabel(uiOf(engine, 'owner', ['owner_type']), owner.owner_type) ?? String(owner.owner_type) : notSpecified;
    const ownerName = (owner.legal_name as string | undefined) ?? name(owner) ?? (owner.owner_type === 'insured_1' ? name(insured.insured_1 as JsonObject) : owner.owner_type === 'insured_2' ? name(insured.insured_2 as JsonObject) : undefined);
    const single = (plan.single_life_options as JsonObject[] | null | undefined) ?? [];
    const joint = (plan.joint_plan_options as JsonObject[] | null | undefined) ?? [];
    const filename = combinedFilename(clientName(context, clientId) ?? name(insured.insured_1 as JsonObject), generated.id);
    const downloading = generated.url ? downloads.busy.has(generated.url) : false;
    const plans = [
      ...single.map((p) => ({ kind: result.singleLife ?? 'Single Life', p, ui: (planUi.single_life_options as Record<string, unknown> | undefined)?.items as Record<string, unknown> | undefined })),
      ...joint.map((p) => ({ kind: result.jointPlan ?? 'Joint Plan', p, ui: (planUi.joint_plan_options as Record<string, unknown> | undefined)?.items as Record<string, unknown> | undefined })),
    ];
    const summary: [string, string][] = [
      [cards.provider ?? 'Provider', generated.forms.map((f) => enumLabel(formsUi, f) ?? f).join(', ') || notSpecified],
      [cards.productType ?? 'Product Type', productLabel],
      [cards.numberOfInsureds ?? 'Number of Insureds', String(insured.number_of_insureds ?? basic.number_of_insureds ?? notSpecified)],
      [cards.typeOfInsurance ?? 'Type of Insurance', result.typeOfInsurance ?? 'Life Insurance'],
      [cards.primaryInsured ?? 'Primary Insured', name(insured.insured_1 as JsonObject) ?? notSpecified],
      [cards.secondaryInsured ?? 'Secondary Insured', name(insured.insured_2 as JsonObject) ?? notSpecified],
      [cards.ownerType ?? 'Owner Type', ownerLabel],
      [cards.ownerName ?? 'Owner Name', ownerName ?? notSpecified],
    ];
    return (
      <StepCard heading={result.heading ?? 'Application Generated Successfully!'}>
        <div className="result-cards">
          {summary.map(([label, value]) => (
            <div key={label} className="result-card">
              <p className="result-card-label">{label}</p>
              <p className="result-card-value">{value}</p>
            </div>
          ))}
        </div>
        {plans.length ? (
          <div className="result-plans">
            <h2 className="form-section-title">{cards.planDetails ?? 'Plan Details'}</h2>
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{cards.planType ?? 'Plan Type'}</th>
                  <th scope="col">{cards.productType ?? 'Product Type'}</th>
                  <th scope="col">{cards.planName ?? 'Plan Name'}</th>
                  <th scope="col">{cards.faceAmount ?? 'Face Amount'}</th>
                </tr>
              </thead>
              <tbody>
                {plans.map(({ kind, p, ui }, i) => (
                  <tr key={i}>
                    <td>{kind}</td>
                    <td>{enumLabel((ui?.product_type ?? {}) as Record<string, unknown>, p.product_type) ?? String(p.product_type ?? notSpecified)}</td>
                    <td>{enumLabel((ui?.plan_name ?? {}) as Record<string, unknown>, p.plan_name) ?? String(p.plan_name ?? notSpecified)}</td>
                    <td>{typeof p.face_amount === 'number' ? formatMoney(p.face_amount) : notSpecified}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <Notice notice={downloads.error ? { kind: 'error', text: downloads.error, id: 0 } : null} onClose={downloads.dismiss} />
        <div className="actions-bar">
          <button type="button" className="btn btn-secondary" onClick={() => navigate('/dashboard')}>
            {result.returnHomeLabel ?? 'Return to Home'}
          </button>
          <div className="actions-bar-end">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setGenerated(null);
                downloads.dismiss();
                setSaved(step, { populate_forms: [] });
                setFormData(withRecord(saved, context, step, { populate_forms: [] }));
              }}
            >
              {result.generateAnotherLabel ?? 'Generate Another Form'}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={!generated.url}
              aria-disabled={downloading || undefined}
              aria-busy={downloading || undefined}
              onClick={() => {
                if (generated.url && !downloading) void downloads.download(generated.url, filename);
              }}
            >
              {result.downloadLabel ?? 'Download PDF'}
            </button>
          </div>
        </div>
      </StepCard>
    );
  }

  return (
    <StepCard heading={options.heading ?? def.flow.title} description={options.description}>
      <Notice notice={notice} onClose={() => setNotice(null)} />
      <IncompleteSteps
        steps={incomplete}
        title={reviewOptions.incompleteTitle ?? 'Before the applications can be generated, please complete:'}
        stepLabel={reviewOptions.incompleteStepLabel ?? 'Complete {title}'}
        missingLabel={reviewOptions.incompleteMissing ?? 'Not answered yet'}
        onOpen={openStep}
      />
      <StepForm ref={formRef} engine={engine} stepId={step} data={formData} showErrors={showErrors} />
      <ActionsBar
        backLabel={options.backLabel ?? 'Back'}
        onBack={() => openStep(engine.definitions.flow.review)}
        busySaveLabel=""
        nextLabel={options.nextLabel ?? 'Generate Application'}
        busyNextLabel={options.busyNextLabel ?? 'Generating Application...'}
        onNext={() => void onGenerate()}
        busy={busy}
        nextDisabled={incomplete.length > 0}
      />
    </StepCard>
  );
}
