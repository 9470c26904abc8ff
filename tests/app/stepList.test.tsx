// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { StepList } from '../../app/screening/WizardChrome.tsx';

const steps = [
  { id: 'basic', title: 'Basic Information' },
  { id: 'proposed-insured', title: 'Proposed Insured' },
  { id: 'plan-details', title: 'Plan Details' },
  { id: 'owner', title: 'Owner Information' },
];

describe('the wizard step list', () => {
  it('marks a passed step completed only when its answers are saved, and the current step as current', () => {
    render(<StepList steps={steps} current="plan-details" answered={(id) => id === 'basic'} />);
    const items = within(screen.getByRole('navigation', { name: 'Screening steps' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Basic Information (completed)', '2Proposed Insured', '3Plan Details', '4Owner Information']);
    expect(items[2].getAttribute('aria-current')).toBe('step');
    expect(items.filter((li) => li.getAttribute('aria-current')).length).toBe(1);
  });
});
