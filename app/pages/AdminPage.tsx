import { useCallback, useEffect, useState } from 'react';
import {
  actOnAccount,
  adminAudit,
  listAccounts,
  type AccountAction,
  type AdminAccount,
  type AdminAuditEntry,
} from '../api/admin.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { AlertIcon } from '../components/icons.tsx';
import { ListSearch } from '../components/ListSearch.tsx';
import { Loading } from '../components/Spinner.tsx';
import { formatDateTime } from '../format.ts';

/** How each action of the trail reads. */
const ACTIONS: Record<AdminAuditEntry['action'], string> = {
  'grant-broker': 'made a broker',
  'revoke-broker': 'no longer a broker',
  disable: 'disabled',
  enable: 'enabled',
  'make-admin': 'made an administrator',
};

/** An action waiting for its confirmation. */
interface Pending {
  account: AdminAccount;
  action: AccountAction;
}

/**
 * "/admin", for administrators (the server refuses anyone else): the accounts, searched by email or username, with
 * "Make broker" / "Revoke broker" (what `npm run user` does) and "Disable" / "Enable" (a disabled account's sessions
 * end at once), each confirmed; and the trail of these actions.
 */
export default function AdminPage() {
  const [search, setSearch] = useState('');
  const [accounts, setAccounts] = useState<{ count: number; results: AdminAccount[] } | null>(null);
  const [trail, setTrail] = useState<AdminAuditEntry[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [pending, setPending] = useState<Pending | null>(null);
  const [brokerName, setBrokerName] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async (text: string, signal?: AbortSignal) => {
    setLoading(true);
    try {
      const [list, entries] = await Promise.all([listAccounts(text, signal), adminAudit(signal)]);
      setAccounts(list);
      setTrail(entries);
    } catch (e) {
      if (!signal?.aborted) setFailure(e instanceof Error ? e.message : 'Failed to load the accounts');
    } finally {
      if (!signal?.aborted) setLoading(false);
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(search, controller.signal);
    return () => controller.abort();
  }, [load, search]);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      const result = await actOnAccount(pending.account.id, pending.action, brokerName);
      setNotice(result.detail);
      await load(search);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : 'Failed to change the account');
    } finally {
      setBusy(false);
      setPending(null);
      setBrokerName('');
    }
  };

  const ask = (account: AdminAccount, action: AccountAction) => {
    setBrokerName('');
    setPending({ account, action });
  };

  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Administration</h1>
          <p className="page-subtitle">
            Accounts of the agency: make brokers, disable an account that should no longer sign in.
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
      <section className="card" aria-labelledby="accounts-title">
        <div className="card-header">
          <h2 className="section-title" id="accounts-title" style={{ margin: 0 }}>
            Accounts{accounts ? ` (${accounts.count})` : ''}
          </h2>
          <ListSearch value={search} onSearch={setSearch} busy={loading} label="Search by email or username" />
        </div>
        {!accounts && loading ? <Loading label="Loading the accounts..." /> : null}
        {accounts && !accounts.results.length ? <p className="card-body">No account matches this search.</p> : null}
        {accounts?.results.length ? (
          <ul className="session-list" aria-labelledby="accounts-title">
            {accounts.results.map((account) => (
              <li key={account.id} className="session-item">
                <div className="session-text">
                  <p className="session-device">
                    {account.email}
                    {account.is_admin ? <span className="badge badge-purple">Administrator</span> : null}
                    {account.broker ? <span className="badge badge-blue">Broker</span> : null}
                    {account.disabled ? <span className="badge">Disabled</span> : null}
                    {account.email_verified ? null : <span className="badge badge-yellow">Email not verified</span>}
                  </p>
                  <p className="session-meta text-sm">
                    {account.username === account.email ? '' : `${account.username} · `}
                    created {formatDateTime(account.created_at)}
                  </p>
                </div>
                <div className="session-actions">
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    aria-label={`${account.broker ? 'Revoke broker' : 'Make broker'}: ${account.email}`}
                    onClick={() => ask(account, account.broker ? 'revoke' : 'grant')}
                  >
                    {account.broker ? 'Revoke broker' : 'Make broker'}
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    aria-label={`${account.disabled ? 'Enable' : 'Disable'}: ${account.email}`}
                    onClick={() => ask(account, account.disabled ? 'enable' : 'disable')}
                  >
                    {account.disabled ? 'Enable' : 'Disable'}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <section className="card" aria-labelledby="trail-title" style={{ marginTop: 'var(--space-6)' }}>
        <div className="card-header">
          <h2 className="section-title" id="trail-title" style={{ margin: 0 }}>
            What administrators did
          </h2>
        </div>
        {trail && !trail.length ? <p className="card-body">Nothing yet.</p> : null}
        {trail?.length ? (
          <ul className="session-list" aria-labelledby="trail-title">
            {trail.map((entry) => (
              <li key={entry.id} className="session-item">
                <div className="session-text">
                  <p className="session-device">
                    {entry.account_email} {ACTIONS[entry.action]}
                  </p>
                  <p className="session-meta text-sm">
                    {formatDateTime(entry.at)} · by {entry.actor.replace(/^admin:/, '')}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {pending ? (
        <ConfirmDialog
          title={TITLES[pending.action](pending.account.email)}
          confirmLabel={LABELS[pending.action]}
          danger={pending.action === 'disable'}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        >
          {pending.action === 'grant' ? (
            <div className="field">
              <p>The account sees the clients that list its email. Its email must be verified.</p>
              <label className="field-label" htmlFor="broker-name">
                Broker&apos;s full name (needed if the email is not on the brokers list)
              </label>
              <input
                id="broker-name"
                className="input"
                value={brokerName}
                maxLength={200}
                onChange={(event) => setBrokerName(event.target.value)}
              />
            </div>
          ) : (
            <p>{EFFECTS[pending.action]}</p>
          )}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

const TITLES: Record<AccountAction, (email: string) => string> = {
  grant: (email) => `Make ${email} a broker?`,
  revoke: (email) => `Revoke the broker access of ${email}?`,
  disable: (email) => `Disable ${email}?`,
  enable: (email) => `Enable ${email}?`,
};
const LABELS: Record<AccountAction, string> = {
  grant: 'Make broker',
  revoke: 'Revoke broker',
  disable: 'Disable account',
  enable: 'Enable account',
};
const EFFECTS: Record<Exclude<AccountAction, 'grant'>, string> = {
  revoke: 'The account then sees only its own clients. The clients keep listing its email.',
  disable: 'Its sessions end at once, and it cannot sign in until an administrator enables it again.',
  enable: 'The account can sign in again.',
};
