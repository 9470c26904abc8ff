import { LegalPage } from './LegalPage.tsx';

/** "/terms": Terms of Service, linked from sign-up. */
export default function TermsPage() {
  return (
    <LegalPage title="Terms of Service" updated="January 2025">
      <p>
        These terms govern your use of Insure Wizard, a tool that helps licensed insurance brokers and advisers prepare
        life-insurance applications.
      </p>
      <h2>Your account</h2>
      <p>You are responsible for keeping your sign-in details confidential and for all activity under your account.</p>
      <h2>Client information</h2>
      <p>
        You confirm that you have your clients&apos; consent to record their information and that the information you
        enter is accurate to the best of your knowledge.
      </p>
      <h2>Professional responsibility</h2>
      <p>
        Insure Wizard helps you collect and organise information. Advice given to clients and the suitability of any
        product remain your professional responsibility.
      </p>
      <h2>Changes</h2>
      <p>We may update these terms. Continued use after a change means you accept the updated terms.</p>
    </LegalPage>
  );
}
