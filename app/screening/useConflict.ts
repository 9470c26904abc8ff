import { useState } from 'react';
import type { ConflictError } from './api.ts';

/** A save refused because the step was saved in another window: what it was refused with, and what to retry. */
export function useConflict() {
  const [conflict, setConflict] = useState<null | { error: ConflictError; retry: 'next' | 'save' }>(null);
  return {
    conflict,
    open: (error: ConflictError, retry: 'next' | 'save') => setConflict({ error, retry }),
    close: () => setConflict(null),
  };
}
