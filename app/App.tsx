/**
 * The route table of spec 1, section 2. Every page is loaded lazily so the login page ships only what it needs.
 */
import { lazy, useSyncExternalStore, type ComponentType } from 'react';
import { createBrowserHistory } from './router/browserHistory.ts';
import { matchRoutes } from './router/matchRoutes.ts';
import { Router } from './router/Router.tsx';
import { Routes } from './router/Routes.tsx';
import type { RouteObject } from './router/types.ts';
import { loaders as stepLoaders } from 'virtual:step-loaders';
import { AppLayout, AuthLayout, PublicLayout } from './components/Layouts.tsx';
import { Loading } from './components/Spinner.tsx';
import { DASHBOARD_ROUTE, SCREENING_PROMPT_ROUTE, SCREENING_STEP_ROUTE } from './openedPageRequests.ts';
import { initialLanguage } from './i18n/language.ts';
// The routes' titles below are shell texts: named here, so the production build ships them with this module once.
import 'virtual:messages/en/shell';

type PageModule = { default: ComponentType };
interface PageEntry {
  load: () => Promise<PageModule>;
  /** What the page draws first besides its code, loaded before the app's first draw when the app opens on it. */
  prepare?: (params: Record<string, string>) => Promise<void>;
}
const pages = new Map<unknown, PageEntry>();

/** The pages the app opened on, until openedPageReady has their code and what they draw first. */
const waiting = new Set<unknown>();
const waitingListeners = new Set<() => void>();
function subscribeWaiting(listener: () => void): () => void {
  waitingListeners.add(listener);
  return () => waitingListeners.delete(listener);
}

/** A thenable that calls back at once: React.lazy then draws the page in the pass that first meets it. */
function settled(module: PageModule): Promise<PageModule> {
  const thenable = { then: (fulfilled: (value: PageModule) => unknown) => fulfilled(module) };
  // React.lazy only calls then(); a promise would call back a microtask later, and the page be drawn in a second pass.
  return thenable as unknown as Promise<PageModule>;
}

/**
 * A page loaded when first drawn (suspending until then). The page the app opened on (openedPageReady) draws the
 * app's spinner until its code and what it draws first are in, then draws itself in one pass.
 */
function page(importPage: () => Promise<PageModule>, prepare?: PageEntry['prepare']): ComponentType {
  let loaded: PageModule | undefined;
  let loading: Promise<PageModule> | undefined;
  const load = (): Promise<PageModule> =>
    (loading ??= importPage().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // A failed download may be tried again (openedPageReady, then the page's own draw).
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => (loaded ? settled(loaded) : load()));
  function Page() {
    // An update from useSyncExternalStore is drawn at once, in one pass; a suspended page's retry is drawn in slices
    // that yield to the browser between them (docs/decisions/performance-opened-page-one-pass.md).
    const held = useSyncExternalStore(subscribeWaiting, () => waiting.has(Page));
    return held ? <Loading /> : <Lazy />;
  }
  pages.set(Page, { load, prepare });
  return Page;
}

const LoginPage = page(() => import('./pages/LoginPage.tsx'));
const SignupPage = page(() => import('./pages/SignupPage.tsx'));
const ForgotPasswordPage = page(() => import('./pages/ForgotPasswordPage.tsx'));
const ResetPasswordPage = page(() => import('./pages/ResetPasswordPage.tsx'));
const ChangePasswordPage = page(() => import('./pages/ChangePasswordPage.tsx'));
const SessionsPage = page(() => import('./pages/SessionsPage.tsx'));
const VerifyEmailPage = page(() => import('./pages/VerifyEmailPage.tsx'));
const AdminPage = page(() => import('./pages/AdminPage.tsx'));
const TermsPage = page(() => import('./pages/TermsPage.tsx'));
const PrivacyPage = page(() => import('./pages/PrivacyPage.tsx'));
const DashboardPage = page(() => import('./pages/DashboardPage.tsx'));
const ApplicationsPage = page(() => import('./pages/ApplicationsPage.tsx'));
const NewApplicationPage = page(() => import('./pages/NewApplicationPage.tsx'));
const ApplicationPage = page(() => import('./pages/ApplicationPage.tsx'));
const SigningPage = page(() => import('./signing/SigningPage.tsx'));
const SupportPage = page(() => import('./pages/SupportPage.tsx'));
const ClientProfilePage = page(() => import('./pages/ClientProfilePage.tsx'));
const ScreeningPromptPage = page(() => import('./pages/ScreeningPromptPage.tsx'));
const ScreeningPage = page(
  () => import('./pages/ScreeningPage.tsx'),
  (params) => import('./screening/openedScreening.ts').then((m) => m.prepareOpenedScreening(params)),
);
const AccountProfilePage = page(() => import('./pages/AccountProfilePage.tsx'));
const NotFoundPage = page(() => import('./pages/NotFoundPage.tsx'));

