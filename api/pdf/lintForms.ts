import { formFile, templateFile } from './formFiles.ts';
import Ajv, { type ErrorObject } from 'ajv';
import {
  answerFields,
  closestName,
  documentSchema,
  documentSources,
  fieldAt,
  finalStepOf,
  schemaAt,
} from '../../engine/index.ts';
import type { DocumentMapping, DefinitionProblem, JsonSchema, UiDefinition } from '../../engine/index.ts';
import { PAYLOAD_ROOT, answersOf, withN } from './answerPaths.ts';
import { claimsBeyond, subjectWords } from './labelClaims.ts';
import { memoSources, placedAnswers } from './placedAnswers.ts';
import type { FieldFormat, FormColumn, FormField, FormMapping, FormSection } from './types.ts';

/** What the forms linter reads: plain files, no engine. */
export interface FormsLintInput {
  /** forms/<name>/form.json, parsed, keyed by name (bmo, canada_life). */
  mappings: { [name: string]: unknown };
  /** Field names of forms/<name>/template.pdf, for the mappings that have a template. */
  templateFields: { [name: string]: string[] };
  /** forms/_meta/form.schema.json. */
  formSchema: JsonSchema;
  /** steps/flow.json. */
  flow: { review: string; steps: { id: string; title: string; final?: boolean }[] };
  /** steps/<id>/schema.json, keyed by step id. */
  stepSchemas: { [stepId: string]: JsonSchema };
  /** steps/<id>/ui.json, keyed by step id: the order and widgets of the answers (notes only). */
  stepUis?: { [stepId: string]: UiDefinition };
  /** The final step's payload mapping (documents/payload.json): which `payload.…` answers exist, and what each is built from. */
  payloadMapping?: DocumentMapping;
  /** Folder name used in the reports; default "forms". */
  root?: string;
}

type Schema = JsonSchema;

function typesOf(schema: Schema): Set<string> {
  const out = new Set<string>();
  const add = (s: Schema): void => {
    const t = s.type;
    if (typeof t === 'string') out.add(t);
    else if (Array.isArray(t)) for (const x of t) out.add(String(x));
    for (const b of [...((s.anyOf ?? []) as Schema[]), ...((s.oneOf ?? []) as Schema[])]) add(b);
  };
  add(schema);
  return out;
}

/** True for a lookupSelect over a flow.json list (the plans of the catalogues): its rows label its values. */
function listedChoice(input: FormsLintInput, answer: string): boolean {
  const [stepId, ...path] = answer.split('.');
  const field = fieldAt(input.stepSchemas[stepId] ?? {}, input.stepUis?.[stepId] ?? {}, path);
  const options = (field?.ui['ui:options'] ?? {}) as { source?: unknown };
  const lists = (input.flow as { lists?: Record<string, unknown> }).lists ?? {};
  return field?.ui['ui:widget'] === 'lookupSelect' && typeof options.source === 'string' && options.source in lists;
}

function enumOf(schema: Schema): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  const items = schema.items as Schema | undefined;
  if (items && Array.isArray(items.enum)) return items.enum;
  return undefined;
}

const NEEDS: Partial<Record<FieldFormat, { types: string[]; words: string }>> = {
  yesno: { types: ['boolean'], words: 'a true/false answer' },
  money: { types: ['number', 'integer'], words: 'a number' },
  number: { types: ['number', 'integer'], words: 'a number' },
  percent: { types: ['number', 'integer'], words: 'a number' },
  date: { types: ['string'], words: 'a text date' },
  sin: { types: ['string'], words: 'a text answer' },
  list: { types: ['array'], words: 'a list' },
  table: { types: ['array'], words: 'a list of rows' },
};

function describeAjv(e: ErrorObject): string {
  if (e.keyword === 'additionalProperties')
    return `unknown key "${String((e.params as { additionalProperty: string }).additionalProperty)}"`;
  if (e.keyword === 'enum')
    return `${e.message ?? 'not allowed'}: ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)}`;
  return e.message ?? 'invalid';
}

/**
 * Lints the insurer form mappings against the step definitions, like steps:check does for steps/:
 * the mapping's shape (forms/_meta/form.schema.json); every answer, showIf and table column path exists in a
 * step's schema.json (or in the generation payload) and suits its format; enum option values exist; each
 * insurer of populate_forms has one mapping; and, with a template, every AcroForm field is mapped or ignored.
 * An answer a mapping does not place is no problem (it prints under "Other answers"): see formNotes.
 * @returns the problems, as `{file, path (JSON pointer), message}`; empty when everything checks out
 * @example lintForms(input).map(formatProblem) // ['forms/bmo/form.json /sections/2/fields/4: answer "owner.ownr_type" is not a field of any step (did you mean owner.owner_type?)']
 */
