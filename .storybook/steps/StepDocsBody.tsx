/**
 * A step's docs page but for its stories, written from its definition in one language: where it sits in the flow
 * (with the flow diagram), its fields, and its rules in plain words (engine's describeLogic with that language's
 * words). Titles, labels, options and messages are the definitions' in that language (localizeDefinitions); the
 * page's own words are docsTexts.ts's. Codes stay as written: field paths, types, widgets, option values. A note for
 * product staff (a schema's description, an example's) is never translated: it is marked English.
 */
import { Fragment, type ReactNode } from 'react';
import { describeLogic, flowDiagram } from '../../engine/index.ts';
import type { Logic, RuleSet, StepDefinition } from '../../engine/index.ts';
import { LOCALES, type Language } from '../../app/i18n/language.ts';
import { definitionsIn } from './definitions.ts';
import { diagramWordsIn, docsTemplate, docsText, type DocsTextId } from './docsTexts.ts';
import { fieldsOf, type FieldInfo } from './fieldInfo.ts';

/** A docs text with nodes in its placeholders (a field's path as code, a sentence part). */
function says(language: Language, id: DocsTextId, values: Record<string, ReactNode>): ReactNode {
  const parts = docsTemplate(language, id).split(/\{(\w+)\}/);
  return parts.map((part, i) => <Fragment key={i}>{i % 2 ? (values[part] ?? `{${part}}`) : part}</Fragment>);
}

/** JSON-Logic in words, with the definition format's special variables made readable. */
function wordsIn(language: Language): (logic: Logic) => string {
  const logicWords = diagramWordsIn(language).logic;
  const vars: [RegExp, DocsTextId][] = [
    [/\$scope\.([\w.*-]+)/g, 'scopeVar'],
    [/\$params\.([\w.*-]+)/g, 'paramsVar'],
    [/\$item\.([\w.*-]+)/g, 'itemVar'],
    [/\$context\.([\w.*-]+)/g, 'contextVar'],
  ];
  return (logic) =>
    vars.reduce(
      (text, [pattern, id]) => text.replace(pattern, (_whole, name: string) => docsText(language, id, { name })),
      describeLogic(logic, logicWords),
    );
}

