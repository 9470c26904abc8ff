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
// Messages built in a callback read the app's instance (useT()'s function changes every render).
import { i18n } from '../i18n/language.ts';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/admin';

/** How each action of the trail reads (message ids, given the account's email). */
const ACTIONS: Record<AdminAuditEntry['action'], string> = {
  'grant-broker': 'admin.trail.grantBroker',
  'revoke-broker': 'admin.trail.revokeBroker',
  disable: 'admin.trail.disable',
  enable: 'admin.trail.enable',
  'make-admin': 'admin.trail.makeAdmin',
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
  const t = useT();
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
      if (!signal?.aborted) setFailure(e instanceof Error ? e.message : i18n._('admin.loadFailed'));
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
      setFailure(e instanceof Error ? e.message : t('admin.changeFailed'));
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
          <h1 className="page-title">{t('admin.title')}</h1>
          <p className="page-subtitle">{t('admin.subtitle')}</p>
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
            {accounts ? t('admin.accountsCount', { count: accounts.count }) : t('admin.accounts')}
          </h2>
          <ListSearch value={search} onSearch={setSearch} busy={loading} label={t('admin.search')} />
        </div>
        {!accounts && loading ? <Loading label={t('admin.loading')} /> : null}
        {accounts && !accounts.results.length ? <p className="card-body">{t('admin.noMatch')}</p> : null}
        {accounts?.results.length ? (
          <ul className="session-list" aria-labelledby="accounts-title">
            {accounts.results.map((account) => (
              <li key={account.id} className="session-item">
                <div className="session-text">
                  <p className="session-device">
                    {account.email}
                    {account.is_admin ? <span className="badge badge-purple">{t('admin.badge.admin')}</span> : null}
                    {account.broker ? <span className="badge badge-blue">{t('admin.badge.broker')}</span> : null}
                    {account.disabled ? <span className="badge">{t('admin.badge.disabled')}</span> : null}
                    {account.email_verified ? null : (
                      <span className="badge badge-yellow">{t('admin.badge.unverified')}</span>
                    )}
                  </p>
                  <p className="session-meta text-sm">
                    {account.username === account.email ? '' : `${account.username} · `}
                    {t('admin.created', { date: formatDateTime(account.created_at) })}
                  </p>
                </div>
                <div className="session-actions">
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    aria-label={t('admin.actionOn', {
                      action: account.broker ? t('admin.revokeBroker') : t('admin.makeBroker'),
                      email: account.email,
                    })}
                    onClick={() => ask(account, account.broker ? 'revoke' : 'grant')}
                  >
                    {account.broker ? t('admin.revokeBroker') : t('admin.makeBroker')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    aria-label={t('admin.actionOn', {
                      action: account.disabled ? t('admin.enable') : t('admin.disable'),
                      email: account.email,
                    })}
                    onClick={() => ask(account, account.disabled ? 'enable' : 'disable')}
                  >
                    {account.disabled ? t('admin.enable') : t('admin.disable')}
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
            {t('admin.trailTitle')}
          </h2>
        </div>
        {trail && !trail.length ? <p className="card-body">{t('admin.trailEmpty')}</p> : null}
        {trail?.length ? (
          <ul className="session-list" aria-labelledby="trail-title">
            {trail.map((entry) => (
              <li key={entry.id} className="session-item">
                <div className="session-text">
                  <p className="session-device">{t(ACTIONS[entry.action], { email: entry.account_email })}</p>
                  <p className="session-meta text-sm">
                    {t('admin.by', { date: formatDateTime(entry.at), actor: entry.actor.replace(/^admin:/, '') })}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {pending ? (
        <ConfirmDialog
          title={t(TITLES[pending.action], { email: pending.account.email })}
          confirmLabel={t(LABELS[pending.action])}
          danger={pending.action === 'disable'}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        >
          {pending.action === 'grant' ? (
            <div className="field">
              <p>{t('admin.grantText')}</p>
              <label className="field-label" htmlFor="broker-name">
                {t('admin.brokerName')}
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
            <p>{t(EFFECTS[pending.action])}</p>
          )}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

// The confirmation of each action: its question (given `{email}`), its button and what it does (message ids).
const TITLES: Record<AccountAction, string> = {
  grant: 'admin.confirm.grant',
  revoke: 'admin.confirm.revoke',
  disable: 'admin.confirm.disable',
  enable: 'admin.confirm.enable',
};
const LABELS: Record<AccountAction, string> = {
  grant: 'admin.label.grant',
  revoke: 'admin.label.revoke',
  disable: 'admin.label.disable',
  enable: 'admin.label.enable',
};
const EFFECTS: Record<Exclude<AccountAction, 'grant'>, string> = {
  revoke: 'admin.effect.revoke',
  disable: 'admin.effect.disable',
  enable: 'admin.effect.enable',
};
