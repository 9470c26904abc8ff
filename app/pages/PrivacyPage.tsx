import { useT } from '../i18n/useT.ts';
import { LegalPage } from './LegalPage.tsx';
import 'virtual:messages/en/legal';

/** "/privacy": Privacy Policy, linked from sign-up. */
export default function PrivacyPage() {
  const t = useT();
  return (
    <LegalPage title={t('legal.privacy.title')} updated={t('legal.privacy.date')}>
      <p>{t('legal.privacy.intro')}</p>
      <h2>{t('legal.privacy.collectTitle')}</h2>
      <ul>
        <li>{t('legal.privacy.collectAccount')}</li>
        <li>{t('legal.privacy.collectClients')}</li>
      </ul>
      <h2>{t('legal.privacy.useTitle')}</h2>
      <p>{t('legal.privacy.use')}</p>
      <h2>{t('legal.privacy.sessionTitle')}</h2>
      <p>{t('legal.privacy.session')}</p>
      <h2>{t('legal.privacy.accessTitle')}</h2>
      <p>{t('legal.privacy.access')}</p>
    </LegalPage>
  );
}
