import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from '../router/Link.tsx';
import { useNavigate } from '../router/useNavigate.ts';
import type { JsonObject } from '../../engine/index.ts';
import { StepForm, type StepFormHandle } from '../../renderer/StepForm.tsx';
import { openFile } from '../api/openFile.ts';
import { useFileDownloads } from '../components/useFileDownloads.ts';
import { slug } from '../format.ts';
import type { GenerationSummary } from '../api/types.ts';
import { GenerateError, generateApplication, SaveError, saveStep } from './api.ts';
import { IncompleteSteps } from './IncompleteSteps.tsx';
import { LockedGeneration } from './LockedGeneration.tsx';
import { ActionsBar, Notice, StepCard, useNotice } from './WizardChrome.tsx';
import { uiOptionsOf, useWizard, withRecord } from './wizardEnv.ts';
import { finalStepOf, optionLabels, valuesInScope } from '../../engine/index.ts';
import { getProfile, type AdviserProfile } from '../api/profile.ts';
import { clientNameOf } from './clientNameOf.ts';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/wizard';

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
  /** The heading of the insurers' questionnaires the answers call for. */
  questionnairesHeading?: string;
}

interface Messages {
  noPlan?: string;
  noAdviserCode?: string;
  profileLinkLabel?: string;
  generateFailed?: string;
}

/** Why an insurer cannot be generated now, as the server would refuse it: a plan of its own first, then the code. */
interface Unavailable {
  text: string;
  /** The page that fixes it (the adviser's profile). */
  link?: { to: string; label: string };
}

const PROFILE = '/account/profile';

/**
 * The adviser's profile, for the adviser codes generation asks for; undefined while loading or when it failed (the
 * server still refuses a missing code, so nothing is guessed here).
 */
