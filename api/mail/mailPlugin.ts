import fp from 'fastify-plugin';
import { createTransport, type Transporter } from 'nodemailer';
import { renderMail, type MailTemplate } from './mailTemplates.ts';

export interface MailPluginOptions {
  /** SMTP_URL (smtp://user:pass@host:587, smtps://…): mails are sent through it; without it they are logged. */
  smtpUrl?: string;
  /** MAIL_FROM: the sender of every mail. */
  from: string;
  /** APP_URL: where the web app is reached; every link in a mail starts with it. */
  appUrl: string;
}

/** One mail to one address, in the account's language. */
export interface Mail {
  to: string;
  template: MailTemplate;
  /** The account's language ('en', 'fr'); English when unknown. */
  language?: string | null;
  /** `{name}` values of the template beyond the links every mail may use (signInUrl, forgotUrl). */
  values?: Record<string, string>;
  /** Named in the log lines instead of the address. */
  userId?: number;
}

export interface Mailer {
  /**
   * Sends in the background: the request that asks for it answers without waiting, so how long an answer takes does
   * not tell whether a mail was sent. A failure is logged, never thrown.
   */
  post(mail: Mail): void;
  /** The web app's URL of a page, e.g. `link('/reset-password', { token })`. */
  link(path: string, query?: Record<string, string>): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

/**
 * Mail (infrastructure): decorates `mail`. With SMTP_URL, nodemailer sends through that server from MAIL_FROM;
 * without it, each mail is written to the log (subject and text, by user id, never the address), as a developer's
 * machine has no mail server. Mails still being sent are waited for when the server closes.
 */
export const mailPlugin = fp<MailPluginOptions>(
  async (app, options) => {
    const base = options.appUrl.replace(/\/+$/, '');
    const transport: Transporter | undefined = options.smtpUrl ? createTransport(options.smtpUrl) : undefined;
    const pending = new Set<Promise<void>>();
    const link: Mailer['link'] = (path, query) => {
      const search = query ? `?${new URLSearchParams(query).toString()}` : '';
      return `${base}${path}${search}`;
    };
    const deliver = async (mail: Mail): Promise<void> => {
      const { subject, text } = renderMail(mail.template, mail.language, {
        signInUrl: link('/'),
        forgotUrl: link('/forgot-password'),
        ...mail.values,
      });
      if (!transport) {
        app.log.info({ mail: mail.template, userId: mail.userId, subject, text }, 'mail (no SMTP_URL: logged)');
        return;
      }
      await transport.sendMail({ from: options.from, to: mail.to, subject, text });
      app.log.info({ mail: mail.template, userId: mail.userId }, 'mail sent');
    };
    app.decorate('mail', {
      post(mail) {
        const sending = deliver(mail).catch((err: unknown) => {
          app.log.error({ err, mail: mail.template, userId: mail.userId }, 'mail failed');
        });
        pending.add(sending);
        void sending.finally(() => pending.delete(sending));
      },
      link,
    } satisfies Mailer);
    app.addHook('onClose', async () => {
      await Promise.all(pending);
      transport?.close();
    });
  },
  { name: 'mail' },
);
