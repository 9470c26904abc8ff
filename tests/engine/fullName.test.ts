/** Issue 25: one name formatter, "First M. Last", used by the payload and summary documents alike. */
import jsonLogic from 'json-logic-js';
import { customOperations, registerOperations } from '../../engine/operations.ts';
import { definitions } from '../support/engine.ts';

const { fullName } = customOperations;

describe('fullName: a name as every output prints it', () => {
  it('writes "First M. Last", leaving blank parts out', () => {
    expect(fullName('Mary', 'J', 'Smith')).toBe('Mary J. Smith');
    expect(fullName('Mary', '  ', 'Smith')).toBe('Mary Smith');
    expect(fullName('Mary', null, 'Smith')).toBe('Mary Smith');
    expect(fullName(null, 'J', 'Smith')).toBe('J. Smith');
    expect(fullName('Nguyễn', undefined, 'Łukasik')).toBe('Nguyễn Łukasik');
  });

  it('is null when every part is blank, so "Not specified" shows instead', () => {
    expect(fullName(null, '', undefined)).toBeNull();
    expect(fullName(' ', null, '')).toBeNull();
  });

  it('is a JSON-Logic operation the documents call', () => {
    registerOperations();
    const logic = { fullName: [{ var: 'p.first_name' }, { var: 'p.middle_name' }, { var: 'p.last_name' }] };
    expect(jsonLogic.apply(logic, { p: { first_name: 'Ana', middle_name: 'B', last_name: 'Díaz' } })).toBe(
      'Ana B. Díaz',
    );
  });

  it('is the only place the generation documents format a name (no hand-built "First M. Last" left)', () => {
    const documents = JSON.stringify(definitions.steps['pdf-generation'].documents);
    expect(documents).toContain('"fullName"');
    expect(documents).not.toMatch(/"cat":\[\{"var":"[^"]*middle_name"\},"\."\]/);
  });
});
