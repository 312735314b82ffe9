import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseTargets } from '#tests/support/test-app.ts';
import {
  MINUTE,
  SESSION_COOKIE,
  appWithMailbox,
  eventually,
  login,
  manualClock,
  register,
  sessionOf,
  whoAmI,
  linkIn,
} from '#tests/support/accounts-fixtures.ts';

const SENT = {
  message: 'If an account exists for that email, we have sent a link to reset your password.',
};
const INVALID = { message: 'Invalid or expired token', code: 'INVALID_LINK' };

describe.each(databaseTargets)('password reset by email on %s', (target) => {
  const clock = manualClock();
  const logLines: string[] = [];
  const { app, mails } = appWithMailbox(target, {
    env: { MAIL_FROM: 'WikiLogos <help@logos.example>', LOG_LEVEL: 'info' },
    clock: clock.now,
    logger: { level: 'info', stream: { write: (l: string) => void logLines.push(l) } },
  });
  let ip = 0;
  // Each request comes from its own address: the per-address request limit is tested separately.
  const requestReset = (email: string, remoteAddress = `10.9.0.${++ip}`) =>
    app().inject({
      method: 'POST',
      url: '/api/users/request-reset',
      payload: { email },
      remoteAddress,
    });
  const validate = (token: string) =>
    app().inject({
      method: 'GET',
      url: `/api/users/validate-reset-token?token=${encodeURIComponent(token)}`,
    });
  const reset = (token: string, newPassword: string) =>
    app().inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token, newPassword },
    });
  // Sign-up also sends a verification email: only the reset emails count here.
  const mailsTo = (to: string) =>
    mails().filter((m) => m.to.includes(to) && /^Subject: Reset/m.test(m.raw));
  const nextMailTo = (to: string, already: number) =>
    eventually(() => (mailsTo(to).length > already ? mailsTo(to)[already] : undefined));

  beforeAll(async () => {
    await register(app(), 'frank');
  });

  it('emails a working link; the new password works and every session of the user ends', async () => {
    const first = sessionOf(await login(app(), 'frank', 'frank-password'));
    const second = sessionOf(await login(app(), 'frank', 'frank-password'));

    const res = await requestReset('Frank@Example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SENT);
    const mail = await nextMailTo('frank@example.com', 0);
    expect(mail.from).toBe('help@logos.example');
    expect(mail.raw).toMatch(/^Subject: Reset your WikiLogos password/m);
    expect(mail.raw).toContain('text/plain');
    expect(mail.raw).toContain('text/html');
    const link = linkIn(mail.raw, '/reset-password');
    expect(link.startsWith('http://logos.test:8080/reset-password?token=')).toBe(true);
    // With SMTP configured the link is never written to the log.
    expect(logLines.join('')).not.toContain(link.split('token=')[1]);

    const token = new URL(link).searchParams.get('token')!;
    expect((await validate(token)).json()).toEqual({ valid: true });
    const done = await reset(token, 'brand-new-pass');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      message: 'Your password has been reset. You can now sign in with your new password.',
    });

    expect((await whoAmI(app(), first)).json()).toBeNull();
    expect((await whoAmI(app(), second)).json()).toBeNull();
    expect((await login(app(), 'frank', 'frank-password')).statusCode).toBe(401);
    expect((await login(app(), 'frank', 'brand-new-pass')).statusCode).toBe(200);

    // Single use.
    const again = await reset(token, 'another-pass');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID);
    expect((await validate(token)).json()).toEqual(INVALID);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = mails().length;
    const res = await requestReset('nobody@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SENT);
    // A reset for a known address afterwards: once its mail has arrived, any mail for the unknown
    // address (sent first) would have arrived too.
    const count = mailsTo('frank@example.com').length;
    await requestReset('frank@example.com');
    await nextMailTo('frank@example.com', count);
    expect(mails().length).toBe(before + 1);
  });

  it('a new request invalidates the earlier links', async () => {
    const count = mailsTo('frank@example.com').length;
    await requestReset('frank@example.com');
    const older = new URL(
      linkIn((await nextMailTo('frank@example.com', count)).raw, '/reset-password'),
    ).searchParams.get('token')!;
    await requestReset('frank@example.com');
    const newer = new URL(
      linkIn((await nextMailTo('frank@example.com', count + 1)).raw, '/reset-password'),
    ).searchParams.get('token')!;
    expect((await validate(older)).statusCode).toBe(400);
    expect((await reset(older, 'password-x')).json()).toEqual(INVALID);
    expect((await validate(newer)).statusCode).toBe(200);
  });

  it('a link expires after one hour', async () => {
    const count = mailsTo('frank@example.com').length;
    await requestReset('frank@example.com');
    const token = new URL(
      linkIn((await nextMailTo('frank@example.com', count)).raw, '/reset-password'),
    ).searchParams.get('token')!;
    clock.advance(59 * MINUTE);
    expect((await validate(token)).statusCode).toBe(200);
    clock.advance(2 * MINUTE);
    expect((await validate(token)).json()).toEqual(INVALID);
    expect((await reset(token, 'password-y')).statusCode).toBe(400);
  });

  it('refuses made-up or missing tokens', async () => {
    expect((await validate('not-a-real-token')).statusCode).toBe(400);
    expect((await reset('not-a-real-token', 'password-z')).json()).toEqual(INVALID);
    const missing = await app().inject({
      method: 'GET',
      url: '/api/users/validate-reset-token',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain(
      'The password reset link is missing the required token',
    );
  });

  it('limits reset requests per address: the 6th in 15 minutes is refused', async () => {
    for (let i = 0; i < 5; i++)
      expect((await requestReset(`nobody${i}@example.com`, '10.8.8.8')).statusCode).toBe(200);
    const refused = await requestReset('nobody9@example.com', '10.8.8.8');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'Too many password reset requests. Please wait 15 minutes and try again.',
      code: 'RATE_LIMITED',
    });
  });

  it('limits reset requests per email, from any address: the 6th in an hour is refused', async () => {
    for (let i = 0; i < 5; i++)
      expect((await requestReset('Someone@example.com')).statusCode).toBe(200);
    const refused = await requestReset('someone@EXAMPLE.com');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(60 * 60));
    clock.advance(60 * MINUTE);
    expect((await requestReset('someone@example.com')).statusCode).toBe(200);
  });
});

