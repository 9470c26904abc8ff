import Ajv from 'ajv';
import { documentSchema } from '../../engine/documentSchema.ts';
import { mapDocument } from '../../engine/mapDocument.ts';
import { registerOperations } from '../../engine/operations.ts';
import { schemaAt } from '../../engine/schemaAt.ts';
import type { DocumentMapping, JsonSchema } from '../../engine/types.ts';

const STEPS: Record<string, JsonSchema> = {
  person: {
    type: 'object',
    definitions: { child: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } } } },
    properties: {
      first_name: { type: 'string' },
      sex: { type: 'string', enum: ['male', 'female'] },
      sin_part1: { type: 'string' },
      children: { type: 'array', items: { $ref: '#/definitions/child' } },
    },
  },
  company: {
    type: 'object',
    properties: { legal_name: { type: 'string' }, sex: { type: 'string', enum: ['M', 'F'] } },
  },
};

const MAPPING: DocumentMapping = {
  templates: { party: { kind: 'individual', name: { var: '$who.first_name' } } },
  document: {
    copy: {
      $spread: { var: 'person' },
      $except: ['sin_part1', 'children'],
      has_children: { '>': [{ count: [{ var: 'person.children' }] }, 0] },
    },
    owner: {
      $if: [
        { var: 'person.first_name' },
        { $use: 'party', $with: { $who: { var: 'person' } } },
        { kind: 'entity', name: { var: 'company.legal_name' }, sex: { var: 'company.sex' } },
      ],
    },
    children: {
      $each: { var: 'person.children' },
      $to: { label: { cat: [{ var: '$item.name' }, ' (', { var: '$item.age' }, ')'] }, age: { var: '$item.age' } },
    },
    keyed: {
      $merge: [
        { $entries: { var: 'person.children' }, $key: { cat: ['C', { var: '$index' }] }, $to: { var: '$item' } },
      ],
    },
    count: { $when: { var: 'person.children' }, total: { count: [{ var: 'person.children' }] } },
  },
};

const schema = documentSchema(MAPPING, STEPS);
const at = (path: string) => schemaAt(schema, schema, path.split('.'));

describe('documentSchema: the shape of what a mapping builds, from the mapping and the step schemas', () => {
  it('gives a copied answer its step schema, and a spread the source properties less its exceptions', () => {
    expect(at('copy.first_name')).toMatchObject({ found: true, schema: { type: 'string' } });
    expect(at('copy.sin_part1').found).toBe(false);
    expect(at('copy.has_children')).toMatchObject({ found: true, schema: { type: 'boolean' } });
  });

  it('offers every property of every alternative, with the values of all of them', () => {
    expect(at('owner.kind').found).toBe(true);
    expect(at('owner.name').found).toBe(true);
    const sex = at('owner.sex');
    expect(sex.found && JSON.stringify(sex.schema)).toContain('"M"');
  });

  it('describes rows of $each as a list and keyed $entries (also merged) by any key', () => {
    expect(at('children.0.label')).toMatchObject({ found: true, schema: { type: 'string' } });
    expect(at('children.*.age').found).toBe(true);
    expect(at('keyed.C0.name').found).toBe(true);
    expect(at('keyed.C0.nickname')).toMatchObject({ found: false, candidates: ['name', 'age'] });
  });

  it('names what is not built, with the names that are', () => {
    expect(at('copy.frist_name')).toMatchObject({ found: false, missingAt: 1 });
    expect(at('nothing').found).toBe(false);
  });

  it('validates the documents the mapping builds, whether answers are given or not', () => {
    registerOperations();
    const validate = new Ajv({ strict: false }).compile(schema);
    for (const data of [
      { person: { first_name: 'Ada', sex: 'female', sin_part1: '046', children: [{ name: 'Bo', age: 4 }] } },
      { company: { legal_name: 'Acme Ltd.', sex: 'M' } },
      {},
    ]) {
      const built = mapDocument(MAPPING, data) as { copy: { has_children: unknown } };
      expect(typeof built.copy.has_children).toBe('boolean');
      expect(validate(built), JSON.stringify(validate.errors)).toBe(true);
    }
  });
});
