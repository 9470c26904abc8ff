/**
 * One step as the wizard shows it: the heading, the StepForm, and the actions bar (Back, Save, Next) with the
 * labels of ui.json. Next behaves like the wizard's: it commits what was typed and, when the engine reports
 * errors, shows them all (next to each field and in the alert block); otherwise it names the step that comes next.
 * Nothing is saved: Storybook has no server. It draws in the app's language (the toolbar's, or the French story
 * tests'): the definitions in that language, and the wizard's own words from the app's catalogues.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { StepForm, type StepFormHandle } from '../../renderer/StepForm.tsx';
import type { ApplicationData } from '../../engine/index.ts';
import { isLanguage } from '../../app/i18n/language.ts';
import { useI18n, useT } from '../../app/i18n/useT.ts';
import 'virtual:messages/en/wizard';
import { definitionsIn } from './definitions.ts';
import { ReviewPreview } from './ReviewPreview.tsx';
import { canvasText } from './canvasTexts.ts';

export interface StepCanvasProps {
  /** The step's folder name under steps/. */
  stepId: string;
  /** The whole application's data (an example's `data`); `data[stepId]` is the form's record. */
  data: ApplicationData;
  /** One sub-page of the step (flow.json `pages`), or "all" to draw every field at once. */
  page?: string;
  /** Show every error at once, as after a refused Next. */
  showErrors?: boolean;
}

/** Lists for lookupSelect fields, when the data's `$context` has none. */
const SAMPLE_LOOKUPS: Record<string, unknown[]> = {
  clients: [
    { id: '1024', first_name: 'Daniel', last_name: 'Tremblay', date_of_birth: '1986-04-12' },
    { id: '2087', first_name: 'Arjun', last_name: 'Mehta', date_of_birth: '1979-09-03' },
  ],
  previousInsureds: [{ id: 'pi-1', first_name: 'Emily', last_name: 'Mehta', date_of_birth: '1981-02-17' }],
  brokers: [
    { id: 1, name: 'Sophie Gagnon', email: 'sophie.gagnon@example.com' },
    { id: 2, name: 'Liam Chen', email: 'liam.chen@example.com' },
  ],
};

type UiOptions = Record<string, unknown>;

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value ? value : fallback;
}

export function StepCanvas({ stepId, data, page = 'all', showErrors = false }: StepCanvasProps) {
  const t = useT();
  const locale = useI18n().locale;
  const language = isLanguage(locale) ? locale : 'en';
  const { definitions, engine } = definitionsIn(language);
  const def = definitions.steps[stepId];
  if (!def) throw new Error(`Unknown step "${stepId}"`);
  const options = ((def.ui as Record<string, unknown>)['ui:options'] ?? {}) as UiOptions;
  const pageDef = page === 'all' ? undefined : def.flow.pages?.find((p) => p.id === page);
  const fields = pageDef?.fields;
  const formRef = useRef<StepFormHandle>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'info'; text: string } | null>(null);
  const lookups = useMemo(() => {
    const context = (data.$context ?? {}) as Record<string, unknown>;
    const out: Record<string, unknown[]> = { ...SAMPLE_LOOKUPS };
    for (const [name, list] of Object.entries(context)) if (Array.isArray(list)) out[name] = list;
    return out;
  }, [data]);

  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(null), 3000);
    return () => clearTimeout(timer);
  }, [notice]);

  const order = definitions.order;
  const index = order.indexOf(stepId);
  const heading = pageDef?.title ?? text(options.heading, def.flow.title);
  // The review step lists the earlier steps' answers (engine.reviewSections) instead of a form of its own.
  const review = stepId === definitions.flow.review ? engine.reviewSections() : undefined;

  const next = (): void => {
    const form = formRef.current;
    const record = form ? form.flush() : ((data[stepId] ?? {}) as Record<string, unknown>);
    if (form?.view().errors.length) {
      form.showAllErrors();
      setNotice(null);
      return;
    }
    const app = { ...data, [stepId]: record };
    const following = order.slice(index + 1).find((id) => engine.stepApplies(id, app));
    setNotice({
      kind: 'info',
      text: following
        ? canvasText(language, 'nextGoesOn', { title: definitions.steps[following].flow.title })
        : canvasText(language, 'lastStep'),
    });
  };

  const save = (): void => {
    formRef.current?.flush();
    setNotice({ kind: 'success', text: text(options.successMessage, canvasText(language, 'saved')) });
  };

  return (
    <div className="page page-narrow" data-step-canvas={stepId}>
      <div className="page-header">
        <div>
          {index >= 0 ? (
            <p className="muted text-sm">{t('wizard.stepOf', { n: index + 1, total: order.length })}</p>
          ) : null}
          <h1 className="page-title">{heading}</h1>
          {typeof options.description === 'string' ? <p className="page-subtitle">{options.description}</p> : null}
        </div>
      </div>
      <section className="card" aria-label={def.flow.title}>
        <div className="card-body">
          {review ? (
            <ReviewPreview
              sections={review}
              data={data}
              editLabel={text(options.editLabel, t('wizard.review.edit'))}
              lookups={lookups}
              language={language}
            />
          ) : (
            <StepForm
              // A language switch draws the form anew over that language's definitions.
              key={language}
              ref={formRef}
              engine={engine}
              stepId={stepId}
              data={data}
              fields={fields}
              showErrors={showErrors}
              lookups={lookups}
            />
          )}
        </div>
        <div className="card-footer actions-bar">
          <button type="button" className="btn btn-secondary" data-action="back">
            {text(options.backLabel, t('wizard.back'))}
          </button>
          <div className="actions-bar-end btn-group">
            {options.showSave === false ? null : (
              <button type="button" className="btn btn-secondary" data-action="save" onClick={save}>
                {text(options.saveLabel, t('wizard.save'))}
              </button>
            )}
            <button type="button" className="btn btn-primary" data-action="next" onClick={next}>
              {text(pageDef?.nextLabel ?? options.nextLabel, t('wizard.next'))}
            </button>
          </div>
        </div>
      </section>
      <div role="status" aria-live="polite">
        {notice ? (
          <div className={`alert alert-${notice.kind}`} style={{ marginTop: 'var(--space-4)' }}>
            {notice.text}
          </div>
        ) : null}
      </div>
    </div>
  );
}
