import type { AnswersLock } from './answersLock.ts';
import { LockNotice } from '../components/LockNotice.tsx';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/wizard';

/**
 * Says, before anyone types, that the answers cannot change (the server's message, in the page's language) and
 * links to the application's page, where the adviser can withdraw it.
 */
export function LockedNotice({ lock }: { lock: AnswersLock }) {
  const t = useT();
  return (
    <LockNotice
      title={t('wizard.locked.title')}
      message={lock.message}
      applicationId={lock.applicationId}
      linkLabel={t('wizard.locked.open')}
      testId="answers-locked"
    />
  );
}