export function lintForms(input: FormsLintInput): DefinitionProblem[] {
  const root = input.root ?? 'forms';
  const problems: DefinitionProblem[] = [];
  const report = (file: string, path: string, message: string): void => {
    if (!problems.some((p) => p.file === file && p.path === path && p.message === message))
      problems.push({ file, path, message });
  };
  const steps: Record<string, Schema> = {};
  for (const [id, schema] of Object.entries(input.stepSchemas)) {
    const { $schema: _drop, ...rest } = schema;
    void _drop;
    steps[id] = rest;
  }
  // The payload's shape is the payload mapping's: a form's `payload.…` path is checked against what it builds.
  const payload: Schema = input.payloadMapping
    ? documentSchema(input.payloadMapping, steps)
    : { type: 'object', properties: {} };
  const stepIds = Object.keys(steps);
  // The definitions' own label of every answer (`lifestyle.lifestyle_data_1.tobacco_last_12_months`, rows as `*`):
  // a carrier label may word it differently, but may not claim a subject that no answer it prints asks about.
  // Only yes/no questions are checked: a "Yes" printed under a wider question says what the client never said.
  const ownLabels = new Map<string, string>();
  const questions: string[] = [];
  for (const id of stepIds)
    for (const f of answerFields({ schema: input.stepSchemas[id], ui: input.stepUis?.[id] ?? {} })) {
      ownLabels.set(`${id}.${f.path}`, f.titles.join(' — '));
      const leaf = schemaAt(steps[id], steps[id], f.path.split('.'));
      if (leaf.found && typesOf(leaf.schema).has('boolean')) questions.push(f.titles[f.titles.length - 1] ?? '');
    }
  const subjects = subjectWords(questions);

  const payloadSources = memoSources((path) =>
    input.payloadMapping ? documentSources(input.payloadMapping, path) : [],
  );
  const asked = (answer: string): string[] => {
    const path = withN(answer, 1)
      .split('.')
      .map((s) => (/^\d+$/.test(s) ? '*' : s));
    const leaves = path[0] === PAYLOAD_ROOT ? payloadSources(path.slice(1).join('.')) : [path.join('.')];
    return leaves.map((leaf) => ownLabels.get(leaf)).filter((t): t is string => t !== undefined);
  };
  const ajv = new Ajv({ allErrors: true, strict: false });
  const { $schema: _meta, ...formSchema } = input.formSchema;
  void _meta;
  const validate = ajv.compile(formSchema);

  /**
   * Resolves a path; on failure gives the message's tail ("is not a field of any step (did you mean …?)"),
   * its suggestion written over `original` (the path as the mapping spells it, with `{n}`).
   */
  const resolve = (path: string, original: string = path): { schema?: Schema; problem?: string; guess?: string } => {
    const segs = path.split('.');
    const orig = original.split('.');
    const suggest = (index: number, guess: string): string => orig.map((s, k) => (k === index ? guess : s)).join('.');
    const isPayload = segs[0] === PAYLOAD_ROOT;
    if (!isPayload && !steps[segs[0]]) {
      const guess = closestName(segs[0], [...stepIds, PAYLOAD_ROOT]);
      return { problem: `is not a field of any step${guess ? ` (did you mean ${suggest(0, guess)}?)` : ''}` };
    }
    const base = isPayload ? payload : steps[segs[0]];
    const found = schemaAt(base, base, segs.slice(1));
    if (found.found) return { schema: found.schema };
    const guess = closestName(segs[found.missingAt + 1], found.candidates);
    const where = isPayload ? 'the generation payload' : 'any step';
    return {
      problem: `is not a field of ${where}${guess ? ` (did you mean ${suggest(found.missingAt + 1, guess)}?)` : ''}`,
      guess,
    };
  };

  const insurers = new Map<string, string>();
  const allowedInsurers = enumOf(
    ((steps[finalStepOf(input.flow)]?.properties ?? {}) as Record<string, Schema>).populate_forms ?? {},
  ) as string[] | undefined;

  for (const [name, raw] of Object.entries(input.mappings)) {
    const file = formFile(root, name);
    if (!validate(raw)) {
      const errors = validate.errors ?? [];
      const specific = errors.filter((e) => !['anyOf', 'oneOf', 'allOf', 'if'].includes(e.keyword));
      for (const e of specific.length ? specific : errors) report(file, e.instancePath, describeAjv(e));
      continue;
    }
    const mapping = raw as FormMapping;

    if (allowedInsurers && !allowedInsurers.includes(mapping.insurer)) {
      report(
        file,
        '/insurer',
        `insurer "${mapping.insurer}" is not one of populate_forms' insurers (${allowedInsurers.join(', ')})`,
      );
    }
    if (insurers.has(mapping.insurer))
      report(
        file,
        '/insurer',
        `insurer "${mapping.insurer}" is already mapped by ${formFile(root, insurers.get(mapping.insurer) ?? '')}`,
      );
    else insurers.set(mapping.insurer, name);
    if (name !== mapping.insurer.toLowerCase())
      report(
        file,
        '/insurer',
        `the mapping of "${mapping.insurer}" must be in ${formFile(root, mapping.insurer.toLowerCase())}`,
      );

    const template = input.templateFields[name];
    const usedAcro = new Set<string>();

    const checkPath = (pointer: string, what: string, path: string, ns: (number | undefined)[]): Schema | undefined => {
      let schema: Schema | undefined;
      for (const n of ns) {
        const r = resolve(withN(path, n), path);
        if (r.problem) {
          report(file, pointer, `${what} "${path}" ${r.problem}`);
          return undefined;
        }
        schema ??= r.schema;
      }
      return schema;
    };

    const checkFormat = (
      pointer: string,
      label: string,
      format: FieldFormat | undefined,
      schema: Schema,
      options: Record<string, string> | undefined,
    ): void => {
      const need = format ? NEEDS[format] : undefined;
      const types = typesOf(schema);
      if (need && types.size > 0 && !need.types.some((t) => types.has(t))) {
        report(
          file,
          pointer,
          `format ${format} needs ${need.words}, but "${label}" is ${[...types].filter((t) => t !== 'null').join(' or ')}`,
        );
      }
      const values = enumOf(schema);
      if (options && values && format !== 'yesno') {
        for (const key of Object.keys(options)) {
          if (!values.some((v) => String(v) === key))
            report(
              file,
              `${pointer}/options/${key}`,
              `option "${key}" is not a value of "${label}" (values: ${values.filter((v) => v !== null).join(', ')})`,
            );
        }
      }
    };

    const blocks: Record<string, number> = {};
    mapping.sections.forEach((section: FormSection, i) => {
      const sp = `/sections/${i}`;
      const ns = section.each ? section.each.map((e) => e.n) : [undefined];
      const hasN = (text: string | undefined): boolean => Boolean(text?.includes('{n}'));
      if (!section.each && (hasN(section.title) || hasN(section.showIf)))
        report(file, sp, 'uses {n} but has no "each"');
      if (section.showIf) checkPath(`${sp}/showIf`, 'showIf', section.showIf, ns);
      if (section.block) blocks[section.block] = (blocks[section.block] ?? 0) + 1;
      (section.fields ?? []).forEach((field: FormField, j) => {
        const fp = `${sp}/fields/${j}`;
        const answers = answersOf(field);
        if (!section.each && answers.some(hasN)) report(file, fp, 'uses {n} but its section has no "each"');
        const schemas = answers.map((a, k) =>
          checkPath(Array.isArray(field.answer) ? `${fp}/answer/${k}` : fp, 'answer', a, ns),
        );
        if (field.showIf) checkPath(`${fp}/showIf`, 'showIf', field.showIf, ns);
        const texts = field.format === 'yesno' ? answers.flatMap(asked) : [];
        const claimed = texts.length ? claimsBeyond(field.label, texts, subjects) : [];
        if (claimed.length)
          report(
            file,
            `${fp}/label`,
            `label "${field.label}" claims ${claimed.map((w) => `"${w}"`).join(', ')}, which ${answers.length > 1 ? 'none of its answers asks' : `"${answers[0]}" does not ask`} (${texts.map((t) => `"${t}"`).join(', ')}): word it as its answer${answers.length > 1 ? 's' : ''}, or name every answer it combines in "answer"`,
          );
        const format = field.format ?? 'text';
        if (answers.length > 1 && format !== 'text')
          report(file, fp, `several answers are joined as text; format ${format} needs one answer`);
        const schema = schemas[0];
        if (answers.length === 1 && schema) {
          checkFormat(fp, answers[0], format, schema, field.options);
          if (format === 'table' && field.columns) {
            const rowPath = `${answers[0]}.*`;
            field.columns.forEach((column: FormColumn, k) => {
              const cp = `${fp}/columns/${k}`;
              const r = resolve(withN(`${rowPath}.${column.answer}`, ns[0]));
              if (r.problem) {
                const guess = r.guess ? [...column.answer.split('.').slice(0, -1), r.guess].join('.') : undefined;
                report(
                  file,
                  cp,
                  `column "${column.answer}" is not a field of the rows of "${answers[0]}"${guess ? ` (did you mean ${guess}?)` : ''}`,
                );
              } else if (r.schema) {
                checkFormat(cp, `${answers[0]}.${column.answer}`, column.format, r.schema, column.options);
              }
            });
          }
        }
        const places: [string, string][] = [
          ...(field.acroField ? [[`${fp}/acroField`, field.acroField] as [string, string]] : []),
          ...Object.entries(field.acroDate ?? {}).map(([k, v]): [string, string] => [`${fp}/acroDate/${k}`, v]),
          ...Object.entries(field.acroChoices ?? {}).map(([k, v]): [string, string] => [`${fp}/acroChoices/${k}`, v]),
        ];
        for (const [pointer, acroName] of places) {
          for (const n of ns) {
            const acro = withN(acroName, n);
            usedAcro.add(acro);
            if (template && !template.includes(acro)) {
              const guess = closestName(acro, template);
              report(
                file,
                pointer,
                `acroField "${acro}" is not a field of ${templateFile(root, name)}${guess ? ` (did you mean ${guess}?)` : ''}`,
              );
            }
          }
        }
        if (template && !mapping.appendLayout && !places.length && format !== 'table')
          report(
            file,
            fp,
            `"${field.label}" has no field in ${templateFile(root, name)}: give it an acroField (or acroDate, acroChoices), or set "appendLayout": true to print the drawn pages after the template`,
          );
      });
    });
    (mapping.questionnaires ?? []).forEach((questionnaire, i) => {
      const ns = questionnaire.each ? questionnaire.each.map((e) => e.n) : [undefined];
      questionnaire.when.forEach((path, k) => {
        const schema = checkPath(`/questionnaires/${i}/when/${k}`, 'answer', path, ns);
        if (schema) checkFormat(`/questionnaires/${i}/when/${k}`, path, 'yesno', schema, undefined);
      });
    });
    // A filled template alone draws no blocks: its plan and beneficiary fields are mapped one by one.
    const drawn = !input.templateFields[name] || mapping.appendLayout;
    for (const block of ['beneficiaries', 'plans']) {
      if (!blocks[block] && drawn) report(file, '/sections', `needs a section with "block": "${block}"`);
      else if (blocks[block] > 1) report(file, '/sections', `has ${blocks[block]} "${block}" blocks; one is enough`);
    }

    const ignored = mapping.ignoredFields ?? [];
    if (template) {
      for (const field of template) {
        if (!usedAcro.has(field) && !ignored.includes(field)) {
          report(
            templateFile(root, name),
            `/${field}`,
            `template field "${field}" is neither mapped (acroField in ${formFile(root, name)}) nor listed under ignoredFields`,
          );
        }
      }
      ignored.forEach((field, k) => {
        if (!template.includes(field))
          report(file, `/ignoredFields/${k}`, `ignored field "${field}" is not a field of ${templateFile(root, name)}`);
        else if (usedAcro.has(field))
          report(file, `/ignoredFields/${k}`, `field "${field}" is both mapped and ignored`);
      });
    } else if (ignored.length) {
      report(file, '/ignoredFields', `lists ignored fields but ${templateFile(root, name)} does not exist`);
    }
  }

  for (const insurer of allowedInsurers ?? []) {
    if (!insurers.has(insurer))
      report(`${root}/`, '', `no mapping for insurer "${insurer}" (expected ${formFile(root, insurer.toLowerCase())})`);
  }

  // The documents' label sets (the final step's ui:options.labels) name step answers with options.
  const final = finalStepOf(input.flow);
  const labelSets =
    ((input.stepUis?.[final]?.['ui:options'] ?? {}) as { labels?: Record<string, unknown> }).labels ?? {};
  for (const [name, source] of Object.entries(labelSets)) {
    const from: unknown[] = Array.isArray(source)
      ? source
      : Array.isArray((source as { from?: unknown })?.from)
        ? (source as { from: unknown[] }).from
        : [];
    const base = Array.isArray(source) ? `/ui:options/labels/${name}` : `/ui:options/labels/${name}/from`;
    from.forEach((answer, k) => {
      const found = typeof answer === 'string' ? resolve(answer) : { problem: 'is not a step path' };
      const where = `steps/${final}/ui.json`;
      if (found.problem) report(where, `${base}/${k}`, `"${String(answer)}" ${found.problem}`);
      else if (!enumOf(found.schema ?? {}) && !listedChoice(input, String(answer)))
        report(where, `${base}/${k}`, `"${String(answer)}" has no options to take labels from`);
    });
  }
  return problems;
}

