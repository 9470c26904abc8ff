import { useCallback, useEffect, useState } from 'react';
import { Link } from '../router/Link.tsx';
import { listSessions, signOutOthers, signOutSession, type Session } from '../api/sessions.ts';
import { AlertIcon, ArrowLeftIcon, LogoutIcon } from '../components/icons.tsx';
import { Loading } from '../components/Spinner.tsx';
import { deviceName } from '../deviceName.ts';
import { formatDateTime } from '../format.ts';
// Messages built in an effect read the app's instance: useT()'s function changes at every render.
import { i18n } from '../i18n/language.ts';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/account';

/**
 * "/account/sessions", "Where you're signed in": each live session of the account (device, address, last use, when it
 * signed in), with "Sign out" for one and for all the others. This browser's session is marked and signs out from
 * the user menu instead.
 */
export default function SessionsPage() {
  const t = useT();
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      setSessions(await listSessions(signal));
    } catch (e) {
      if (!signal?.aborted) setFailure(e instanceof Error ? e.message : i18n._('account.sessions.loadFailed'));
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const act = async (key: string, action: () => Promise<string>) => {
    setBusy(key);
    setFailure(null);
    setNotice(null);
    try {
      setNotice(await action());
      await load();
    } catch (e) {
      setFailure(e instanceof Error ? e.message : t('account.sessions.failed'));
    } finally {
      setBusy(null);
    }
  };

  const others = sessions?.filter((s) => !s.current) ?? [];

  return (
    <div className="page page-narrow">
      <p style={{ marginBottom: 'var(--space-3)' }}>
        <Link
          to="/account/profile"
          className="text-sm"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 'var(--space-1)' }}
        >
          <ArrowLeftIcon /> {t('account.backToProfile')}
        </Link>
      </p>
      <div className="page-header">
        <div>
          <h1 className="page-title">{t('account.sessions.title')}</h1>
          <p className="page-subtitle">{t('account.sessions.subtitle')}</p>
        </div>
      </div>
      {failure ? (
        <div className="alert alert-error" role="alert">
          <AlertIcon />
          <span>{failure}</span>
        </div>
      ) : null}
      <div role="status">{notice ? <div className="alert alert-success">{notice}</div> : null}</div>
      {!sessions && !failure ? <Loading label={t('account.sessions.loading')} /> : null}
      {sessions ? (
        <section className="card" aria-labelledby="sessions-title">
          <div className="card-header">
            <h2 className="section-title" id="sessions-title" style={{ margin: 0 }}>
              {t('account.sessions.count', { count: sessions.length })}
            </h2>
            {others.length ? (
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={busy !== null}
                onClick={() =>
                  void act('others', async () => {
                    const ended = await signOutOthers();
                    return t('account.sessions.othersEnded', { count: ended });
                  })
                }
              >
                {t('account.sessions.signOutOthers')}
              </button>
            ) : null}
          </div>
          <ul className="session-list" aria-labelledby="sessions-title">
            {sessions.map((session) => {
              const name = deviceName(session.user_agent);
              return (
                <li key={session.id} className="session-item">
                  <div className="session-text">
                    <p className="session-device">
                      {name}
                      {session.current ? (
                        <span className="badge badge-blue">{t('account.sessions.thisBrowser')}</span>
                      ) : null}
                    </p>
                    <p className="session-meta text-sm">
                      {t('account.sessions.meta', {
                        address: session.address ?? t('account.sessions.unknownAddress'),
                        lastUsed: formatDateTime(session.last_used_at),
                        signedIn: formatDateTime(session.created_at),
                      })}
                    </p>
                  </div>
                  {session.current ? null : (
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      disabled={busy !== null}
                      aria-label={t('account.sessions.signOutLabel', {
                        name,
                        lastUsed: formatDateTime(session.last_used_at),
                      })}
                      onClick={() =>
                        void act(session.id, async () => {
                          await signOutSession(session.id);
                          return t('account.sessions.signedOut', { name });
                        })
                      }
                    >
                      <LogoutIcon />
                      {t('account.sessions.signOut')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
