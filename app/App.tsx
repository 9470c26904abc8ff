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

/** Exported so tests can mount any route with createMemoryRouter. */
export const routes: RouteObject[] = [
  {
    element: <AuthLayout />,
    children: [
      { path: '/', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
    ],
  },
  {
    element: <PublicLayout />,
    children: [
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
    ],
  },
  {
    element: <AppLayout />,
    children: [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/applications', element: <ApplicationsPage /> },
      { path: '/applications/new', element: <NewApplicationPage /> },
      { path: '/reports', element: <SupportPage /> },
      { path: '/client/profile', element: <ClientProfilePage /> },
      { path: '/client/profile/:clientId', element: <ClientProfilePage /> },
      { path: '/client/:clientId/screening/prompt', element: <ScreeningPromptPage /> },
      { path: '/client/:clientId/screening/:step', element: <ScreeningPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

const router = createBrowserRouter(routes);

export function App() {
  return <RouterProvider router={router} />;
}