/**
 * Exported so tests can mount any route in a memory history (tests/app/support.tsx). `title` is the id of the
 * document title (app/i18n/en/shell.json, translated by useRouteTitle); the wizard's steps set their own from the
 * definitions.
 */
export const routes: RouteObject[] = [
  {
    element: <AuthLayout />,
    children: [
      { path: '/', element: <LoginPage />, title: 'title.signIn' },
      { path: '/signup', element: <SignupPage />, title: 'title.signUp' },
      { path: '/forgot-password', element: <ForgotPasswordPage />, title: 'title.forgotPassword' },
      { path: '/reset-password', element: <ResetPasswordPage />, title: 'title.resetPassword' },
    ],
  },
  {
    element: <PublicLayout />,
    children: [
      { path: '/terms', element: <TermsPage />, title: 'title.terms' },
      { path: '/privacy', element: <PrivacyPage />, title: 'title.privacy' },
      { path: '/verify-email', element: <VerifyEmailPage />, title: 'title.verifyEmail' },
    ],
  },
  {
    element: <AppLayout />,
    children: [
      { path: DASHBOARD_ROUTE, element: <DashboardPage />, title: 'title.clients' },
      { path: '/applications', element: <ApplicationsPage />, title: 'title.applications' },
      { path: '/applications/new', element: <NewApplicationPage />, title: 'title.newApplication' },
      { path: '/applications/:applicationId', element: <ApplicationPage />, title: 'title.application' },
      { path: '/applications/:applicationId/sign', element: <SigningPage />, title: 'title.signing' },
      { path: '/reports', element: <SupportPage />, title: 'title.support' },
      { path: '/account/profile', element: <AccountProfilePage />, title: 'title.adviserProfile' },
      { path: '/account/password', element: <ChangePasswordPage />, title: 'title.changePassword' },
      { path: '/account/sessions', element: <SessionsPage />, title: 'title.sessions' },
      { path: '/admin', element: <AdminPage />, title: 'title.admin' },
      { path: '/client/profile', element: <ClientProfilePage />, title: 'title.newClient' },
      { path: '/client/profile/:clientId', element: <ClientProfilePage />, title: 'title.clientProfile' },
      {
        path: SCREENING_PROMPT_ROUTE,
        element: <ScreeningPromptPage />,
        title: 'title.screening',
      },
      { path: SCREENING_STEP_ROUTE, element: <ScreeningPage /> },
      { path: '*', element: <NotFoundPage />, title: 'title.notFound' },
    ],
  },
];

const history = createBrowserHistory();

/**
 * Starts downloading the code of the page the app opens on, and for a screening step its definition, before React
 * first draws: otherwise each waits for the previous one (the entry, then the page, then the step), a round trip each
 * on a phone's network. The page's API requests started earlier still, from the page's HTML (app/headStart.ts).
 */
function preloadOpenedPage(): void {
  const matches = matchRoutes(routes, history.location.pathname);
  for (const match of matches)
    void pages
      .get(match.route.element.type)
      ?.load()
      .catch(() => undefined);
  const { step } = matches[matches.length - 1]?.params ?? {};
  // The step in the language the app opens in (main.tsx reads the same choice): a French visit downloaded the
  // English definition for nothing (15 KB brotli for the owner step). The French loaders come with the French flow,
  // which the French wizard imports anyway.
  if (step)
    void (initialLanguage() === 'fr' ? import('virtual:steps/fr') : Promise.resolve({ loaders: stepLoaders }))
      .then(({ loaders }) => loaders[step]?.())
      .catch(() => undefined);
}
preloadOpenedPage();

/**
 * Loads the code of the page the app opens on, with what it draws first (a screening step: the client's data and the
 * step's definition); the page draws the app's spinner meanwhile, then itself in one pass, not a spinner of its own
 * and its content in a second pass. main.tsx calls it once, before the first draw, with the app's language active
 * (a step's definition is loaded in it).
 * @returns - settles once they are in, or once one failed (the page then draws as any other and words the failure)
 */
export function openedPageReady(): Promise<void> {
  const matches = matchRoutes(routes, history.location.pathname);
  const loads = matches.map(({ route, params }) => {
    const entry = pages.get(route.element.type);
    if (!entry) return undefined;
    waiting.add(route.element.type);
    return Promise.all([entry.load(), entry.prepare?.(params)]);
  });
  return Promise.allSettled(loads).then(() => {
    waiting.clear();
    for (const listener of waitingListeners) listener();
  });
}

export function App() {
  return (
    <Router history={history}>
      <Routes routes={routes} />
    </Router>
  );
}