/** An answer of the screening that a mapping does not place: it prints under "Other answers" in that insurer's PDF. */
export interface FormNote {
  /** forms/<name>/form.json */
  file: string;
  /** The answer as a mapping would write it: `lifestyle.lifestyle_data_{n}.scuba_depth` when every insured's is unplaced. */
  answer: string;
  /** Where it would fit: the section placing the most answers of the same object (else of the same step). */
  section?: { index: number; title: string };
}

/** `insured_2` -> `insured_{n}`: one path for every insured's copy of a field, as the mappings write them. */
const perInsured = (path: string): string =>
  path
    .split('.')
    .map((s) => s.replace(/_\d+$/, '_{n}'))
    .join('.');
const parentOf = (path: string): string => path.split('.').slice(0, -1).join('.');

/**
 * The answers of the screening that each mapping does not place, one per leaf field of every step of flow.json
 * (not the review, not the final step; rows as `*`), a field of every insured written once with `{n}` when no
 * insured's copy is placed. Each comes with a suggested section: the one that already places the most fields of the
 * same object, else of the same step, else none ("Other answers"). Notes are no failures.
 * @returns the notes, mapping by mapping (files in input order), fields in flow and form order
 */
export function formNotes(input: FormsLintInput): FormNote[] {
  const root = input.root ?? 'forms';
  const final = finalStepOf(input.flow);
  const leaves: string[] = [];
  for (const step of input.flow.steps) {
    if (step.id === input.flow.review || step.id === final || !input.stepSchemas[step.id]) continue;
    const definition = { schema: input.stepSchemas[step.id], ui: input.stepUis?.[step.id] ?? {} };
    for (const field of answerFields(definition)) leaves.push(`${step.id}.${field.path}`);
  }
  const family = new Map<string, string[]>();
  for (const leaf of leaves) family.set(perInsured(leaf), [...(family.get(perInsured(leaf)) ?? []), leaf]);
  const payload = input.payloadMapping;
  const sourcesOf = memoSources((path) => (payload ? documentSources(payload, path) : []));
  const ajv = new Ajv({ allErrors: true, strict: false });
  const { $schema: _meta, ...formSchema } = input.formSchema;
  void _meta;
  const valid = ajv.compile(formSchema);

  const notes: FormNote[] = [];
  for (const [name, raw] of Object.entries(input.mappings)) {
    // A mapping of the wrong shape is reported as a problem; its notes would only add noise.
    if (!valid(raw)) continue;
    const mapping = raw as FormMapping;
    const placed = placedAnswers(mapping, sourcesOf);
    const unplaced = leaves.filter((leaf) => !placed.all.has(leaf));
    const written = new Set<string>();
    for (const leaf of unplaced) {
      const folded = perInsured(leaf);
      const members = family.get(folded) ?? [leaf];
      const answer = members.length > 1 && members.every((m) => !placed.all.has(m)) ? folded : leaf;
      if (written.has(answer)) continue;
      written.add(answer);
      const parent = parentOf(perInsured(leaf));
      const words = (perInsured(leaf).split('.').pop() ?? '').split('_');
      /** How many leading words of the field's name a placed path's name shares (owner.individual_2_city, owner.individual_2_phone: 2). */
      const shared = (p: string): number => {
        const other = (perInsured(p).split('.').pop() ?? '').split('_');
        let k = 0;
        while (k < words.length - 1 && words[k] === other[k]) k++;
        return k;
      };
      // The section placing the field with the closest name among the most fields of the same object, else of the same step.
      const near = (same: (p: string) => boolean): number => {
        let best = -1;
        let score: [number, number] = [-1, 0];
        placed.bySection.forEach((paths, i) => {
          let count = 0;
          let closest = 0;
          for (const p of paths) {
            if (!same(p)) continue;
            count++;
            closest = Math.max(closest, shared(p));
          }
          if (count && (closest > score[0] || (closest === score[0] && count > score[1])))
            [best, score] = [i, [closest, count]];
        });
        return best;
      };
      const stepId = leaf.split('.')[0];
      let index = parent.includes('.') ? near((p) => parentOf(perInsured(p)) === parent) : -1;
      if (index < 0) index = near((p) => parentOf(perInsured(p)) === stepId || p.split('.')[0] === stepId);
      notes.push({
        file: formFile(root, name),
        answer,
        ...(index >= 0 ? { section: { index, title: mapping.sections[index].title } } : {}),
      });
    }
  }
  return notes;
}
