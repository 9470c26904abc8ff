// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
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
  it('holds Next and Enter until the machine runs, then acts on them once, in order', () => {
    const { rerender } = render(<Held ready={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.keyDown(screen.getByLabelText('name'), { key: 'Enter' });
    expect(screen.getByTestId('pressed')).toHaveTextContent('');
    act(() => rerender(<Held ready />));
    expect(screen.getByTestId('pressed')).toHaveTextContent(/^next,enter$/);
    // Once running, a press acts at once.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('pressed')).toHaveTextContent(/^next,enter,next$/);
  });

  it('leaves the form itself alone meanwhile: a checkbox still ticks', () => {
    render(<Held ready={false} />);
    fireEvent.click(screen.getByLabelText('agree'));
    expect(screen.getByLabelText('agree')).toBeChecked();
  });
});