describe('password reset without SMTP', () => {
  let dataDir: string;
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  const logLines: string[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'wikilogos-outbox-'));
    testApp = await createTestApp(
      'pglite',
      { DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      { logger: { level: 'info', stream: { write: (l: string) => void logLines.push(l) } } },
    );
  });
  afterAll(async () => {
    await testApp.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes the message to DATA_DIR/outbox as .eml and logs the link for the operator', async () => {
    const { session } = await register(testApp.app, 'gina');
    const res = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/request-reset',
      payload: { email: 'gina@example.com' },
    });
    expect(res.json()).toEqual(SENT);
    const outbox = path.join(dataDir, 'outbox');
    // Sign-up wrote the verification email there too: one file per message, each its own name.
    const files = await eventually(async () => {
      const names = await readdir(outbox).catch(() => []);
      return names.length === 2 ? names : undefined;
    });
    for (const file of files) expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T.*\.eml$/);
    const emls = await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')));
    const eml = emls.find((e) => /^Subject: Reset/m.test(e))!;
    expect(emls.find((e) => /^Subject: Verify/m.test(e))).toBeDefined();
    expect(eml).toMatch(/^To: gina@example.com$/m);
    expect(eml).toMatch(/^From: WikiLogos <no-reply@localhost>$/m);
    const link = linkIn(eml, '/reset-password');
    expect(link.startsWith('http://localhost:3000/reset-password?token=')).toBe(true);
    await eventually(() => (logLines.join('').includes(link) ? true : undefined));

    const token = new URL(link).searchParams.get('token')!;
    expect(
      (
        await testApp.app.inject({
          method: 'POST',
          url: '/api/users/reset-password',
          payload: { token, newPassword: 'gina-new-pass' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await whoAmI(testApp.app, session)).json()).toBeNull();
    expect(
      (
        await testApp.app.inject({
          method: 'GET',
          url: '/api/user',
          cookies: { [SESSION_COOKIE]: session },
        })
      ).json(),
    ).toBeNull();
  });
});
