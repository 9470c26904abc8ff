// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, render, screen, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loadSteps, screeningRuntime } from '../../app/screening/definitions.ts';
import { StepsGate } from '../../app/screening/StepsGate.tsx';

// The first render is in a synchronous act, which commits the fallback before the step's module can arrive (an
// awaited act may wait long enough for a cached import to settle, and the spinner would never be seen). React does not
// retry a render that suspended in a synchronous act, so the gate is drawn again, in an awaited act, once the step is in.
describe('StepsGate', () => {
  it('shows a spinner, then its children once the step is loaded with its checks', async () => {
    const gate = (
      <StepsGate steps={['medical']} loadingLabel="Loading step...">
        <p>medical form</p>
      </StepsGate>
    );
    let view: RenderResult | undefined;
    act(() => {
      view = render(gate);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading step...');
    expect(screen.queryByText('medical form')).not.toBeInTheDocument();
    await act(() => loadSteps(['medical']));
    await act(async () => view?.rerender(gate));
    expect(screen.getByText('medical form')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    const { engine } = screeningRuntime();
    expect(engine.hasStep('medical')).toBe(true);
    expect(engine.hasStep('purpose-of-insurance')).toBe(false);
    expect(engine.evaluateStep('medical', { medical: {} }).values).toEqual(expect.any(Object));
  });

  it('says plainly when a step cannot be loaded, and offers to try again or reload', async () => {
    await act(async () => {
      render(
        <StepsGate steps={['no-such-step']}>
          <p>never drawn</p>
        </StepsGate>,
      );
      await new Promise((settled) => setTimeout(settled, 0));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded');
    expect(screen.queryByText('never drawn')).not.toBeInTheDocument();
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await new Promise((settled) => setTimeout(settled, 0));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });
});