function value(v: unknown): string {
  if (v === undefined) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function Code({ children }: { children: ReactNode }) {
  return <code style={{ whiteSpace: 'nowrap' }}>{children}</code>;
}

function codes(fields: string[]): ReactNode {
  return fields.map((f, j) => (
    <Fragment key={f}>
      {j ? ', ' : ''}
      <Code>{f}</Code>
    </Fragment>
  ));
}

/** One row of the fields table, its texts in the definitions' language. */
export interface FieldRow {
  label: string;
  path: string;
  type: string;
  widget: string;
  options: string;
  default: string;
  shownWhen: string;
  /** How deep the field is (0 for a top-level field). */
  depth: number;
}

/**
 * The fields table of a step in a language: each field's label and options from that language's definitions, and
 * when it shows in that language's words.
 * @param stepId - the step
 * @param language - the page's language
 */
export function fieldRows(stepId: string, language: Language): FieldRow[] {
  const { definitions } = definitionsIn(language);
  const def = definitions.steps[stepId];
  const words = wordsIn(language);
  const shownWhen = new Map<string, string[]>();
  const add = (target: string, logic: Logic): void => {
    shownWhen.set(target, [...(shownWhen.get(target) ?? []), words(logic)]);
  };
  for (const r of def.rules.visibility ?? []) for (const f of r.fields) add(f, r.showIf);
  for (const g of def.rules.groups ?? []) {
    for (const r of g.visibility ?? [])
      for (const f of r.fields) for (const scope of g.each) add(`${scope.path}.${f}`, r.showIf);
  }
  return fieldsOf(def, definitions.flow.words).map((f: FieldInfo) => ({
    label: f.label,
    path: f.path,
    type: f.type,
    widget: f.widget,
    options: f.options
      .map((o) => (o.label === String(o.value) ? o.label : `${o.label} (${value(o.value)})`))
      .join(', '),
    default: value(f.schema.default),
    shownWhen:
      (shownWhen.get(f.path) ?? []).join(docsText(language, 'conditionSeparator')) || docsText(language, 'always'),
    depth: f.depth,
  }));
}

function FieldsTable({ stepId, language }: { stepId: string; language: Language }) {
  const rows = fieldRows(stepId, language);
  if (!rows.length) return <p>{docsText(language, 'noFields')}</p>;
  return (
    <table>
      <thead>
        <tr>
          <th>{docsText(language, 'colLabel')}</th>
          <th>{docsText(language, 'colField')}</th>
          <th>{docsText(language, 'colType')}</th>
          <th>{docsText(language, 'colOptions')}</th>
          <th>{docsText(language, 'colDefault')}</th>
          <th>{docsText(language, 'colShownWhen')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.path}>
            <td style={{ paddingLeft: `${0.75 + row.depth}em` }}>{row.label}</td>
            <td>
              <Code>{row.path}</Code>
            </td>
            <td>
              <Code>{row.type}</Code> / <Code>{row.widget}</Code>
            </td>
            <td>{row.options}</td>
            <td>{row.default}</td>
            <td>{row.shownWhen}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RuleList({ rules, language }: { rules: RuleSet; language: Language }) {
  const words = wordsIn(language);
  const t = (id: DocsTextId, values: Record<string, string | number> = {}): string => docsText(language, id, values);
  const kind = (id: DocsTextId): ReactNode => <strong>{t(id)}</strong>;
  const items: ReactNode[] = [];
  (rules.validation ?? []).forEach((r, i) =>
    items.push(
      <li key={`v${i}`}>
        {says(language, 'errorRule', {
          kind: kind('error'),
          field: <Code>{r.field}</Code>,
          message: r.message,
          when: r.required ? t('whileBlank') : t('whileCondition', { condition: words(r.when) }),
          params: r.params
            ? t('where', {
                list: Object.entries(r.params)
                  .map(([k, l]) => t('paramIs', { name: `{${k}}`, value: words(l) }))
                  .join(', '),
              })
            : '',
        })}
      </li>,
    ),
  );
  (rules.computed ?? []).forEach((r, i) =>
    items.push(
      <li key={`c${i}`}>
        {says(language, 'computedRule', {
          kind: kind('computed'),
          field: <Code>{r.field}</Code>,
          value: words(r.value),
          when: r.when !== undefined ? t('commaWhile', { condition: words(r.when) }) : '',
        })}
      </li>,
    ),
  );
  (rules.clear ?? []).forEach((r, i) =>
    items.push(
      <li key={`x${i}`}>
        {says(language, 'clearedRule', { kind: kind('cleared'), fields: codes(r.fields), condition: words(r.when) })}
      </li>,
    ),
  );
  (rules.effects ?? []).forEach((r, i) =>
    items.push(
      <li key={`e${i}`}>
        {says(language, 'effectRule', {
          kind: kind('effect'),
          op: <Code>{r.op}</Code>,
          fields: codes([r.on].flat()),
          and: r.when !== undefined ? t('andCondition', { condition: words(r.when) }) : '',
          params: r.params ? (
            <>
              {' '}
              — <Code>{JSON.stringify(r.params)}</Code>
            </>
          ) : (
            ''
          ),
        })}
      </li>,
    ),
  );
  (rules.texts ?? []).forEach((r, i) =>
    items.push(
      <li key={`t${i}`}>
        {says(language, 'textRule', {
          kind: kind('text'),
          field: <Code>{r.target}</Code>,
          text: r.text,
          condition: words(r.when),
        })}
      </li>,
    ),
  );
  (rules.readonly ?? []).forEach((r, i) =>
    items.push(
      <li key={`r${i}`}>
        {says(language, 'readonlyRule', { kind: kind('readonly'), fields: codes(r.fields), condition: words(r.when) })}
      </li>,
    ),
  );
  (rules.visibility ?? []).forEach((r, i) =>
    items.push(
      <li key={`s${i}`}>
        {says(language, 'shownRule', { kind: kind('shown'), fields: codes(r.fields), condition: words(r.showIf) })}
      </li>,
    ),
  );
  return items.length ? <ul>{items}</ul> : null;
}

function Rules({ def, language }: { def: StepDefinition; language: Language }) {
  const groups = def.rules.groups ?? [];
  const hasTop = ['validation', 'computed', 'clear', 'effects', 'texts', 'readonly', 'visibility'].some(
    (k) => ((def.rules as Record<string, unknown[] | undefined>)[k] ?? []).length > 0,
  );
  if (!hasTop && !groups.length) return <p>{docsText(language, 'noRules')}</p>;
  return (
    <>
      <RuleList rules={def.rules} language={language} />
      {groups.map((g, i) => (
        <div key={i}>
          <p>
            {says(language, 'forEach', {
              scopes: g.each.map((s, j) => (
                <Fragment key={s.path}>
                  {j ? ', ' : ''}
                  <Code>{s.path}</Code>
                  {s.params
                    ? ` (${Object.entries(s.params)
                        .map(([k, v]) => `${k} = ${value(v)}`)
                        .join(', ')})`
                    : ''}
                </Fragment>
              )),
            })}
          </p>
          <RuleList rules={g} language={language} />
        </div>
      ))}
    </>
  );
}

function PlaceInFlow({ def, language }: { def: StepDefinition; language: Language }) {
  const { definitions } = definitionsIn(language);
  const words = wordsIn(language);
  const t = (id: DocsTextId, values: Record<string, string | number> = {}): string => docsText(language, id, values);
  const order = definitions.order;
  const index = order.indexOf(def.id);
  if (index < 0) return <p>{t('notInOrder')}</p>;
  const before = order[index - 1];
  const after = order[index + 1];
  const title = (id: string): string => definitions.steps[id].flow.title;
  // The wizard's buttons as the adviser reads them in this language (the step's own ui.json may rename them).
  const button = (key: 'editLabel' | 'nextLabel', fallback: DocsTextId): string => {
    const options = (def.ui as Record<string, unknown>)['ui:options'] as Record<string, unknown> | undefined;
    return typeof options?.[key] === 'string' ? (options[key] as string) : t(fallback);
  };
  return (
    <>
      <p>
        {t('stepOf', { n: index + 1, total: order.length })}
        {before ? t('afterStep', { title: title(before) }) : t('firstStep')}
        {after ? t('beforeStep', { title: title(after) }) : ''}.{' '}
        {def.flow.showIf === undefined ? t('alwaysApplies') : t('appliesOnly', { condition: words(def.flow.showIf) })}
        {def.flow.final ? t('final') : ''}
        {definitions.flow.review === def.id ? t('review', { edit: button('editLabel', 'editButton') }) : ''}
      </p>
      {def.flow.pages?.length ? (
        <>
          <p>{t('pagesIntro', { next: t('nextButton') })}</p>
          <ol>
            {def.flow.pages.map((p) => (
              <li key={p.id}>
                <strong>{p.title ?? p.id}</strong> — {codes(p.fields)}
                {p.showIf === undefined ? '' : t('onlyWhile', { condition: words(p.showIf) })}
                {p.counted ? t('counted') : ''}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </>
  );
}

function FlowDiagram({ current, language }: { current: string; language: Language }) {
  const { definitions } = definitionsIn(language);
  const words = wordsIn(language);
  const mermaid = `${flowDiagram(definitions.flow, diagramWordsIn(language))}\n  style ${current.replace(/-/g, '_')} stroke-width:4px`;
  return (
    <>
      <ol>
        {definitions.flow.steps.map((s) => (
          <li key={s.id} style={s.id === current ? { fontWeight: 700 } : undefined}>
            {s.title}
            {s.showIf === undefined ? '' : docsText(language, 'onlyWhile', { condition: words(s.showIf) })}
          </li>
        ))}
      </ol>
      <details>
        <summary>{docsText(language, 'mermaid')}</summary>
        <pre className="mermaid">{mermaid}</pre>
      </details>
    </>
  );
}

/** A note for product staff, in English whatever the page's language (the catalogues leave such notes out). */
function StaffNote({ text, language }: { text: string; language: Language }) {
  return <p>{says(language, 'staffNote', { note: <em lang={LOCALES.en}>{text}</em> })}</p>;
}

/**
 * The docs of one step in a language, but for its stories (StepDocs.tsx adds them).
 * @param stepId - the step
 * @param language - the language of the page (the toolbar's)
 */
export function StepDocsBody({ stepId, language }: { stepId: string; language: Language }) {
  const { definitions, engine } = definitionsIn(language);
  const def = definitions.steps[stepId];
  const ui = (def.ui as Record<string, unknown>)['ui:options'] as Record<string, unknown> | undefined;
  const examples = Object.entries(def.examples);
  const emptyErrors = engine.evaluateStep(stepId, { [stepId]: {} }).errors.length;
  const plural = new Intl.PluralRules(LOCALES[language]).select(examples.length) === 'one' ? 'One' : 'Other';
  const errorsPlural = new Intl.PluralRules(LOCALES[language]).select(emptyErrors) === 'one' ? 'One' : 'Other';
  return (
    <>
      <h1>{def.flow.title}</h1>
      {typeof ui?.description === 'string' ? <p>{ui.description}</p> : null}
      {typeof def.schema.description === 'string' ? (
        <StaffNote text={def.schema.description} language={language} />
      ) : null}
      <p>
        {says(language, 'definedIn', { folder: <Code>steps/{stepId}/</Code> })}{' '}
        {examples.length
          ? says(language, `examples${plural}`, {
              n: examples.length,
              // Examples' titles are notes for product staff: English, marked so.
              list: <em lang={LOCALES.en}>{examples.map(([name, ex]) => ex.title || name).join(', ')}</em>,
            })
          : docsText(language, 'examplesNone')}{' '}
        {docsText(language, `emptyErrors${errorsPlural}`, { n: emptyErrors })}
      </p>
      <h2>{docsText(language, 'placeInFlow')}</h2>
      <PlaceInFlow def={def} language={language} />
      <FlowDiagram current={stepId} language={language} />
      <h2>{docsText(language, 'fields')}</h2>
      <FieldsTable stepId={stepId} language={language} />
      <h2>{docsText(language, 'rules')}</h2>
      <Rules def={def} language={language} />
    </>
  );
}
