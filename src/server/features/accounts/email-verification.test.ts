import { describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, startSmtpFake } from '#tests/fakes/smtp-fake.ts';
import { createTestAppsSharingDatabase, databaseTargets } from '#tests/support/test-app.ts';
import {
  DAY,
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

const INVALID = {
  message: 'This verification link is invalid or has expired. Send a new one from your dashboard.',
  code: 'INVALID_LINK',
};

describe.each(databaseTargets)('email verification on %s', (target) => {
  const clock = manualClock();
  const { app, mails } = appWithMailbox(target, { clock: clock.now });

  const verificationMailsTo = (to: string) =>
    mails().filter((m) => m.to.includes(to) && /^Subject: Verify/m.test(m.raw));
  const nextLinkTo = async (to: string, already: number) =>
    linkIn(
      (
        await eventually(() =>
          verificationMailsTo(to).length > already ? verificationMailsTo(to)[already] : undefined,
        )
      ).raw,
      '/verify-email',
    );
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
  const verify = (token: string) =>
    app().inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
  const resend = (session: string) =>
    app().inject({
      method: 'POST',
      url: '/api/user/verification-email',
      cookies: { [SESSION_COOKIE]: session },
    });
  const me = async (session: string) => (await whoAmI(app(), session)).json();

  it('sign-up emails a link; it verifies the email once, and the account says so', async () => {
    const { session } = await register(app(), 'vera');
    expect(await me(session)).toMatchObject({ email: 'vera@example.com', emailVerified: false });

    const link = await nextLinkTo('vera@example.com', 0);
    expect(link.startsWith('http://logos.test:8080/verify-email?token=')).toBe(true);
    const done = await verify(tokenOf(link));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Your email address is verified. Thank you!' });
    expect(await me(session)).toMatchObject({ emailVerified: true });
    // The sign-in answer carries it too.
    expect((await login(app(), 'vera', 'vera-password')).json()).toMatchObject({
      emailVerified: true,
    });

    // Single use.
    const again = await verify(tokenOf(link));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID);
  });

  it('refuses a made-up token and an expired one in plain words', async () => {
    expect((await verify('not-a-real-token')).json()).toEqual(INVALID);
    const { session } = await register(app(), 'tardy');
    const link = await nextLinkTo('tardy@example.com', 0);
    clock.advance(2 * DAY + MINUTE);
    const late = await verify(tokenOf(link));
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(INVALID);
    expect(await me(session)).toMatchObject({ emailVerified: false });
  });

  it('resends from the account at most once a minute; the newest link is the one that works', async () => {
    const { session } = await register(app(), 'resa');
    const first = await nextLinkTo('resa@example.com', 0);
    // Signing up just sent one: asking again at once is refused, in words.
    const tooSoon = await resend(session);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual({
      message:
        'A verification email was sent less than a minute ago. Please check your inbox, or wait a minute and try again.',
      code: 'RATE_LIMITED',
    });

    clock.advance(MINUTE + 1000);
    // Five clicks at once (two tabs, a double click): one email.
    const burst = await Promise.all(Array.from({ length: 5 }, () => resend(session)));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
    const sent = burst.find((r) => r.statusCode === 200)!;
    expect(sent.json()).toEqual({
      message: 'We have sent a new verification link to resa@example.com.',
    });
    const second = await nextLinkTo('resa@example.com', 1);
    expect(second).not.toBe(first);
    expect((await verify(tokenOf(first))).statusCode).toBe(400);
    expect((await verify(tokenOf(second))).statusCode).toBe(200);

    clock.advance(MINUTE + 1000);
    const verified = await resend(session);
    expect(verified.statusCode).toBe(409);
    expect(verified.json()).toEqual({
      message: 'Your email address is already verified.',
      code: 'ALREADY_VERIFIED',
    });
  });

  it('resending needs a session', async () => {
    const res = await app().inject({ method: 'POST', url: '/api/user/verification-email' });
    expect(res.statusCode).toBe(401);
  });

  it('a password reset through the emailed link also verifies the address', async () => {
    const { session } = await register(app(), 'rosa');
    await app().inject({
      method: 'POST',
      url: '/api/users/request-reset',
      payload: { email: 'rosa@example.com' },
      remoteAddress: '10.77.0.1',
    });
    const mail = await eventually(() =>
      mails().find((m) => m.to.includes('rosa@example.com') && /Reset/.test(m.raw)),
    );
    const token = /reset-password\?token=([\w-]+)/.exec(decodeQuotedPrintable(mail.raw))![1]!;
    const done = await app().inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token, newPassword: 'rosa-new-password' },
    });
    expect(done.statusCode).toBe(200);
    expect((await whoAmI(app(), session)).json()).toBeNull();
    const again = sessionOf(await login(app(), 'rosa', 'rosa-new-password'));
    expect(await me(again)).toMatchObject({ emailVerified: true });
  });
});

describe.each(databaseTargets)('verification email resend across two instances on %s', (target) => {
  it('sends one email when both instances are asked at the same moment', async () => {
    const clock = manualClock();
    const smtp = await startSmtpFake();
    const { apps, close } = await createTestAppsSharingDatabase(
      target,
      2,
      { SMTP_URL: smtp.url },
      { clock: clock.now },
    );
    try {
      const { session } = await register(apps[0]!, 'twin');
      clock.advance(MINUTE + 1000);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          apps[i % 2]!.inject({
            method: 'POST',
            url: '/api/user/verification-email',
            cookies: { [SESSION_COOKIE]: session },
          }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    } finally {
      // Closing waits for the emails still on their way.
      await close();
      await smtp.close();
    }
    // Sign-up's email and the one resend: two in all.
    expect(smtp.messages().filter((m) => m.to.includes('twin@example.com'))).toHaveLength(2);
  });
});
