/**
 * A step's docs page, written from its definition: where it sits in the flow (with the flow diagram), its fields,
 * and its rules in plain words (engine's describeLogic). Storybook shows it as the step's "Docs" entry.
 */
import type { ReactNode } from 'react';
import { Stories } from '@storybook/addon-docs/blocks';
import { describeLogic, flowDiagram } from '../../engine/index.ts';
import type { Logic, RuleSet, StepDefinition } from '../../engine/index.ts';
import { definitions, engine } from './definitions.ts';
import { fieldsOf, type FieldInfo } from './fieldInfo.ts';

/** JSON-Logic in words, with the definition format's special variables made readable. */
function words(logic: Logic): string {
  return describeLogic(logic)
    .replace(/\$scope\./g, 'this group’s ')
    .replace(/\$params\./g, 'the group’s ')
    .replace(/\$item\./g, 'this row’s ')
    .replace(/\$context\./g, 'context: ');
}

function value(v: unknown): string {
  if (v === undefined) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function Code({ children }: { children: ReactNode }) {
  return <code style={{ whiteSpace: 'nowrap' }}>{children}</code>;
}

/** Visibility rules by target, so the fields table can say when each field shows. */
function visibilityByField(def: StepDefinition): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (target: string, logic: Logic): void => {
    out.set(target, [...(out.get(target) ?? []), words(logic)]);
  };
  for (const r of def.rules.visibility ?? []) for (const f of r.fields) add(f, r.showIf);
  for (const g of def.rules.groups ?? []) {
    for (const r of g.visibility ?? [])
      for (const f of r.fields) for (const scope of g.each) add(`${scope.path}.${f}`, r.showIf);
  }
  return out;
}

