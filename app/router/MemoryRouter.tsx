import { useState, type ReactNode } from 'react';
import { createMemoryHistory } from './memoryHistory.ts';
import { Router } from './Router.tsx';

/** A router over a history in memory (tests, stories), at the last of `initialEntries`. */
export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children: ReactNode }) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}
