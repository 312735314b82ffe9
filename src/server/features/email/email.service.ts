import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The emails WikiLogos sends, in plain text and HTML. */
export function createEmailService({ mailer, log }: { mailer: Mailer; log: FastifyBaseLogger }) {
  return {
    async sendEmailVerification(to: string, username: string, link: string): Promise<void> {
      const text = [
        `Hello ${username},`,
        '',
        'Please confirm that this is your email address for your WikiLogos account.',
        'Open this link within 48 hours:',
        '',
        link,
        '',
        'If you did not create a WikiLogos account, ignore this email.',
      ].join('\n');
      const html =
        `<p>Hello ${escapeHtml(username)},</p>` +
        '<p>Please confirm that this is your email address for your WikiLogos account. ' +
        'Open this link within 48 hours:</p>' +
        `<p><a href="${escapeHtml(link)}">Verify my email address</a></p>` +
        `<p>${escapeHtml(link)}</p>` +
        '<p>If you did not create a WikiLogos account, ignore this email.</p>';
      await mailer.send({ to, subject: 'Verify your WikiLogos email address', text, html });
      if (mailer.kind === 'outbox') {
        log.info({ to, link }, 'email verification link (no SMTP_URL: written to the outbox)');
      }
    },

    async sendPasswordReset(to: string, username: string, link: string): Promise<void> {
      const text = [
        `Hello ${username},`,
        '',
        'Someone asked to reset the password of your WikiLogos account.',
        'Open this link within one hour to choose a new password:',
        '',
        link,
        '',
        'If it was not you, ignore this email: your password stays the same.',
      ].join('\n');
      const html =
        `<p>Hello ${escapeHtml(username)},</p>` +
        '<p>Someone asked to reset the password of your WikiLogos account. ' +
        'Open this link within one hour to choose a new password:</p>' +
        `<p><a href="${escapeHtml(link)}">Reset my password</a></p>` +
        `<p>${escapeHtml(link)}</p>` +
        '<p>If it was not you, ignore this email: your password stays the same.</p>';
      await mailer.send({ to, subject: 'Reset your WikiLogos password', text, html });
      // Without a mail server the operator is the only way the link can reach the user.
      if (mailer.kind === 'outbox') {
        log.info({ to, link }, 'password reset link (no SMTP_URL: written to the outbox)');
      }
    },
  };
}

export type EmailService = ReturnType<typeof createEmailService>;
