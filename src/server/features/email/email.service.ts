import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Each email: a sentence saying why it came, the link's deadline and label, and a closing line. */
const EMAILS = {
  verification: {
    subject: 'Verify your WikiLogos email address',
    intro: 'Please confirm that this is your email address for your WikiLogos account.',
    open: 'Open this link within 48 hours:',
    button: 'Verify my email address',
    closing: 'If you did not create a WikiLogos account, ignore this email.',
    logged: 'email verification link (no SMTP_URL: written to the outbox)',
  },
  reset: {
    subject: 'Reset your WikiLogos password',
    intro: 'Someone asked to reset the password of your WikiLogos account.',
    open: 'Open this link within one hour to choose a new password:',
    button: 'Reset my password',
    closing: 'If it was not you, ignore this email: your password stays the same.',
    logged: 'password reset link (no SMTP_URL: written to the outbox)',
  },
  emailChange: {
    subject: 'Confirm your new WikiLogos email address',
    intro: 'Someone asked to use this address for a WikiLogos account.',
    open: 'Open this link within 24 hours to confirm it:',
    button: 'Use this email address',
    closing: 'If it was not you, ignore this email: the account keeps its current address.',
    logged: 'email change link (no SMTP_URL: written to the outbox)',
  },
};

/** The emails WikiLogos sends, in plain text and HTML. */
export function createEmailService({ mailer, log }: { mailer: Mailer; log: FastifyBaseLogger }) {
  const sender =
    (email: (typeof EMAILS)[keyof typeof EMAILS]) =>
    async (to: string, username: string, link: string): Promise<void> => {
      const { subject, intro, open, button, closing } = email;
      const text = [`Hello ${username},`, '', intro, open, '', link, '', closing].join('\n');
      const html =
        `<p>Hello ${escapeHtml(username)},</p>` +
        `<p>${intro} ${open}</p>` +
        `<p><a href="${escapeHtml(link)}">${button}</a></p>` +
        `<p>${escapeHtml(link)}</p>` +
        `<p>${closing}</p>`;
      await mailer.send({ to, subject, text, html });
      // Without a mail server the operator is the only way the link can reach the user.
      if (mailer.kind === 'outbox') log.info({ to, link }, email.logged);
    };
  return {
    sendEmailVerification: sender(EMAILS.verification),
    sendPasswordReset: sender(EMAILS.reset),
    sendEmailChange: sender(EMAILS.emailChange),

    /**
     * To the address being replaced: a security notice without the confirmation link, so someone
     * who took over a session is seen by the owner (docs/product.md#your-account-rights).
     */
    async sendEmailChangeNotice(
      to: string,
      username: string,
      details: { newEmail: string; contactLink: string },
    ): Promise<void> {
      const subject = 'Your WikiLogos email address is being changed';
      const intro = `Someone asked to change the email address of your WikiLogos account to ${details.newEmail}. It changes when the link sent to that address is opened.`;
      const closing = "If this wasn't you, contact support:";
      const text = [`Hello ${username},`, '', intro, '', closing, details.contactLink].join('\n');
      const html =
        `<p>Hello ${escapeHtml(username)},</p>` +
        `<p>${escapeHtml(intro)}</p>` +
        `<p>${closing} <a href="${escapeHtml(details.contactLink)}">${escapeHtml(details.contactLink)}</a></p>`;
      await mailer.send({ to, subject, text, html });
    },

    /** A support request to the support address; replying answers the sender. */
    async sendSupportRequest(
      to: string,
      request: {
        id: number;
        email: string;
        username: string | null;
        subject: string;
        message: string;
        priority: boolean;
      },
    ): Promise<void> {
      const from = request.username
        ? `${request.email} (account ${request.username})`
        : `${request.email} (not signed in)`;
      const kind = request.priority ? 'Priority support request' : 'Support request';
      const subject = `[WikiLogos] ${request.priority ? 'Priority: ' : ''}${request.subject}`;
      const text = [
        `${kind} #${request.id} from ${from}`,
        '',
        request.message,
        '',
        'Reply to this email to answer the sender. Mark it done in the admin area, Support tab.',
      ].join('\n');
      const html =
        `<p><strong>${kind} #${request.id}</strong> from ${escapeHtml(from)}</p>` +
        `<p style="white-space:pre-wrap">${escapeHtml(request.message)}</p>` +
        '<p>Reply to this email to answer the sender. Mark it done in the admin area, Support tab.</p>';
      await mailer.send({ to, subject, text, html, replyTo: request.email });
      if (mailer.kind === 'outbox') {
        log.info({ to, id: request.id }, 'support request (no SMTP_URL: written to the outbox)');
      }
    },
  };
}

export type EmailService = ReturnType<typeof createEmailService>;
