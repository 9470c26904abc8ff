// @vitest-environment jsdom
/**
 * Issue 32: a long step draws about a screenful of its fields in its first frame and the rest right after, so a step
 * opened directly paints its first questions sooner. A phone's screen (the theme's one-column layout, 640 px wide and
 * under) holds about five fields under the step's header, a laptop's about ten in two columns.
 */
import { act } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { StepForm } from '../../renderer/StepForm.tsx';
import { engine, example } from '../support/engine.ts';

const data = example('owner', 'individual-second-owner');

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

/** A screen as CSS media queries see it: `(max-width: 640px)` matches on a phone only. */
function screenOf(phone: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query === '(max-width: 640px)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

/** The owner step's fields drawn by its first synchronous pass (before any transition), then once complete. */
async function drawnFields(): Promise<{ first: number; complete: number }> {
  flushSync(() => root.render(<StepForm engine={engine} stepId="owner" data={data} onChange={() => undefined} />));
  const first = container.querySelectorAll('.field').length;
  await act(async () => {
    await new Promise((done) => setTimeout(done, 50));
  });
  return { first, complete: container.querySelectorAll('.field').length };
}

describe("a long step's first frame holds about a screenful of fields", () => {
  it('on a phone, six fields first and the rest right after', async () => {
    screenOf(true);
    const { first, complete } = await drawnFields();
    expect(first).toBe(6);
    expect(complete).toBeGreaterThan(30);
  });

  it('on a wider screen, twelve fields first, and the same step once complete', async () => {
    screenOf(false);
    const { first, complete } = await drawnFields();
    expect(first).toBe(12);
    expect(complete).toBeGreaterThan(30);
  });
});
