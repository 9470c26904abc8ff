import { Link } from '../router/Link.tsx';
import { ClipboardIcon, LifebuoyIcon, UsersIcon } from '../components/icons.tsx';
import { Trans } from '../i18n/Trans.tsx';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/support';

/** "/reports", labelled "Support" in the nav. */
export default function SupportPage() {
  const t = useT();
  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1 className="page-title">{t('support.title')}</h1>
          <p className="page-subtitle">{t('support.subtitle')}</p>
        </div>
      </div>
      <div className="tile-grid">
        <section className="card tile">
          <span className="empty-state-icon">
            <UsersIcon />
          </span>
          <h2>{t('support.addTitle')}</h2>
          <p>
            <Trans id="support.add" components={{ 0: <Link to="/client/profile" /> }} />
          </p>
        </section>
        <section className="card tile">
          <span className="empty-state-icon">
            <ClipboardIcon />
          </span>
          <h2>{t('support.screeningTitle')}</h2>
          <p>{t('support.screening')}</p>
        </section>
        <section className="card tile">
          <span className="empty-state-icon">
            <LifebuoyIcon />
          </span>
          <h2>{t('support.helpTitle')}</h2>
          <p>{t('support.help')}</p>
        </section>
      </div>
    </div>
  );
}
