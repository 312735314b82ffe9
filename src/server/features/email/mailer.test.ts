import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, startSmtpFake } from '#tests/fakes/smtp-fake.ts';
import { createEmailService } from './email.service.ts';
import { createMailer } from './mailer.ts';

const LINK = 'https://logos.example.com/reset-password?token=abc_DEF-123';

function captureLog() {
  const infos: unknown[] = [];
  const log = { info: (obj: unknown) => void infos.push(obj) } as never;
  return { infos, log };
}

describe('email through SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpFake>>;
  beforeAll(async () => {
    smtp = await startSmtpFake();
  });
  afterAll(() => smtp.close());

  it('sends the reset email with text and HTML bodies from MAIL_FROM, and does not log the link', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'WikiLogos <help@logos.example>',
      dataDir: '/nonexistent',
    });
    const { infos, log } = captureLog();
    await createEmailService({ mailer, log }).sendPasswordReset('ann@example.com', 'ann<b>', LINK);
    await mailer.close();
    const [mail] = smtp.messages();
    expect(mail).toMatchObject({ from: 'help@logos.example', to: ['ann@example.com'] });
    const raw = decodeQuotedPrintable(mail!.raw);
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toContain(`href="${LINK}"`);
    expect(raw).toContain('Hello ann&#60;b&#62;,');
    expect(infos).toEqual([]);
  });
});

describe('email without SMTP', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'wikilogos-mail-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('writes an .eml file per message to DATA_DIR/outbox and logs the link', async () => {
    const mailer = createMailer({ from: 'WikiLogos <no-reply@localhost>', dataDir });
    const { infos, log } = captureLog();
    const email = createEmailService({ mailer, log });
    await email.sendPasswordReset('ann@example.com', 'ann', LINK);
    await email.sendPasswordReset('bo@example.com', 'bo', LINK);
    const files = (await readdir(path.join(dataDir, 'outbox'))).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}\.eml$/);
    const eml = await readFile(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toMatch(/^Subject: Reset your WikiLogos password$/m);
    expect(decodeQuotedPrintable(eml)).toContain(LINK);
    expect(infos).toEqual([
      { to: 'ann@example.com', link: LINK },
      { to: 'bo@example.com', link: LINK },
    ]);
  });
});
