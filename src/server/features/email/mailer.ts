import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go (a support request's sender). */
  replyTo?: string;
};

export type Mailer = {
  /** 'smtp' when SMTP_URL is set; 'outbox' writes .eml files under DATA_DIR/outbox. */
  kind: 'smtp' | 'outbox';
  send: (message: MailMessage) => Promise<void>;
  /** Waits for the emails still on their way (a shutdown hands them over, never drops them). */
  close: () => Promise<void>;
};

/**
 * nodemailer, loaded with the first email rather than at start: it holds ~7 MB that an idle server
 * would carry for nothing (docs/decisions/045-lean-idle-server-and-responsive-batches.md).
 */
let nodemailerModule: Promise<{ default: typeof nodemailer }> | undefined;
function loadNodemailer() {
  nodemailerModule ??= import('nodemailer');
  return nodemailerModule;
}

/** The transport alone: SMTP, or the outbox; made when the first email is sent. */
function createTransportMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  dataDir: string;
}): { kind: Mailer['kind']; send: Mailer['send']; close: () => void } {
  const outbox = path.resolve(options.dataDir, 'outbox');
  let transport: Transporter | undefined;
  const getTransport = async () => {
    const { default: nodemailer } = await loadNodemailer();
    transport ??= options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    return transport;
  };
  if (options.smtpUrl) {
    return {
      kind: 'smtp',
      send: async (message) => {
        await (await getTransport()).sendMail({ from: options.from, ...message });
      },
      close: () => transport?.close(),
    };
  }
  return {
    kind: 'outbox',
    send: async (message) => {
      const info = await (await getTransport()).sendMail({ from: options.from, ...message });
      await mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      // Mode 600: the file holds a live reset link.
      await writeFile(path.join(outbox, name), info.message as Buffer, { mode: 0o600 });
    },
    close: () => transport?.close(),
  };
}

/** How mail leaves: to SMTP_URL, else as .eml files (self-hosting needs no mail server). */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  dataDir: string;
}): Mailer {
  const { kind, send, close } = createTransportMailer(options);
  const inFlight = new Set<Promise<void>>();
  return {
    kind,
    send: (message) => {
      const sending = send(message);
      inFlight.add(sending);
      const forget = () => inFlight.delete(sending);
      sending.then(forget, forget);
      return sending;
    },
    close: async () => {
      await Promise.allSettled(inFlight);
      close();
    },
  };
}
