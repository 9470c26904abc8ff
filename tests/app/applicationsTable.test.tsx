// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApplicationsTable } from '../../app/components/ApplicationsTable.tsx';
import { locationOf, mockApi, renderRoute, signIn } from './support.tsx';

const APPLICATIONS = [
  { id: 1, created_at: '2024-06-01T12:00:00Z', application_type: 'NEW', product_type: 'term_life', number_of_insureds: 1, status: 'DRAFT', face_amount: 500000 },
  { id: 2, created_at: '2024-06-02T12:00:00Z', application_type: 'ADDITIONAL', product_type: 'whole_life', number_of_insureds: 2, status: 'SUBMITTED', face_amount: '1250000.00' },
  { id: 3, created_at: null, application_type: 'REPLACEMENT', product_type: 'universal_life', number_of_insureds: 1, status: 'IN_REVIEW', face_amount: null },
  { id: 4, created_at: '2024-06-04T12:00:00Z', application_type: 'LINKED', product_type: 'critical_illness_plus', number_of_insureds: 1, status: 'ISSUED', face_amount: 99999.6 },
  { id: 5, created_at: '2024-06-05T12:00:00Z', application_type: 'NEW', product_type: 'term_life', number_of_insureds: 1, status: 'DECLINED', face_amount: 0 },
];

beforeEach(() => {
  sessionStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

function row(id: number) {
  return screen.getAllByRole('row')[id];
}

describe('applications table', () => {
  it('has the columns and the empty text', () => {
    render(<ApplicationsTable applications={[]} />);
    for (const header of ['Date', 'Type', 'Product', 'Insureds', 'Status', 'Face Amount']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(screen.getByText('No insurance applications found')).toBeInTheDocument();
  });

  it('labels types and products, formats CAD without decimals and colours statuses', () => {
    render(<ApplicationsTable applications={APPLICATIONS} />);
    const first = within(row(1));
    expect(first.getByText('New Application')).toBeInTheDocument();
    expect(first.getByText('Term Life')).toBeInTheDocument();
    expect(first.getByText('$500,000')).toBeInTheDocument();
    expect(first.getByText('Jun 1, 2024')).toBeInTheDocument();
    expect(first.getByText('DRAFT')).toHaveClass('badge-yellow');

    const second = within(row(2));
    expect(second.getByText('Additional Coverage')).toBeInTheDocument();
    expect(second.getByText('Whole Life')).toBeInTheDocument();
    expect(second.getByText('$1,250,000')).toBeInTheDocument();
    expect(second.getByText('2')).toBeInTheDocument();
    expect(second.getByText('SUBMITTED')).toHaveClass('badge-blue');

    const third = within(row(3));
    expect(third.getByText('Internal Replacement')).toBeInTheDocument();
    expect(third.getByText('Universal Life')).toBeInTheDocument();
    const notSet = third.getByText('Not set');
    expect(notSet.tagName).toBe('EM');
    expect(third.getByText('-')).toBeInTheDocument();
    expect(third.getByText('IN REVIEW')).toHaveClass('badge-purple');

    const fourth = within(row(4));
    expect(fourth.getByText('Linked Applications')).toBeInTheDocument();
    expect(fourth.getByText('Critical Illness Plus')).toBeInTheDocument();
    expect(fourth.getByText('$100,000')).toBeInTheDocument();
    expect(fourth.getByText('ISSUED')).toHaveClass('badge-green');

    const fifth = within(row(5));
    expect(fifth.getByText('$0')).toBeInTheDocument();
    expect(fifth.getByText('DECLINED')).toHaveClass('badge-red');
  });

  it('is shown on the client profile with the client\'s applications', async () => {
    mockApi({
      'GET /api/brokers/': () => ({ body: [] }),
      'GET /api/clients/5/?include=life_applications': () => ({
        body: { id: 5, first_name: 'Ann', last_name: 'Lee', email: 'a@b.ca', phone_primary: '4165551234', date_of_birth: '1980-02-03', gender_sex_at_birth: 'female', brokers: [], life_applications: APPLICATIONS },
      }),
    });
    renderRoute('/client/profile/5');
    expect(await screen.findByRole('heading', { name: 'Insurance Applications' })).toBeInTheDocument();
    expect(screen.getByText('$1,250,000')).toBeInTheDocument();
  });

  it('"New Insurance Application" creates an application and opens basic screening with its id', async () => {
    const api = mockApi({
      'GET /api/brokers/': () => ({ body: [] }),
      'GET /api/clients/5/?include=life_applications': () => ({ body: { id: 5, first_name: 'Ann', last_name: 'Lee', life_applications: [] } }),
      'POST /api/applications/create_new_application/': () => ({ status: 201, body: { id: 77 } }),
    });
    const { router } = renderRoute('/client/profile/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New Insurance Application' }));
    await waitFor(() => expect(locationOf(router)).toBe('/client/5/screening/basic?application_id=77'));
    expect(api.bodyOf('POST /api/applications/create_new_application/')).toEqual({ client_id: '5' });
  });

  it('shows the create error: error field, else the serialized body, else the default', async () => {
    let answer: { status: number; body?: unknown } = { status: 400, body: { error: 'Client has an open application' } };
    mockApi({
      'GET /api/brokers/': () => ({ body: [] }),
      'GET /api/clients/5/?include=life_applications': () => ({ body: { id: 5, first_name: 'Ann', last_name: 'Lee' } }),
      'POST /api/applications/create_new_application/': () => answer,
    });
    renderRoute('/client/profile/5');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'New Insurance Application' });
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('Client has an open application');
    answer = { status: 400, body: { client_id: ['Invalid pk'] } };
    await user.click(button);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('{"client_id":["Invalid pk"]}'));
    answer = { status: 500 };
    await user.click(button);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to create new application'));
  });

  it('needs a client: "Client ID is required" on the blank profile', async () => {
    const api = mockApi({ 'GET /api/brokers/': () => ({ body: [] }) });
    renderRoute('/client/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New Insurance Application' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Client ID is required');
    expect(api.calls()).toEqual(['GET /api/brokers/']);
  });
});
