/**
 * The review step's page, from engine.reviewSections(): each earlier step's answers under its title, with Edit.
 * The answers are listed by the renderer's summarizeRecord (labels and option names from ui.json). This stands in
 * until the app has its own review page component; then StepCanvas should draw that instead.
 */
import { summarizeRecord, type SummaryGroup } from '../../renderer/summarizeRecord.ts';
import type { ApplicationData, JsonObject, ReviewSection } from '../../engine/index.ts';
import type { Language } from '../../app/i18n/language.ts';
import { useT } from '../../app/i18n/useT.ts';
import 'virtual:messages/en/wizard';
import { definitionsIn } from './definitions.ts';

function Group({ group, level }: { group: SummaryGroup; level: number }) {
  const Heading = (level <= 3 ? `h${level}` : 'h4') as 'h3' | 'h4';
  return (
    <div className="review-group">
      {group.title ? <Heading className="section-title">{group.title}</Heading> : null}
      {group.rows.length ? (
        <dl className="form-grid">
          {group.rows.map((row, i) => (
            <div key={`${row.label}-${i}`} className="field">
              <dt className="field-label">{row.label}</dt>
              <dd style={{ margin: 0 }}>{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {group.groups.map((inner, i) => (
        <Group key={`${inner.title}-${i}`} group={inner} level={level + 1} />
      ))}
    </div>
  );
}

export function ReviewPreview({
  sections,
  data,
  editLabel,
  lookups,
  language,
}: {
  sections: ReviewSection[];
  data: ApplicationData;
  editLabel: string;
  lookups: Record<string, unknown[]>;
  language: Language;
}) {
  const t = useT();
  const { definitions, engine } = definitionsIn(language);
  return (
    <div className="stack">
      {sections.map((section) => {
        const def = definitions.steps[section.step];
        if (!def) return null;
        const applies = engine.stepApplies(section.step, data);
        const summary = summarizeRecord(
          def,
          data[section.step] as JsonObject | undefined,
          lookups,
          engine.evaluateStep(section.step, data).texts,
          definitions.flow.words,
        );
        const empty = !summary.rows.length && !summary.groups.length;
        return (
          <section key={section.step} className="section" aria-labelledby={`review-${section.step}`}>
            <div className="page-header">
              <h2 id={`review-${section.step}`} className="section-title">
                {section.title}
              </h2>
              <button type="button" className="btn btn-secondary btn-sm" aria-label={`${editLabel} ${section.title}`}>
                {editLabel}
              </button>
            </div>
            {!applies ? (
              <p className="muted">{t('wizard.review.notApplicable')}</p>
            ) : empty ? (
              <p className="muted">{t('wizard.review.noAnswers')}</p>
            ) : (
              <Group group={summary} level={3} />
            )}
          </section>
        );
      })}
    </div>
  );
}
