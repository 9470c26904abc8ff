import { useT } from '../i18n/useT.ts';
import { LegalPage } from './LegalPage.tsx';
import 'virtual:messages/en/legal';

/** "/terms": Terms of Service, linked from sign-up. */
export default function TermsPage() {
  const t = useT();
  return (
    <LegalPage title={t('legal.terms.title')} updated={t('legal.terms.date')}>
      <p>{t('legal.terms.intro')}</p>
      <h2>{t('legal.terms.accountTitle')}</h2>
      <p>{t('legal.terms.account')}</p>
      <h2>{t('legal.terms.clientsTitle')}</h2>
      <p>{t('legal.terms.clients')}</p>
      <h2>{t('legal.terms.responsibilityTitle')}</h2>
      <p>{t('legal.terms.responsibility')}</p>
      <h2>{t('legal.terms.changesTitle')}</h2>
      <p>{t('legal.terms.changes')}</p>
    </LegalPage>
  );
}
