// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory } from '../../app/router/memoryHistory.ts';
import { Router } from '../../app/router/Router.tsx';
import { Routes } from '../../app/router/Routes.tsx';
import { StepList, type StepStatus } from '../../app/screening/WizardChrome.tsx';

const steps = [
  { id: 'basic', title: 'Basic Information' },
  { id: 'proposed-insured', title: 'Proposed Insured' },
  { id: 'plan-details', title: 'Plan Details' },
  { id: 'owner', title: 'Owner Information' },
  { id: 'screening-review', title: 'Review' },
];

const items = () => within(screen.getByRole('navigation', { name: 'Screening steps' })).getAllByRole('listitem');

describe('the wizard step list', () => {
  it('checks a step only when its saved answers are complete, and marks the current step', () => {
    const status: Record<string, StepStatus> = {
      basic: 'complete',
      'proposed-insured': 'unanswered',
      'plan-details': 'unanswered',
      owner: 'unanswered',
    };
    render(<StepList steps={steps} current="plan-details" status={(id) => status[id]} />);
    expect(items().map((li) => li.textContent)).toEqual([
      'Basic Information (completed)',
      '2Proposed Insured',
      '3Plan Details',
      '4Owner Information',
      '5Review',
    ]);
    expect(items()[2].getAttribute('aria-current')).toBe('step');
    expect(items().filter((li) => li.getAttribute('aria-current')).length).toBe(1);
  });

  it('flags an answered step with something missing, never with a check, wherever it is', () => {
    const status: Record<string, StepStatus> = {
      basic: 'complete',
      'proposed-insured': 'incomplete',
      'plan-details': 'complete',
      owner: 'incomplete',
    };
    render(<StepList steps={steps} current="basic" status={(id) => status[id]} />);
    const texts = items().map((li) => li.textContent);
    expect(texts[1]).toBe('Proposed Insured (incomplete)');
    // A later step the adviser already completed (an Edit from the review) keeps its check.
    expect(texts[2]).toBe('Plan Details (completed)');
    expect(texts[3]).toBe('Owner Information (incomplete)');
    expect(items()[1].className).toContain('is-incomplete');
    // The review has no answers of its own: it is done only once passed.
    expect(texts[4]).toBe('5Review');
  });

  it('links the steps reached (answered, or before the current one), never the current or an upcoming one, and opens one with the keyboard', async () => {
    const status: Record<string, StepStatus> = {
      basic: 'complete',
      'proposed-insured': 'incomplete',
      'plan-details': 'unanswered',
      owner: 'complete',
    };
    const router = createMemoryHistory(['/s/plan-details']);
    const routes = [
      {
        path: '/s/:step',
        element: (
          <StepList steps={steps} current="plan-details" status={(id) => status[id]} hrefOf={(id) => `/s/${id}`} />
        ),
      },
    ];
    render(
      <Router history={router}>
        <Routes routes={routes} />
      </Router>,
    );
    const nav = screen.getByRole('navigation', { name: 'Screening steps' });
    const links = within(nav).getAllByRole('link');
    // Owner was completed before an Edit from the review: it stays reachable.
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/s/basic', '/s/proposed-insured', '/s/owner']);
    expect(within(nav).getByRole('link', { name: /^Basic Information\s*\(completed\)$/ })).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.tab();
    await user.tab();
    expect(within(nav).getByRole('link', { name: /Proposed Insured/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(router.location.pathname).toBe('/s/proposed-insured');
  });
});
