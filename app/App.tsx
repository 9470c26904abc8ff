/**
 * The route table of spec 1, section 2. Every page is loaded lazily so the login page ships only what it needs.
 */
import { lazy } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppLayout, AuthLayout, PublicLayout } from './components/Layouts.tsx';

const LoginPage = lazy(() => import('./pages/LoginPage.tsx'));
const SignupPage = lazy(() => import('./pages/SignupPage.tsx'));
const ForgotPasswordPage = lazy(() => import('./pages/ForgotPasswordPage.tsx'));
const TermsPage = lazy(() => import('./pages/TermsPage.tsx'));
const PrivacyPage = lazy(() => import('./pages/PrivacyPage.tsx'));
const DashboardPage = lazy(() => import('./pages/DashboardPage.tsx'));
const ApplicationsPage = lazy(() => import('./pages/ApplicationsPage.tsx'));
const NewApplicationPage = lazy(() => import('./pages/NewApplicationPage.tsx'));
const SupportPage = lazy(() => import('./pages/SupportPage.tsx'));
const ClientProfilePage = lazy(() => import('./pages/ClientProfilePage.tsx'));
const ScreeningPromptPage = lazy(() => import('./pages/ScreeningPromptPage.tsx'));
const ScreeningPage = lazy(() => import('./pages/ScreeningPage.tsx'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage.tsx'));

/**
 * Exported so tests can mount any route with createMemoryRouter. `handle.title` is the document title (useRouteTitle);
 * the wizard's steps set their own from the definitions.
 */
export const routes: RouteObject[] = [
  {
    element: <AuthLayout />,
    children: [
      { path: '/', element: <LoginPage />, handle: { title: 'Sign in' } },
      { path: '/signup', element: <SignupPage />, handle: { title: 'Create account' } },
    ],
  },
  {
    element: <PublicLayout />,
    children: [
      { path: '/forgot-password', element: <ForgotPasswordPage />, handle: { title: 'Forgot password' } },
      { path: '/terms', element: <TermsPage />, handle: { title: 'Terms of Service' } },
      { path: '/privacy', element: <PrivacyPage />, handle: { title: 'Privacy Policy' } },
    ],
  },
  {
    element: <AppLayout />,
    children: [
      { path: '/dashboard', element: <DashboardPage />, handle: { title: 'Clients' } },
      { path: '/applications', element: <ApplicationsPage />, handle: { title: 'Applications' } },
      { path: '/applications/new', element: <NewApplicationPage />, handle: { title: 'New application' } },
      { path: '/reports', element: <SupportPage />, handle: { title: 'Support' } },
      { path: '/client/profile', element: <ClientProfilePage />, handle: { title: 'New client' } },
      { path: '/client/profile/:clientId', element: <ClientProfilePage />, handle: { title: 'Client Profile' } },
      {
        path: '/client/:clientId/screening/prompt',
        element: <ScreeningPromptPage />,
        handle: { title: 'Insurance Screening' },
      },
      { path: '/client/:clientId/screening/:step', element: <ScreeningPage /> },
      { path: '*', element: <NotFoundPage />, handle: { title: 'Page not found' } },
    ],
  },
];

const router = createBrowserRouter(routes);

export function App() {
  return <RouterProvider router={router} />;
}