function useAdviserProfile(): AdviserProfile | null | undefined {
  const [profile, setProfile] = useState<AdviserProfile | null | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    getProfile(controller.signal).then(
      (answer) => setProfile(answer.profile),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return profile;
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
  const { engine, clientId, saved, setSaved, context, openStep, locked } = useWizard();
  const t = useT();
  // Generation is offered only for an application in good order (the server checks the same).
  const incomplete = useMemo(() => engine.incompleteSteps({ ...saved, $context: context }), [engine, saved, context]);
  const reviewOptions = uiOptionsOf(engine.definitions.steps[engine.definitions.flow.review]);
  const navigate = useNavigate();
  const step = finalStepOf(engine.definitions.flow);
  const def = engine.definitions.steps[step];
  const options = uiOptionsOf(def);
  const result = (options.result ?? {}) as ResultTexts;
  const formRef = useRef<StepFormHandle>(null);
  const [formData, setFormData] = useState(() =>
    withRecord(saved, context, step, saved[step] as JsonObject | undefined),
  );
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState<'next' | null>(null);
  const [notice, setNotice] = useNotice();
  const messages = useMemo(() => (options.messages ?? {}) as Messages, [options.messages]);

  // Each insurer the application has no plan of (the engine asks the payload's own scope, as the server does), or
  // whose adviser code the profile lacks, with why: offered greyed, never hidden.
  const profile = useAdviserProfile();
  const unavailable = useMemo(() => {
    const withPlans = valuesInScope(engine.definitions, step, 'payload', saved);
    const labels = optionLabels(def.schema, def.ui, ['populate_forms']) ?? {};
    const out: Record<string, Unavailable> = {};
    for (const [id, name] of Object.entries(labels)) {
      if (withPlans && !withPlans.includes(id))
        out[id] = { text: messages.noPlan?.replace(/\{name\}/g, name) ?? t('wizard.generation.noPlan', { name }) };
      else if (profile !== undefined && !profile?.adviser_codes[id]?.trim())
        out[id] = {
          text: messages.noAdviserCode?.replace(/\{name\}/g, name) ?? t('wizard.generation.noAdviserCode', { name }),
          link: { to: PROFILE, label: messages.profileLinkLabel ?? t('wizard.openProfile') },
        };
    }
    return out;
  }, [engine, step, def, saved, profile, messages, t]);
  const reasons = useMemo(() => {
    const byValue: Record<string, ReactNode> = {};
    for (const [id, why] of Object.entries(unavailable))
      byValue[id] = why.link ? (
        <>
          {why.text}. <Link to={why.link.to}>{why.link.label}</Link>
        </>
      ) : (
        why.text
      );
    return { populate_forms: byValue };
  }, [unavailable]);

  // The file is served only with the adviser's token, so it is fetched in the page and opened in a new tab.
  const downloads = useFileDownloads(openFile);
  const [generated, setGenerated] = useState<{
    url?: string;
    id?: string;
    summary?: GenerationSummary;
    questionnaires: { name: string; titles: string[] }[];
  } | null>(null);

  const onGenerate = useCallback(async () => {
    const record = formRef.current?.flush() ?? {};
    const view = formRef.current?.view();
    if (view?.errors.length) {
      setShowErrors(true);
      formRef.current?.showAllErrors();
      return;
    }
    // A ticked insurer that lost its plan (or has no adviser code) is not sent: the server would refuse it anyway.
    const chosen = ((record.populate_forms as string[] | undefined) ?? []).find((id) => unavailable[id]);
    if (chosen) {
      const why = unavailable[chosen];
      setNotice('error', why.text, undefined, why.link);
      return;
    }
    setBusy('next');
    setNotice(null);
    try {
      const stored = await saveStep(clientId, step, record, options.saveErrorMessage ?? t('wizard.saveFailed'));
      setSaved(step, stored);
      const forms = (stored.populate_forms as string[] | undefined) ?? [];
      const { url, id, summary, questionnaires } = await generateApplication(
        clientId,
        forms,
        String(messages.generateFailed ?? t('wizard.generation.failed')),
      );
      // The errors of an earlier try are answered: a new choice after "Generate Another Form" starts clean.
      setShowErrors(false);
      setGenerated({ url, id, summary, questionnaires });
    } catch (e) {
      if (e instanceof GenerateError && e.unavailable) setNotice('info', t('wizard.generation.unavailable'));
      else if (e instanceof GenerateError && e.link)
        setNotice('error', e.message, undefined, { to: e.link, label: t('wizard.openProfile') });
      else if (e instanceof SaveError) {
        setShowErrors(true);
        setNotice(
          'error',
          e.message,
          e.errors.map((x) => x.message),
        );
      } else setNotice('error', e instanceof Error ? e.message : t('wizard.generation.failed'));
    } finally {
      setBusy(null);
    }
  }, [clientId, step, options, messages, unavailable, setSaved, setNotice, t]);

  // An insurer holds the application: nothing to generate, the documents it was sent to open or download.
  if (locked)
    return (
      <StepCard heading={options.heading ?? def.flow.title}>
        <LockedGeneration
          clientId={clientId}
          lock={locked}
          backLabel={options.backLabel ?? t('wizard.back')}
          onBack={() => openStep(engine.definitions.flow.review)}
        />
      </StepCard>
    );

  if (generated) {
    const notSpecified = result.notSpecified ?? t('wizard.result.notSpecified');
    const cards = result.cards ?? {};
    // The server's summary of what it generated: its labels come from the definitions, so nothing is derived here.
    const s = generated.summary;
    const filename = combinedFilename(
      clientNameOf(context, clientId) ?? (s && s.primary_insured !== notSpecified ? s.primary_insured : undefined),
      generated.id,
    );
    const downloading = generated.url ? downloads.busy.has(generated.url) : false;
    const summary: [string, string][] = [
      [cards.provider ?? t('wizard.result.provider'), s?.provider ?? notSpecified],
      [cards.productType ?? t('wizard.result.productType'), s?.product_type ?? notSpecified],
      [cards.numberOfInsureds ?? t('wizard.result.numberOfInsureds'), String(s?.number_of_insureds ?? notSpecified)],
      [
        cards.typeOfInsurance ?? t('wizard.result.typeOfInsurance'),
        s?.type_of_insurance ?? result.typeOfInsurance ?? t('wizard.result.lifeInsurance'),
      ],
      [cards.primaryInsured ?? t('wizard.result.primaryInsured'), s?.primary_insured ?? notSpecified],
      [cards.secondaryInsured ?? t('wizard.result.secondaryInsured'), s?.secondary_insured ?? notSpecified],
      [cards.ownerType ?? t('wizard.result.ownerType'), s?.owner_type ?? notSpecified],
      [cards.ownerName ?? t('wizard.result.ownerName'), s?.owner_name ?? notSpecified],
    ];
    const plans = s?.plan_details ?? [];
    return (
      <StepCard heading={result.heading ?? t('wizard.result.heading')}>
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
            <h2 className="form-section-title">{cards.planDetails ?? t('wizard.result.planDetails')}</h2>
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{cards.planType ?? t('wizard.result.planType')}</th>
                  <th scope="col">{cards.productType ?? t('wizard.result.productType')}</th>
                  <th scope="col">{cards.planName ?? t('wizard.result.planName')}</th>
                  <th scope="col">{cards.faceAmount ?? t('wizard.result.faceAmount')}</th>
                </tr>
              </thead>
              <tbody>
                {plans.map((p, i) => (
                  <tr key={i}>
                    <td>{p.plan_type}</td>
                    <td>{p.product_type}</td>
                    <td>{p.plan_name}</td>
                    <td>{p.face_amount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {generated.questionnaires.length ? (
          <div className="result-questionnaires">
            <h2 className="form-section-title">{result.questionnairesHeading ?? t('wizard.result.questionnaires')}</h2>
            {generated.questionnaires.map((insurer) => (
              <div key={insurer.name}>
                <p className="result-card-label">{insurer.name}</p>
                <ul>
                  {insurer.titles.map((title) => (
                    <li key={title}>{title}</li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        ) : null}
        <Notice
          notice={downloads.error ? { kind: 'error', text: downloads.error, id: 0 } : null}
          onClose={downloads.dismiss}
        />
        <div className="actions-bar">
          <button type="button" className="btn btn-secondary" onClick={() => navigate('/dashboard')}>
            {result.returnHomeLabel ?? t('wizard.result.returnHome')}
          </button>
          <div className="actions-bar-end">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setGenerated(null);
                setShowErrors(false);
                setNotice(null);
                downloads.dismiss();
                setSaved(step, { populate_forms: [] });
                setFormData(withRecord(saved, context, step, { populate_forms: [] }));
              }}
            >
              {result.generateAnotherLabel ?? t('wizard.result.generateAnother')}
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
              {result.downloadLabel ?? t('wizard.result.download')}
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
        title={reviewOptions.incompleteTitle ?? t('wizard.review.incompleteTitle')}
        stepLabel={reviewOptions.incompleteStepLabel ?? t('wizard.completeStep', { title: '{title}' })}
        missingLabel={reviewOptions.incompleteMissing ?? t('wizard.notAnswered')}
        onOpen={openStep}
      />
      <StepForm
        ref={formRef}
        engine={engine}
        stepId={step}
        data={formData}
        showErrors={showErrors}
        unavailableChoices={reasons}
      />
      <ActionsBar
        backLabel={options.backLabel ?? t('wizard.back')}
        onBack={() => openStep(engine.definitions.flow.review)}
        busySaveLabel=""
        nextLabel={options.nextLabel ?? t('wizard.generate')}
        busyNextLabel={options.busyNextLabel ?? t('wizard.generating')}
        onNext={() => void onGenerate()}
        busy={busy}
        nextDisabled={incomplete.length > 0}
      />
    </StepCard>
  );
}
