import { lintDefinitions } from '../../engine/lintDefinitions.ts';
import { formatProblem } from '../../engine/loadDefinitions.ts';
import { mapSecrets, maskSecrets, maskValue, secretFields, secretPaths } from '../../engine/secretFields.ts';
import type { DefinitionFiles, StepDefinition } from '../../engine/types.ts';
import { definitions } from '../support/engine.ts';
import { realFiles } from '../support/miniDefinitions.ts';

describe('secret fields (x-secret)', () => {
  it('finds the SIN parts of the tax step, and nothing in any other step', () => {
    expect(secretPaths(definitions)).toEqual({
      'tax-information': ['owner1', 'owner2'].flatMap((o) => [
        { path: [`${o}_sin_part1`], showLast: 0 },
        { path: [`${o}_sin_part2`], showLast: 0 },
        { path: [`${o}_sin_part3`], showLast: 3 },
      ]),
    });
  });

  it('reaches nested objects, list rows and definitions', () => {
    const step = {
      schema: {
        type: 'object',
        definitions: {
          person: {
            type: 'object',
            properties: { sin: { type: 'string', 'x-secret': { showLast: 3 } }, name: { type: 'string' } },
          },
        },
        properties: {
          owner: { $ref: '#/definitions/person' },
          others: { type: 'array', items: { $ref: '#/definitions/person' } },
          pin: { type: 'string', 'x-secret': true },
        },
      },
    } as unknown as StepDefinition;
    expect(secretFields(step)).toEqual([
      { path: ['owner', 'sin'], showLast: 3 },
      { path: ['others', '*', 'sin'], showLast: 3 },
      { path: ['pin'], showLast: 0 },
    ]);
    const record = {
      owner: { sin: '046 454 286', name: 'A' },
      others: [{ sin: '130692544' }, { name: 'B' }],
      pin: '',
      kept: 'x',
    };
    expect(maskSecrets(step, record)).toEqual({
      owner: { sin: '*** *** 286', name: 'A' },
      others: [{ sin: '******544' }, { name: 'B' }],
      pin: '',
      kept: 'x',
    });
    expect(record.owner.sin).toBe('046 454 286');
    const seen: string[] = [];
    mapSecrets(record, secretFields(step), (v, _f, path) => {
      seen.push(`${path}=${String(v)}`);
      return v;
    });
    expect(seen).toEqual(['owner.sin=046 454 286', 'others.0.sin=130692544']);
  });

  it('masks letters and digits, keeping the last ones asked for and the separators', () => {
    expect(maskValue('046', 0)).toBe('***');
    expect(maskValue('286', 3)).toBe('286');
    expect(maskValue('046-454-286', 3)).toBe('***-***-286');
    expect(maskValue(12345, 2)).toBe('***45');
  });

  it('masks a tax record for the review as *** *** 286', () => {
    const masked = maskSecrets(definitions.steps['tax-information'], {
      owner1_sin_part1: '046',
      owner1_sin_part2: '454',
      owner1_sin_part3: '286',
      owner1_fatca_status: 'no',
    });
    expect([masked.owner1_sin_part1, masked.owner1_sin_part2, masked.owner1_sin_part3].join(' ')).toBe('*** *** 286');
    expect(masked.owner1_fatca_status).toBe('no');
  });

  it('steps:check refuses an x-secret that is neither true nor { showLast: n }', () => {
    const files = realFiles() as DefinitionFiles & Record<string, Record<string, any>>;
    files['tax-information/schema.json'].properties.owner1_tin['x-secret'] = 'yes';
    files['tax-information/schema.json'].properties.owner2_tin['x-secret'] = { showLast: 3, hide: true };
    expect(lintDefinitions(files).map(formatProblem)).toEqual([
      'steps/tax-information/schema.json /properties/owner1_tin/x-secret: "x-secret" is true (masked whole) or { "showLast": n } with n from 0 to 9',
      'steps/tax-information/schema.json /properties/owner2_tin/x-secret: "x-secret" is true (masked whole) or { "showLast": n } with n from 0 to 9',
    ]);
  });
});