function FieldsTable({ def }: { def: StepDefinition }) {
  const fields = fieldsOf(def);
  const shownWhen = visibilityByField(def);
  if (!fields.length) return <p>This step has no fields of its own.</p>;
  return (
    <table>
      <thead>
        <tr>
          <th>Label</th>
          <th>Field</th>
          <th>Type / widget</th>
          <th>Options</th>
          <th>Default</th>
          <th>Shown when</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((f: FieldInfo) => (
          <tr key={f.path}>
            <td style={{ paddingLeft: `${0.75 + f.depth}em` }}>{f.label}</td>
            <td>
              <Code>{f.path}</Code>
            </td>
            <td>
              {f.type} / {f.widget}
            </td>
            <td>
              {f.options
                .map((o) => (o.label === String(o.value) ? o.label : `${o.label} (${value(o.value)})`))
                .join(', ')}
            </td>
            <td>{value(f.schema.default)}</td>
            <td>{(shownWhen.get(f.path) ?? []).join('; ') || 'always'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RuleList({ rules }: { rules: RuleSet }) {
  const at = (field: string): ReactNode => <Code>{field}</Code>;
  const items: ReactNode[] = [];
  (rules.validation ?? []).forEach((r, i) =>
    items.push(
      <li key={`v${i}`}>
        <strong>Error</strong> on {at(r.field)}: “{r.message}” —{' '}
        {r.required ? 'while it is blank' : `while ${words(r.when)}`}
        {r.params
          ? ` (where ${Object.entries(r.params)
              .map(([k, l]) => `{${k}} is ${words(l)}`)
              .join(', ')})`
          : ''}
        .
      </li>,
    ),
  );
  (rules.computed ?? []).forEach((r, i) =>
    items.push(
      <li key={`c${i}`}>
        <strong>Computed</strong>: {at(r.field)} = {words(r.value)}
        {r.when !== undefined ? `, while ${words(r.when)}` : ''}.
      </li>,
    ),
  );
  (rules.clear ?? []).forEach((r, i) =>
    items.push(
      <li key={`x${i}`}>
        <strong>Cleared</strong>:{' '}
        {r.fields.map((f) => at(f)).reduce<ReactNode[]>((a, b, j) => (j ? [...a, ', ', b] : [b]), [])} while{' '}
        {words(r.when)}.
      </li>,
    ),
  );
  (rules.effects ?? []).forEach((r, i) =>
    items.push(
      <li key={`e${i}`}>
        <strong>Effect</strong> <Code>{r.op}</Code> when{' '}
        {[r.on]
          .flat()
          .map((f) => at(f))
          .reduce<ReactNode[]>((a, b, j) => (j ? [...a, ', ', b] : [b]), [])}{' '}
        changes
        {r.when !== undefined ? ` and ${words(r.when)}` : ''}
        {r.params ? (
          <>
            {' '}
            — <Code>{JSON.stringify(r.params)}</Code>
          </>
        ) : null}
        .
      </li>,
    ),
  );
  (rules.texts ?? []).forEach((r, i) =>
    items.push(
      <li key={`t${i}`}>
        <strong>Text</strong> of {at(r.target)} becomes “{r.text}” while {words(r.when)}.
      </li>,
    ),
  );
  (rules.readonly ?? []).forEach((r, i) =>
    items.push(
      <li key={`r${i}`}>
        <strong>Read-only</strong>:{' '}
        {r.fields.map((f) => at(f)).reduce<ReactNode[]>((a, b, j) => (j ? [...a, ', ', b] : [b]), [])} while{' '}
        {words(r.when)}.
      </li>,
    ),
  );
  (rules.visibility ?? []).forEach((r, i) =>
    items.push(
      <li key={`s${i}`}>
        <strong>Shown</strong>:{' '}
        {r.fields.map((f) => at(f)).reduce<ReactNode[]>((a, b, j) => (j ? [...a, ', ', b] : [b]), [])} only while{' '}
        {words(r.showIf)} (hidden answers are cleared).
      </li>,
    ),
  );
  return items.length ? <ul>{items}</ul> : null;
}

function Rules({ def }: { def: StepDefinition }) {
  const groups = def.rules.groups ?? [];
  const hasTop = ['validation', 'computed', 'clear', 'effects', 'texts', 'readonly', 'visibility'].some(
    (k) => ((def.rules as Record<string, unknown[] | undefined>)[k] ?? []).length > 0,
  );
  if (!hasTop && !groups.length) return <p>This step has no rules: every field shows and nothing is required.</p>;
  return (
    <>
      <RuleList rules={def.rules} />
      {groups.map((g, i) => (
        <div key={i}>
          <p>
            For each of{' '}
            {g.each.map((s, j) => (
              <span key={s.path}>
                {j ? ', ' : ''}
                <Code>{s.path}</Code>
                {s.params
                  ? ` (${Object.entries(s.params)
                      .map(([k, v]) => `${k} = ${value(v)}`)
                      .join(', ')})`
                  : ''}
              </span>
            ))}
            :
          </p>
          <RuleList rules={g} />
        </div>
      ))}
    </>
  );
}

function PlaceInFlow({ def }: { def: StepDefinition }) {
  const order = definitions.order;
  const index = order.indexOf(def.id);
  if (index < 0) return <p>This form is checked by the same engine but is not part of the screening’s order.</p>;
  const before = order[index - 1];
  const after = order[index + 1];
  const title = (id: string): string => definitions.steps[id].flow.title;
  return (
    <>
      <p>
        Step {index + 1} of {order.length}
        {before ? `, after ${title(before)}` : ', the first step'}
        {after ? ` and before ${title(after)}` : ''}.{' '}
        {def.flow.showIf === undefined
          ? 'It always applies.'
          : `It applies only while ${words(def.flow.showIf)}; otherwise the wizard skips it.`}
        {def.flow.final ? ' Reaching it completes the screening.' : ''}
        {definitions.flow.review === def.id ? ' It is the review step: Edit opens a step and comes back here.' : ''}
      </p>
      {def.flow.pages?.length ? (
        <>
          <p>Its pages, in order (Next checks only the page’s fields):</p>
          <ol>
            {def.flow.pages.map((p) => (
              <li key={p.id}>
                <strong>{p.title ?? p.id}</strong> —{' '}
                {p.fields.map((f) => (
                  <Code key={f}>{f} </Code>
                ))}
                {p.showIf === undefined ? '' : ` — only while ${words(p.showIf)}`}
                {p.counted ? ' — counted in “Step n of N”' : ''}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </>
  );
}

function FlowDiagram({ current }: { current: string }) {
  const mermaid = `${flowDiagram(definitions.flow)}\n  style ${current.replace(/-/g, '_')} stroke-width:4px`;
  return (
    <>
      <ol>
        {definitions.flow.steps.map((s) => (
          <li key={s.id} style={s.id === current ? { fontWeight: 700 } : undefined}>
            {s.title}
            {s.showIf === undefined ? '' : ` — only while ${words(s.showIf)}`}
          </li>
        ))}
      </ol>
      <details>
        <summary>The same flow as a Mermaid diagram (paste it into any Mermaid viewer, or see docs/flow.md)</summary>
        <pre className="mermaid">{mermaid}</pre>
      </details>
    </>
  );
}

/** The docs page of one step. */
export function StepDocsPage({ stepId }: { stepId: string }) {
  const def = definitions.steps[stepId];
  const ui = (def.ui as Record<string, unknown>)['ui:options'] as Record<string, unknown> | undefined;
  const examples = Object.entries(def.examples);
  const emptyErrors = engine.evaluateStep(stepId, { [stepId]: {} }).errors;
  return (
    <>
      <h1>{def.flow.title}</h1>
      {typeof ui?.description === 'string' ? <p>{ui.description}</p> : null}
      {typeof def.schema.description === 'string' ? (
        <p>
          <em>{def.schema.description}</em>
        </p>
      ) : null}
      <p>
        Defined in <Code>steps/{stepId}/</Code> (schema.json, ui.json, rules.json). {examples.length} example
        {examples.length === 1 ? '' : 's'}: {examples.map(([name, ex]) => ex.title || name).join(', ') || 'none'}. On an
        empty form the engine reports {emptyErrors.length} error
        {emptyErrors.length === 1 ? '' : 's'}.
      </p>
      <h2>Place in the flow</h2>
      <PlaceInFlow def={def} />
      <FlowDiagram current={stepId} />
      <h2>Fields</h2>
      <FieldsTable def={def} />
      <h2>Rules in plain words</h2>
      <Rules def={def} />
      <Stories title="Stories" />
    </>
  );
}
