import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { listSessions, signOutOthers, signOutSession, type Session } from '../api/sessions.ts';
import { AlertIcon, ArrowLeftIcon, LogoutIcon } from '../components/icons.tsx';
import { Loading } from '../components/Spinner.tsx';
import { deviceName } from '../deviceName.ts';
import { formatDateTime } from '../format.ts';

/**
 * "/account/sessions", "Where you're signed in": each live session of the account (device, address, last use, when it
 * signed in), with "Sign out" for one and for all the others. This browser's session is marked and signs out from
 * the user menu instead.
 */
export default function SessionsPage() {
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      setSessions(await listSessions(signal));
    } catch (e) {
      if (!signal?.aborted) setFailure(e instanceof Error ? e.message : "Failed to load where you're signed in");
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
      setFailure(e instanceof Error ? e.message : 'Something went wrong');
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
          <ArrowLeftIcon /> Adviser profile
        </Link>
      </p>
      <div className="page-header">
        <div>
          <h1 className="page-title">Where you&apos;re signed in</h1>
          <p className="page-subtitle">
            If you see a device you don&apos;t know, sign it out and change your password. A session you don&apos;t use
            ends by itself.
          </p>
        </div>
      </div>
      {failure ? (
        <div className="alert alert-error" role="alert">
          <AlertIcon />
          <span>{failure}</span>
        </div>
      ) : null}
      <div role="status">{notice ? <div className="alert alert-success">{notice}</div> : null}</div>
      {!sessions && !failure ? <Loading label="Loading your sessions..." /> : null}
      {sessions ? (
        <section className="card" aria-labelledby="sessions-title">
          <div className="card-header">
            <h2 className="section-title" id="sessions-title" style={{ margin: 0 }}>
              {sessions.length === 1 ? '1 session' : `${sessions.length} sessions`}
            </h2>
            {others.length ? (
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={busy !== null}
                onClick={() =>
                  void act('others', async () => {
                    const ended = await signOutOthers();
                    return ended === 1 ? '1 other session is signed out.' : `${ended} other sessions are signed out.`;
                  })
                }
              >
                Sign out all other sessions
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
                      {session.current ? <span className="badge badge-blue">This browser</span> : null}
                    </p>
                    <p className="session-meta text-sm">
                      {session.address ?? 'Unknown address'} · last used {formatDateTime(session.last_used_at)} · signed
                      in {formatDateTime(session.created_at)}
                    </p>
                  </div>
                  {session.current ? null : (
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      disabled={busy !== null}
                      aria-label={`Sign out ${name}, last used ${formatDateTime(session.last_used_at)}`}
                      onClick={() =>
                        void act(session.id, async () => {
                          await signOutSession(session.id);
                          return `${name} is signed out.`;
                        })
                      }
                    >
                      <LogoutIcon />
                      Sign out
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
