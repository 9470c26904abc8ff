import { readDefinitionFiles } from '../../api/definitions/readDefinitionFiles.ts';
import type { DefinitionFiles } from '../../engine/index.ts';
import { specText } from './specText.ts';

const real = readDefinitionFiles('steps');

/** The real steps/ files as a fresh copy, to break one thing at a time in linter tests. */
export function realFiles(): DefinitionFiles {
  return structuredClone(real);
}

/** The real meta-schemas plus the given files: a tiny screening for engine tests. */
export function miniFiles(files: DefinitionFiles): DefinitionFiles {
  const meta = Object.fromEntries(Object.entries(real).filter(([k]) => k.startsWith('_meta/')));
  return { ...structuredClone(meta), ...structuredClone(files) };
}

/**
 * A two-step screening: "person" (with a PO-box toggle, a patterned postal code, email with consent,
 * a computed full name and per-insured groups) and a final "done" step.
 */
export function personFiles(): DefinitionFiles {
  return miniFiles({
    'flow.json': {
      review: 'review',
      steps: [
        { id: 'person', title: 'Person' },
        { id: 'review', title: 'Review' },
        { id: 'done', title: 'Done', final: true },
      ],
    },
    'person/schema.json': {
      type: 'object',
      additionalProperties: false,
      properties: {
        first_name: { type: 'string', maxLength: 50 },
        last_name: { type: 'string' },
        full_name: { type: ['string', 'null'] },
        postal_code: {
          type: 'string',
          pattern: '^[A-Za-z]\\d[A-Za-z][ -]?\\d[A-Za-z]\\d$',
          errorMessage: { pattern: specText('owner.postal_code.errorMessage.pattern') },
        },
        email_consent: { type: 'boolean' },
        email: {
          type: 'string',
          format: 'email',
          errorMessage: { format: specText('client-profile.email.errorMessage.type') },
        },
        insured_1: { $ref: '#/definitions/ins' },
        insured_2: { $ref: '#/definitions/ins' },
        rows: {
          type: 'array',
          items: {
            type: 'object',
            properties: { name: { type: 'string' }, dob: { type: ['string', 'null'] }, minor: { type: 'boolean' } },
          },
        },
      },
      definitions: {
        ins: {
          type: 'object',
          properties: {
            assets: { type: ['number', 'null'] },
            debts: { type: ['number', 'null'] },
            net: { type: ['number', 'null'] },
          },
        },
      },
    },
    'person/ui.json': { first_name: { 'ui:title': 'First Name' } },
    'person/rules.json': {
      visibility: [{ fields: ['email'], showIf: { '===': [{ var: 'person.email_consent' }, true] } }],
      validation: [
        {
          field: 'first_name',
          required: true,
          message: specText('proposed-insured.groups.insured_1.validation.last_name.required.message'),
        },
        { field: 'email', required: true, message: 'Email is required with consent' },
        {
          field: 'rows.*.name',
          required: true,
          message: 'Row {n} needs a name',
          params: { n: { '+': [{ var: '$index' }, 1] } },
        },
      ],
      computed: [
        { field: 'full_name', value: { cat: [{ var: 'person.first_name' }, ' ', { var: 'person.last_name' }] } },
        { field: 'rows.*.minor', value: { '!': { isBlank: [{ var: '$item.dob' }] } } },
      ],
      groups: [
        {
          each: [
            { path: 'insured_1', params: { who: 'Insured 1' } },
            { path: 'insured_2', params: { who: 'Insured 2' } },
          ],
          validation: [{ field: 'assets', required: true, message: 'Assets are required for {who}' }],
          computed: [
            {
              field: 'net',
              value: { '-': [{ var: '$scope.assets' }, { var: '$scope.debts' }] },
              when: { and: [{ isNumber: [{ var: '$scope.assets' }] }, { isNumber: [{ var: '$scope.debts' }] }] },
            },
          ],
        },
      ],
    },
    'review/schema.json': { type: 'object', properties: {} },
    'review/ui.json': {},
    'review/rules.json': {},
    'done/schema.json': { type: 'object', properties: {} },
    'done/ui.json': {},
    'done/rules.json': {},
  });
}
