import type { SchemaError } from './types.ts';

/**
 * A plain-words message for a JSON Schema error that the step's schema gives no `errorMessage` for.
 * @param error - one ajv error
 */
export function fallbackMessage(error: SchemaError): string {
  const p = error.params;
  switch (error.keyword) {
    case 'type': {
      const type = String(p.type);
      if (type.includes('integer')) return 'Please enter a whole number';
      if (type.includes('number')) return 'Please enter a number';
      if (type.includes('boolean')) return 'Please choose yes or no';
      if (type.includes('array')) return 'Please choose from the list';
      if (type.includes('string')) return 'Please enter text';
      return 'This value has the wrong type';
    }
    case 'enum':
      return 'Please choose one of the options';
    case 'const':
      return 'This value is not allowed';
    case 'maxLength':
      return `Must be at most ${String(p.limit)} characters`;
    case 'minLength':
      return `Must be at least ${String(p.limit)} characters`;
    case 'minimum':
      return `Must be at least ${String(p.limit)}`;
    case 'maximum':
      return `Must be at most ${String(p.limit)}`;
    case 'exclusiveMinimum':
      return `Must be more than ${String(p.limit)}`;
    case 'exclusiveMaximum':
      return `Must be less than ${String(p.limit)}`;
    case 'maxItems':
      return `At most ${String(p.limit)} allowed`;
    case 'minItems':
      return `At least ${String(p.limit)} required`;
    case 'uniqueItems':
      return 'Each choice may appear only once';
    case 'multipleOf':
      return 'Please enter a whole number';
    case 'additionalProperties':
      return 'Unknown field';
    case 'format': {
      if (p.format === 'date') return 'Please enter a valid date (YYYY-MM-DD)';
      if (p.format === 'email') return 'Please enter a valid email address';
      return 'Please enter a valid value';
    }
    case 'pattern':
      return 'Please enter a valid value';
    default:
      return error.message ?? 'Invalid value';
  }
}
