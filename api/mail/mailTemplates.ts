/** The languages a mail is written in; an account without one gets English. */
export type MailLanguage = 'en' | 'fr';

export const MAIL_LANGUAGES: readonly MailLanguage[] = ['en', 'fr'];

/** The mails the server sends. None carries a password, a SIN or anything from a client's file. */
export type MailTemplate = 'welcome' | 'already-registered' | 'password-changed' | 'password-reset' | 'verify-email';

/**
 * Subject and text of each mail in each language, as data: `{name}` is replaced by the value of that name (the links
 * are built by the server from APP_URL, never from the request).
 */
export const MAIL_TEMPLATES: Record<MailLanguage, Record<MailTemplate, { subject: string; text: string }>> = {
  en: {
    welcome: {
      subject: 'Welcome to Insure',
      text: 'Your Insure account is ready. Please confirm that this email address is yours by opening this link within 48 hours:\n\n{verifyUrl}\n\nSign in at {signInUrl} with your email address.\n\nIf you did not create this account, you can ignore this message.',
    },
    'already-registered': {
      subject: 'Someone tried to create an account with your email',
      text: 'Someone tried to create a new Insure account with this email address, which already has one. Nothing was changed.\n\nIf it was you, sign in at {signInUrl}. If you forgot your password, you can reset it at {forgotUrl}.\n\nIf it was not you, you can ignore this message.',
    },
    'password-changed': {
      subject: 'Your Insure password was changed',
      text: 'The password of your Insure account was changed, and every other session was signed out.\n\nIf you did not change it, reset your password at {forgotUrl} and contact your agency administrator.',
    },
    'password-reset': {
      subject: 'Reset your Insure password',
      text: 'Someone asked to reset the password of your Insure account. To choose a new password, open this link within 30 minutes:\n\n{resetUrl}\n\nThe link works once. If you did not ask for it, you can ignore this message: your password stays as it is.',
    },
    'verify-email': {
      subject: 'Confirm your email address for Insure',
      text: 'To confirm that this email address is yours, open this link within 48 hours:\n\n{verifyUrl}\n\nThe link works once. If you did not ask for it, you can ignore this message.',
    },
  },
  fr: {
    welcome: {
      subject: 'Bienvenue sur Insure',
      text: 'Votre compte Insure est prêt. Veuillez confirmer que cette adresse courriel est la vôtre en ouvrant ce lien d’ici 48 heures :\n\n{verifyUrl}\n\nConnectez-vous à {signInUrl} avec votre adresse courriel.\n\nSi vous n’avez pas créé ce compte, vous pouvez ignorer ce message.',
    },
    'already-registered': {
      subject: 'Quelqu’un a tenté de créer un compte avec votre courriel',
      text: 'Quelqu’un a tenté de créer un nouveau compte Insure avec cette adresse courriel, qui en a déjà un. Rien n’a été modifié.\n\nSi c’était vous, connectez-vous à {signInUrl}. Si vous avez oublié votre mot de passe, vous pouvez le réinitialiser à {forgotUrl}.\n\nSinon, vous pouvez ignorer ce message.',
    },
    'password-changed': {
      subject: 'Votre mot de passe Insure a été modifié',
      text: 'Le mot de passe de votre compte Insure a été modifié, et toutes les autres sessions ont été fermées.\n\nSi vous ne l’avez pas modifié, réinitialisez votre mot de passe à {forgotUrl} et communiquez avec l’administrateur de votre agence.',
    },
    'password-reset': {
      subject: 'Réinitialisez votre mot de passe Insure',
      text: 'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Insure. Pour choisir un nouveau mot de passe, ouvrez ce lien d’ici 30 minutes :\n\n{resetUrl}\n\nLe lien ne fonctionne qu’une fois. Si vous n’avez rien demandé, vous pouvez ignorer ce message : votre mot de passe reste le même.',
    },
    'verify-email': {
      subject: 'Confirmez votre adresse courriel pour Insure',
      text: 'Pour confirmer que cette adresse courriel est la vôtre, ouvrez ce lien d’ici 48 heures :\n\n{verifyUrl}\n\nLe lien ne fonctionne qu’une fois. Si vous n’avez rien demandé, vous pouvez ignorer ce message.',
    },
  },
};

/**
 * The subject and text of one mail.
 * @param template - which mail
 * @param language - the account's language (English when unknown or not one of MAIL_LANGUAGES)
 * @param values - the `{name}` values
 */
export function renderMail(
  template: MailTemplate,
  language: string | null | undefined,
  values: Record<string, string>,
): { subject: string; text: string } {
  const lang: MailLanguage = MAIL_LANGUAGES.includes(language as MailLanguage) ? (language as MailLanguage) : 'en';
  const { subject, text } = MAIL_TEMPLATES[lang][template];
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  return { subject: fill(subject), text: fill(text) };
}
