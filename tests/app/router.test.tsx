// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createBrowserHistory } from '../../app/router/browserHistory.ts';
import { createMemoryHistory } from '../../app/router/memoryHistory.ts';
import { Link } from '../../app/router/Link.tsx';
import { NavLink } from '../../app/router/NavLink.tsx';
import { Outlet } from '../../app/router/Outlet.tsx';
import { Router } from '../../app/router/Router.tsx';
import { Routes } from '../../app/router/Routes.tsx';
import type { RouteObject } from '../../app/router/types.ts';
import { useLocation } from '../../app/router/useLocation.ts';
import { useMatchedRoute } from '../../app/router/useMatchedRoute.ts';
import { useParams } from '../../app/router/useParams.ts';
import { useSearchParams } from '../../app/router/useSearchParams.ts';
import { useLeaveGuard } from '../../app/screening/useLeaveGuard.ts';

const always = () => true;

describe('the history in memory', () => {
  it('pushes, replaces and goes back, the first entry keyed "default" and each navigation its state', () => {
    const history = createMemoryHistory(['/start']);
    expect(history.location).toMatchObject({ pathname: '/start', key: 'default', state: null });
    history.navigate('/a?x=1#top', { state: { from: '/start' } });
    expect(history.location).toMatchObject({ pathname: '/a', search: '?x=1', hash: '#top', state: { from: '/start' } });
    expect(history.location.key).not.toBe('default');
    history.navigate('/b', { replace: true });
    // Again to the URL shown: replaced, so back does not stay on it.
    history.navigate('/b');
    history.navigate(-1);
    expect(history.location.pathname).toBe('/start');
    history.navigate(1);
    expect(history.location.pathname).toBe('/b');
  });

  it('holds a navigation the blocker refuses until proceed(), and drops it on reset()', () => {
    const history = createMemoryHistory(['/step']);
    const check = vi.fn(always);
    history.setBlocker(check);
    history.navigate('/elsewhere');
    expect(check).toHaveBeenCalledWith({
      currentLocation: expect.objectContaining({ pathname: '/step' }),
      nextLocation: expect.objectContaining({ pathname: '/elsewhere' }),
    });
    expect(history.location.pathname).toBe('/step');
    expect(history.blocker.state).toBe('blocked');
    history.blocker.reset();
    expect(history.blocker.state).toBe('unblocked');
    expect(history.location.pathname).toBe('/step');

    history.navigate('/elsewhere');
    history.blocker.proceed();
    expect(history.location.pathname).toBe('/elsewhere');
    expect(history.blocker.state).toBe('unblocked');
    // The page the blocker came with is gone: back is free.
    history.setBlocker(null);
    history.navigate(-1);
    expect(history.location.pathname).toBe('/step');
  });

  it('holds back and forward too: the entry left stays current until proceed()', () => {
    const history = createMemoryHistory(['/list']);
    history.navigate('/step');
    history.setBlocker(always);
    history.navigate(-1);
    expect(history.location.pathname).toBe('/step');
    expect(history.blocker.state).toBe('blocked');
    history.blocker.proceed();
    expect(history.location.pathname).toBe('/list');
    // Removing the blocker lets every navigation through.
    history.setBlocker(null);
    history.navigate(1);
    expect(history.location.pathname).toBe('/step');
  });

  it('undoes a second back while the first waits for an answer, and proceeds with the first', () => {
    const history = createMemoryHistory(['/list']);
    history.navigate('/client');
    history.navigate('/step');
    history.setBlocker(always);
    history.navigate(-1);
    expect(history.blocker.state).toBe('blocked');
    // The dialog still asks: a second back is undone, not taken.
    history.navigate(-1);
    expect(history.location.pathname).toBe('/step');
    expect(history.blocker.state).toBe('blocked');
    history.blocker.proceed();
    expect(history.location.pathname).toBe('/client');
    history.setBlocker(null);
    history.navigate(-1);
    expect(history.location.pathname).toBe('/list');
  });
});

describe("the history over the browser's", () => {
  it("restores the URL when the browser's back is blocked, and goes back on proceed()", async () => {
    window.history.replaceState(null, '', '/list');
    const history = createBrowserHistory();
    expect(history.location.key).toBe('default');
    history.navigate('/step', { state: { n: 1 } });
    expect(window.location.pathname).toBe('/step');
    expect(window.history.state).toMatchObject({ usr: { n: 1 }, idx: 1 });
    history.setBlocker(always);
    window.history.back();
    await waitFor(() => expect(history.blocker.state).toBe('blocked'));
    await waitFor(() => expect(window.location.pathname).toBe('/step'));
    expect(history.location.pathname).toBe('/step');
    history.blocker.proceed();
    await waitFor(() => expect(history.location.pathname).toBe('/list'));
    expect(window.location.pathname).toBe('/list');
    expect(history.blocker.state).toBe('unblocked');
  });
});

