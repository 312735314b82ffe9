import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { downloads } from '#server/db/schema/downloads.ts';
import { premiumCodes } from '#server/db/schema/billing.ts';
import { sessions } from '#server/db/schema/sessions.ts';
import { users } from '#server/db/schema/users.ts';
import { hashToken } from '#server/features/sessions/sessions.service.ts';
import { decodeQuotedPrintable } from '#tests/fakes/smtp-fake.ts';
import { databaseTargets } from '#tests/support/test-app.ts';
import {
  MAIL_PUBLIC_URL,
  MINUTE,
  SESSION_COOKIE,
  appWithMailbox,
  eventually,
  login,
  manualClock,
  register,
  sessionOf,
  whoAmI,
} from '#tests/support/accounts-fixtures.ts';

describe.each(databaseTargets)('account rights on %s', (target) => {
  const clock = manualClock();
  const { app, mails } = appWithMailbox(target, { clock: clock.now });
  const db = () => app().database.db;
  const as = (session: string) => ({ cookies: { [SESSION_COOKIE]: session } });
  const me = async (session: string) => (await whoAmI(app(), session)).json();

  const track = (session: string, title: string) =>
    app().inject({
      method: 'POST',
      url: '/api/downloads/track',
      payload: {
        logoUrl: `https://upload.wikimedia.org/wikipedia/commons/a/a1/${title}.svg`,
        logoTitle: title,
      },
      ...as(session),
    });
  const deleteAccount = (session: string, payload: Record<string, unknown>) =>
    app().inject({ method: 'DELETE', url: '/api/user', payload, ...as(session) });
  const changePassword = (session: string, payload: Record<string, unknown>) =>
    app().inject({ method: 'POST', url: '/api/user/password', payload, ...as(session) });

  /** A Google-only account (no password) with a session signed in at the clock's now. */
  async function passwordlessSession(username: string) {
    const [row] = await db()
      .insert(users)
      .values({ username, email: `${username}@example.com`, googleSub: `google-${username}` })
      .returning();
    const id = `session-of-${username}`;
    const now = clock.now();
    await db()
      .insert(sessions)
      .values({
        idHash: hashToken(id),
        userId: row!.id,
        createdAt: now,
        lastSeen: now,
        expiresAt: new Date(now.getTime() + 30 * 24 * 60 * MINUTE),
      });
    return { id: row!.id, session: app().signCookie(id) };
  }

  describe('GET /api/user', () => {
    it('answers a visitor 200 with no user, never a 401', async () => {
      const res = await whoAmI(app(), undefined);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBeNull();
      const stale = await whoAmI(app(), 'not-a-session');
      expect(stale.statusCode).toBe(200);
      expect(stale.json()).toBeNull();
    });

    it('answers a signed-in user with who they are, saying whether it signs in only with Google', async () => {
      const { session } = await register(app(), 'whoami');
      const res = await whoAmI(app(), session);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ username: 'whoami', googleOnly: false });
    });
  });

  describe('Export my data', () => {
    it('downloads the account, the whole history, the subscription and redeemed codes', async () => {
      const { session, user } = await register(app(), 'exporter');
      expect((await track(session, 'Alpha')).statusCode).toBe(200);
      clock.advance(MINUTE);
      expect((await track(session, 'Beta')).statusCode).toBe(200);
      await db()
        .insert(premiumCodes)
        .values({
          code: 'EXPORTME23',
          durationDays: 30,
          createdAt: clock.now(),
          expiresAt: new Date(clock.now().getTime() + 60 * 24 * 60 * MINUTE),
        });
      const redeem = await app().inject({
        method: 'POST',
        url: '/api/redeem-premium-code',
        payload: { code: 'exportme23' },
        ...as(session),
      });
      expect(redeem.statusCode, redeem.body).toBe(200);

      const res = await app().inject({ method: 'GET', url: '/api/user/export', ...as(session) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="wikilogos-exporter-${clock.now().toISOString().slice(0, 10)}.json"`,
      );
      expect(res.headers['cache-control']).toBe('no-store');
      const data = res.json();
      expect(data.account).toMatchObject({
        id: user.id,
        username: 'exporter',
        email: 'exporter@example.com',
        googleOnly: false,
        googleLinked: false,
      });
      expect(data.subscription).toMatchObject({ plan: 'Premium', stripeStatus: null });
      expect(data.downloads.map((d: { logoTitle: string }) => d.logoTitle)).toEqual([
        'Beta',
        'Alpha',
      ]);
      expect(data.redeemedCodes).toEqual([
        { code: 'EXPORTME23', durationDays: 30, redeemedAt: clock.now().toISOString() },
      ]);
      expect(res.body).not.toMatch(/password_?hash|\$argon|\$scrypt/i);
    });

    it('is for signed-in users only', async () => {
      const res = await app().inject({ method: 'GET', url: '/api/user/export' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('Delete my account', () => {
    it('needs the password; then the account, its history and every session are gone', async () => {
      const { session, user } = await register(app(), 'leaver', { password: 'leaver-pass' });
      const other = sessionOf(await login(app(), 'leaver', 'leaver-pass'));
      expect((await track(session, 'Gamma')).statusCode).toBe(200);

      const wrong = await deleteAccount(session, { password: 'not-it' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        message: 'Your current password is incorrect.',
        code: 'WRONG_PASSWORD',
      });
      expect((await deleteAccount(session, {})).statusCode).toBe(400);
      expect(await me(session)).toMatchObject({ username: 'leaver' });

      const res = await deleteAccount(session, { password: 'leaver-pass' });
      expect(res.statusCode, res.body).toBe(204);
      expect(res.body).toBe('');
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
      expect(await me(session)).toBeNull();
      expect(await me(other)).toBeNull();
      expect((await login(app(), 'leaver', 'leaver-pass')).statusCode).toBe(401);
      expect(await db().select().from(users).where(eq(users.id, user.id))).toEqual([]);
      expect(await db().select().from(downloads).where(eq(downloads.userId, user.id))).toEqual([]);
      // The name is free again.
      await register(app(), 'leaver');
    });

    it('refuses an administrator account', async () => {
      const { session, user } = await register(app(), 'bossy', { password: 'bossy-pass' });
      await db().update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
      const res = await deleteAccount(session, { password: 'bossy-pass' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ADMIN_NOT_DELETABLE');
      expect(await me(session)).toMatchObject({ username: 'bossy' });
    });

    it('asks a Google-only account for a Google sign-in from the last 10 minutes', async () => {
      const fresh = await passwordlessSession('googler');
      expect(await me(fresh.session)).toMatchObject({ googleOnly: true });
      clock.advance(11 * MINUTE);
      const stale = await deleteAccount(fresh.session, {});
      expect(stale.statusCode).toBe(403);
      expect(stale.json()).toEqual({
        message:
          'For your security, sign in with Google again, then delete your account within 10 minutes.',
        code: 'REAUTHENTICATION_REQUIRED',
      });
      const again = await passwordlessSession('googler2');
      const res = await deleteAccount(again.session, {});
      expect(res.statusCode).toBe(204);
      expect(await me(again.session)).toBeNull();
    });

    it('is for signed-in users only', async () => {
      const res = await app().inject({ method: 'DELETE', url: '/api/user', payload: {} });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('Change password', () => {
    it('needs the current password; other sessions end, this one stays', async () => {
      const { session } = await register(app(), 'changer', { password: 'old-secret' });
      const other = sessionOf(await login(app(), 'changer', 'old-secret'));

      const mismatch = await changePassword(session, {
        currentPassword: 'old-secret',
        newPassword: 'new-secret',
        confirmPassword: 'new-secreX',
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().message).toContain('Passwords do not match');
      const wrong = await changePassword(session, {
        currentPassword: 'guess',
        newPassword: 'new-secret',
        confirmPassword: 'new-secret',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('WRONG_PASSWORD');

      const res = await changePassword(session, {
        currentPassword: 'old-secret',
        newPassword: 'new-secret',
        confirmPassword: 'new-secret',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(
        'Your password has been changed. You have been signed out on your other devices.',
      );
      expect(await me(session)).toMatchObject({ username: 'changer' });
      expect(await me(other)).toBeNull();
      expect((await login(app(), 'changer', 'old-secret')).statusCode).toBe(401);
      expect((await login(app(), 'changer', 'new-secret')).statusCode).toBe(200);
    });

    it('lets a Google-only account set a first password, which then signs in; only that account', async () => {
      const { session } = await passwordlessSession('nopass');
      const other = await passwordlessSession('nopass-other');
      expect(await me(session)).toMatchObject({ googleOnly: true });
      const res = await changePassword(session, {
        newPassword: 'first-secret',
        confirmPassword: 'first-secret',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(
        'Your password has been set. You can now sign in with your username and password.',
      );
      expect(await me(session)).toMatchObject({ username: 'nopass', googleOnly: false });
      expect((await login(app(), 'nopass', 'first-secret')).statusCode).toBe(200);
      expect(await me(other.session)).toMatchObject({ googleOnly: true });

      // Now it has a password: leaving out the current one is refused as before.
      const again = await changePassword(session, {
        newPassword: 'second-secret',
        confirmPassword: 'second-secret',
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('WRONG_PASSWORD');
      expect((await login(app(), 'nopass', 'second-secret')).statusCode).toBe(401);
    });

    it('refuses a missing current password for an account that has one', async () => {
      const { session } = await register(app(), 'keeper', { password: 'keeper-pass' });
      const res = await changePassword(session, {
        newPassword: 'new-secret',
        confirmPassword: 'new-secret',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('WRONG_PASSWORD');
      expect((await login(app(), 'keeper', 'keeper-pass')).statusCode).toBe(200);
    });
  });

  describe('Change email', () => {
    const changeMails = (to: string) =>
      mails().filter((m) => m.to.includes(to) && /^Subject: Confirm your new/m.test(m.raw));
    const linkTo = async (to: string) => {
      const mail = await eventually(() => changeMails(to)[0]);
      const text = decodeQuotedPrintable(mail.raw);
      const link = /https?:\/\/[^\s"<]+\/verify-email\?token=[\w-]+&(amp;)?email=[^\s"<&]+/.exec(
        text,
      );
      expect(link).not.toBeNull();
      return new URL(link![0].replace('&amp;', '&'));
    };
    const requestChange = (session: string, payload: Record<string, unknown>) =>
      app().inject({ method: 'POST', url: '/api/user/email', payload, ...as(session) });
    const confirm = (payload: Record<string, unknown>) =>
      app().inject({ method: 'POST', url: '/api/auth/verify-email', payload });

    it('emails a link to the new address; the address changes only when it is opened', async () => {
      const { session } = await register(app(), 'mover', { password: 'mover-pass' });
      const wrong = await requestChange(session, { newEmail: 'moved@example.com', password: 'x' });
      expect(wrong.statusCode).toBe(400);
      const res = await requestChange(session, {
        newEmail: 'Moved@example.com',
        password: 'mover-pass',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(
        'We have sent a confirmation link to Moved@example.com. Your email address changes when you open it.',
      );
      expect(await me(session)).toMatchObject({ email: 'mover@example.com' });

      const link = await linkTo('Moved@example.com');
      const token = link.searchParams.get('token')!;
      expect(link.searchParams.get('email')).toBe('Moved@example.com');
      // The token works only with the address it was sent to.
      expect((await confirm({ token, email: 'thief@example.com' })).statusCode).toBe(400);
      expect((await confirm({ token })).statusCode).toBe(400);
      const ok = await confirm({ token, email: 'Moved@example.com' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().message).toBe('Your email address is now Moved@example.com.');
      expect(await me(session)).toMatchObject({ email: 'Moved@example.com', emailVerified: true });
      expect((await confirm({ token, email: 'Moved@example.com' })).statusCode).toBe(400);
    });

    it('tells the old address that the email is being changed, with a way to contact support', async () => {
      const { session } = await register(app(), 'warned', { password: 'warned-pass' });
      const res = await requestChange(session, {
        newEmail: 'elsewhere@example.com',
        password: 'warned-pass',
      });
      expect(res.statusCode, res.body).toBe(200);
      const notice = await eventually(() =>
        mails().find(
          (m) =>
            m.to.includes('warned@example.com') &&
            /^Subject: Your WikiLogos email address is being changed/m.test(m.raw),
        ),
      );
      const text = decodeQuotedPrintable(notice.raw);
      expect(text).toContain('elsewhere@example.com');
      expect(text).toContain("If this wasn't you, contact support");
      expect(text).toContain(`${MAIL_PUBLIC_URL}/contact`);
      // The confirmation link goes only to the new address.
      expect(text).not.toMatch(/verify-email\?token=/);
      await linkTo('elsewhere@example.com');
    });

    it('refuses the current address and one another account has', async () => {
      const { session } = await register(app(), 'stayer', { password: 'stayer-pass' });
      await register(app(), 'holder');
      const same = await requestChange(session, {
        newEmail: 'STAYER@example.com',
        password: 'stayer-pass',
      });
      expect(same.statusCode).toBe(409);
      expect(same.json().code).toBe('SAME_EMAIL');
      const taken = await requestChange(session, {
        newEmail: 'holder@example.com',
        password: 'stayer-pass',
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('EMAIL_TAKEN');
    });
  });
});
