/**
 * Story tests: a story that logs a console error fails (React warnings included), even when it renders.
 */
import { afterEach, beforeEach, vi } from 'vitest';

let logged: unknown[][] = [];

beforeEach(() => {
  logged = [];
  const original = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(args);
    original(...args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (logged.length) {
    const lines = logged.map((args) =>
      args
        .map((a) => (a instanceof Error ? (a.stack ?? a.message) : typeof a === 'string' ? a : JSON.stringify(a)))
        .join(' '),
    );
    throw new Error(`console.error was called ${logged.length} time(s):\n${lines.join('\n')}`);
  }
});
