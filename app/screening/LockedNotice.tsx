import { Link } from 'react-router';
import type { AnswersLock } from './answersLock.ts';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/wizard';

/**
 * Says, before anyone types, that the answers cannot change (the server's message, in the page's language) and
 * links to the application's page, where the adviser can withdraw it.
 */
export function LockedNotice({ lock }: { lock: AnswersLock }) {
  const t = useT();
  return (
    <div className="alert alert-info wizard-locked" role="status" data-testid="answers-locked">
      <div className="wizard-notice-body">
        <p className="alert-title">{t('wizard.locked.title')}</p>
        <p>{lock.message}</p>
        <p>
          <Link to={`/applications/${lock.applicationId}`}>{t('wizard.locked.open')}</Link>
        </p>
      </div>
    </div>
  );
}
