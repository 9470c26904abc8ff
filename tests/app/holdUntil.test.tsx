// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useHoldUntil } from '../../app/screening/useHoldUntil.ts';

/** A step's buttons and a field, inside the wizard's area that holds them until the flow machine runs. */
function Held({ ready }: { ready: boolean }) {
  const hold = useHoldUntil(ready);
  const [pressed, setPressed] = useState<string[]>([]);
  const press = (what: string) => setPressed((p) => [...p, what]);
  return (
    <div {...hold}>
      <input aria-label="name" onKeyDown={(e) => e.key === 'Enter' && press('enter')} />
      <input type="checkbox" aria-label="agree" />
      <button type="button" onClick={() => press('next')}>
        Next
      </button>
      <p data-testid="pressed">{pressed.join(',')}</p>
    </div>
  );
}

describe('the wizard before its flow machine runs (useHoldUntil)', () => {
  it('holds Next and Enter until the machine runs, then acts on them once, in order', async () => {
    const { rerender } = render(<Held ready={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.keyDown(screen.getByLabelText('name'), { key: 'Enter' });
    expect(screen.getByTestId('pressed')).toHaveTextContent('');
    act(() => rerender(<Held ready />));
    await waitFor(() => expect(screen.getByTestId('pressed')).toHaveTextContent(/^next,enter$/));
    // Once running, a press acts at once.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('pressed')).toHaveTextContent(/^next,enter,next$/);
  });

  it('replays each press once the one before it was drawn: Next sees the choice pressed just before it', async () => {
    function Choice({ ready }: { ready: boolean }) {
      const hold = useHoldUntil(ready);
      const [choice, setChoice] = useState('none');
      const [seen, setSeen] = useState<string[]>([]);
      return (
        <div {...hold}>
          <button type="button" onClick={() => setChoice('one')}>
            One
          </button>
          <button type="button" onClick={() => setSeen((s) => [...s, choice])}>
            Next
          </button>
          <p data-testid="seen">{seen.join(',')}</p>
        </div>
      );
    }
    const { rerender } = render(<Choice ready={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'One' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    act(() => rerender(<Choice ready />));
    await waitFor(() => expect(screen.getByTestId('seen')).toHaveTextContent(/^one$/));
  });

  it('leaves the form itself alone meanwhile: a checkbox still ticks', () => {
    render(<Held ready={false} />);
    fireEvent.click(screen.getByLabelText('agree'));
    expect(screen.getByLabelText('agree')).toBeChecked();
  });
});