function Layout() {
  return (
    <div>
      <p>title {useMatchedRoute()?.title ?? 'none'}</p>
      <Outlet />
    </div>
  );
}

function Client() {
  const { clientId } = useParams();
  const [params, setParams] = useSearchParams();
  return (
    <>
      <p>client {clientId}</p>
      <p>page {params.get('page') ?? '1'}</p>
      <button type="button" onClick={() => setParams({ page: '2' })}>
        Next page
      </button>
    </>
  );
}

function Where() {
  const location = useLocation();
  return <p>at {location.pathname + location.search}</p>;
}

const table: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/client/:clientId', element: <Client />, title: 'title.client' },
      { path: '/clients', element: <NavLink to="/client/1">One</NavLink>, title: 'title.clients' },
      { path: '*', element: <p>not found</p> },
    ],
  },
];

describe('the route table', () => {
  it("draws the layout around the matched page, with the page's title, its decoded parameters and the query", async () => {
    const history = createMemoryHistory(['/Client/a%20b/']);
    render(
      <Router history={history}>
        <Routes routes={table} />
        <Where />
      </Router>,
    );
    expect(screen.getByText('client a b')).toBeInTheDocument();
    expect(screen.getByText('title title.client')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('page 2')).toBeInTheDocument();
    expect(screen.getByText('at /Client/a%20b/?page=2')).toBeInTheDocument();
    await act(() => history.navigate('/nowhere'));
    expect(await screen.findByText('not found')).toBeInTheDocument();
    expect(screen.getByText('title none')).toBeInTheDocument();
  });

  it('follows a link in the app, marks the current page on a NavLink, and leaves a link to another tab alone', async () => {
    const history = createMemoryHistory(['/clients']);
    render(
      <Router history={history}>
        <Routes routes={table} />
        <Link to="/terms" target="_blank">
          Terms
        </Link>
      </Router>,
    );
    expect(screen.getByRole('link', { name: 'One' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('target', '_blank');
    await userEvent.click(screen.getByRole('link', { name: 'One' }));
    expect(await screen.findByText('client 1')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/client/1');
  });
});

function Step({ dirty, beforeLeave }: { dirty: boolean; beforeLeave: () => void }) {
  const blocker = useLeaveGuard(() => dirty, beforeLeave);
  return (
    <>
      <p>the step</p>
      <Link to="/list">Clients</Link>
      <Link to="/step?page=2">Next page</Link>
      {blocker.state === 'blocked' ? (
        <div role="dialog" aria-label="Unsaved changes">
          <button type="button" onClick={() => blocker.proceed()}>
            Leave
          </button>
          <button type="button" onClick={() => blocker.reset()}>
            Stay
          </button>
        </div>
      ) : null}
    </>
  );
}

describe("the step's leave guard over the router", () => {
  function mount(dirty: boolean) {
    const beforeLeave = vi.fn();
    const history = createMemoryHistory(['/list', '/step']);
    render(
      <Router history={history}>
        <Routes
          routes={[
            { path: '/step', element: <Step dirty={dirty} beforeLeave={beforeLeave} /> },
            { path: '/list', element: <p>the list</p> },
          ]}
        />
      </Router>,
    );
    return { history, beforeLeave };
  }

  it('asks before a link leaves a step with unsaved answers: Stay keeps it, Leave goes', async () => {
    const { history, beforeLeave } = mount(true);
    await userEvent.click(screen.getByRole('link', { name: 'Clients' }));
    expect(beforeLeave).toHaveBeenCalledTimes(1);
    await userEvent.click(await screen.findByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(history.location.pathname).toBe('/step');

    await userEvent.click(screen.getByRole('link', { name: 'Clients' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('the list')).toBeInTheDocument();
  });

  it("asks on the browser's back too, and lets a query change of the same step through", async () => {
    const { history } = mount(true);
    await userEvent.click(screen.getByRole('link', { name: 'Next page' }));
    expect(history.location.search).toBe('?page=2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => history.navigate(-2));
    expect(await screen.findByRole('dialog', { name: 'Unsaved changes' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/step');
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('the list')).toBeInTheDocument();
  });

  it('lets a step without unsaved answers go without asking', async () => {
    mount(false);
    await userEvent.click(screen.getByRole('link', { name: 'Clients' }));
    expect(await screen.findByText('the list')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
