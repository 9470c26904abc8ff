import { Suspense, useState, useSyncExternalStore } from 'react';
import { Navigate } from '../router/Navigate.tsx';
import { Outlet } from '../router/Outlet.tsx';
import { useLocation } from '../router/useLocation.ts';
import { isSignedIn, onSessionEnded, sessionEndings, type LoginState } from '../session.ts';
import { useRouteTitle } from '../useRouteTitle.ts';
import { Brand } from './Brand.tsx';
import { Loading } from './Spinner.tsx';
import { TopNav } from './TopNav.tsx';
import { VerifyEmailBanner } from './VerifyEmailBanner.tsx';
import { LanguageSwitch } from '../i18n/LanguageSwitch.tsx';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/shell';

/**
 * Signed-in pages: the top nav above the page. Without a session, to login, which comes back here afterwards; a
 * session the server refused while the page was open (endSession) goes there at once, and the login says why.
 */
export function AppLayout() {
  useRouteTitle();
  const t = useT();
  const location = useLocation();
  const endings = useSyncExternalStore(onSessionEnded, sessionEndings);
  // Only a session that ends while these pages are open is news to the adviser (not one that ended before).
  const [endingsAtOpen] = useState(endings);
  if (!isSignedIn()) {
    const state: LoginState = {
      from: `${location.pathname}${location.search}${location.hash}`,
      ...(endings > endingsAtOpen ? { ended: true } : {}),
    };
    return <Navigate to="/" replace state={state} />;
  }
  return (
    <>
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      {/* The switch sits at the bar's end, before the user menu (.app-header reserves its room in the bar). */}
      <div className="app-header">
        <TopNav />
        {/* A landmark of its own: it sits beside the bar's <header>, not in it. */}
        <section className="app-header-language" aria-label={t('shell.language')}>
          <LanguageSwitch />
        </section>
      </div>
      <main id="main" tabIndex={-1}>
        <VerifyEmailBanner />
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}

/** Login and sign-up: a brand panel beside the form. A signed-in adviser goes straight to the dashboard. */
export function AuthLayout() {
  useRouteTitle();
  const t = useT();
  if (isSignedIn()) return <Navigate to="/dashboard" replace />;
  return (
    <div className="auth-layout">
      <aside className="auth-aside">
        <Brand to="/" />
        <div>
          <p className="auth-tagline">{t('shell.tagline')}</p>
          <ul className="auth-points">
            <li>{t('shell.authPoint.onePlace')}</li>
            <li>{t('shell.authPoint.guided')}</li>
            <li>{t('shell.authPoint.resume')}</li>
          </ul>
        </div>
        <p className="text-sm auth-note" style={{ color: '#94a3b8' }}>
          {t('shell.authNote')}
        </p>
      </aside>
      <main className="auth-main" id="main" tabIndex={-1}>
        <LanguageSwitch className="auth-language" />
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

/** Public information pages (forgot password, terms, privacy): a slim header and the page. */
export function PublicLayout() {
  useRouteTitle();
  return (
    <>
      <header className="topnav">
        <div className="topnav-inner">
          <Brand to={isSignedIn() ? '/dashboard' : '/'} />
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
