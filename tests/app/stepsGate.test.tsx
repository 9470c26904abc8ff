// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loadSteps, screeningRuntime } from '../../app/screening/definitions.ts';
import { StepsGate } from '../../app/screening/StepsGate.tsx';

// A component that suspends is rendered inside an awaited act, so that React draws it again once its data is in.
describe('StepsGate', () => {
  it('shows a spinner, then its children once the step is loaded with its checks', async () => {
    await act(async () => {
      render(
        <StepsGate steps={['medical']} loadingLabel="Loading step...">
          <p>medical form</p>
        </StepsGate>,
      );
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading step...');
    expect(screen.queryByText('medical form')).not.toBeInTheDocument();
    await act(() => loadSteps(['medical']));
    expect(screen.getByText('medical form')).toBeInTheDocument();
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
