import { LegalPage } from './LegalPage.tsx';

/** "/privacy": Privacy Policy, linked from sign-up. */
export default function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy" updated="January 2025">
      <p>
        This policy explains how Insure Wizard handles the personal information of advisers and of the clients they
        serve.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>Your account details: email address and username.</li>
        <li>Client information you enter: contact details, screening answers and application data.</li>
      </ul>
      <h2>How it is used</h2>
      <p>
        Information is used only to provide the service: to keep your client list, save screening progress and prepare
        application forms.
      </p>
      <h2>Your session</h2>
      <p>Your sign-in is kept for the current browser tab only and ends when the tab is closed.</p>
      <h2>Access and correction</h2>
      <p>You can review and correct client information at any time from the client profile.</p>
    </LegalPage>
  );
}
