// @vitest-environment jsdom
import { cleanup } from '@testing-library/react';
import { definitions, example } from '../support/engine.ts';
import { renderStep } from './helpers.tsx';

afterEach(cleanup);

/** The accessible name of a form control, the way assistive technology finds it. */
function hasName(el: HTMLElement): boolean {
  if (el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')) return true;
  const labels = (el as HTMLInputElement).labels;
  return Boolean(labels && labels.length && [...labels].some((l) => l.textContent?.trim()));
}

const cases = Object.entries(definitions.steps).flatMap(([id, step]) =>
  Object.keys(step.examples).map((name) => [id, name] as const),
);

describe('every step example renders', () => {
  it.each(cases)('%s / %s: no engine errors shown, every control labelled', (stepId, name) => {
    const { container, ref } = renderStep(stepId, example(stepId, name));
    const controls = [...container.querySelectorAll<HTMLElement>('input, select, textarea')];
    const unnamed = controls.filter((c) => !hasName(c)).map((c) => c.id);
    expect(unnamed).toEqual([]);
    expect(ref.current!.view().errors).toEqual([]);
    expect(container.querySelector('.error-summary')).toBeNull();
  });
});
