import type { Mailer } from '../mail/mailPlugin.ts';

/** What a sign-up tells the address it names: a welcome, or that it already has an account. */
export interface AccountNotice {
  kind: 'welcome' | 'already-registered';
  userId: number;
  /** The address the sign-up named (the account's own email in both cases). */
  to: string;
  /** The welcome's verification link (verifyUrl). */
  values?: Record<string, string>;
}

/**
 * The one path a sign-up's mail takes, for a new account and for an address already registered alike, so the HTTP
 * answer never tells them apart: the mail goes in the background (api/mail), in the account's language for a
 * registered address (a new account has just chosen its own, English unless told).
 * @param mail - the mail service
 * @param notice - which message the address receives
 * @param language - the account's language
 */
export function sendAccountNotice(mail: Mailer, notice: AccountNotice, language?: string | null): void {
  mail.post({ to: notice.to, template: notice.kind, userId: notice.userId, language, values: notice.values });
}
