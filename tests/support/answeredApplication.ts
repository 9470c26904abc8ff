import type { LifeApplication } from '../../app/api/types.ts';

/**
 * An application as the server lists it (every field of the generated LifeApplication), with these fields; they may
 * hold older shapes the app still reads (a face amount as text, no date).
 */
export const answeredApplication = (fields: Record<string, unknown>): LifeApplication =>
  ({
    client_id: 1024,
    client_name: 'Daniel Tremblay',
    updated_at: fields.created_at,
    is_current: false,
    definitions_changed: false,
    role: null,
    generations: [],
    ...fields,
  }) as unknown as LifeApplication;
