import { Link } from '../router/Link.tsx';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/common';

/** Any unknown signed-in address. */
export default function NotFoundPage() {
  const t = useT();
  return (
    <div className="page page-narrow">
      <div className="card">
        <div className="empty-state">
          <h1 className="page-title">{t('common.notFound.title')}</h1>
          <p>{t('common.notFound.text')}</p>
          <Link to="/dashboard" className="btn btn-primary">
            {t('common.notFound.toClients')}
          </Link>
        </div>
      </div>
    </div>
  );
}
