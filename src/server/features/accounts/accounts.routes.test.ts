import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseTargets } from '#tests/support/test-app.ts';
import {
  DAY,
  SESSION_COOKIE,
  login,
  manualClock,
  register,
  sessionCookieOf,
  sessionOf,
  whoAmI,
} from '#tests/support/accounts-fixtures.ts';

describe.each(databaseTargets)('accounts on %s', (target) => {
  const clock = manualClock();
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    testApp = await createTestApp(target, {}, { clock: clock.now });
  });
  afterAll(() => testApp.close());
  const app = () => testApp.app;

  describe('registration', () => {
    it('creates the account, signs it in and returns the user without any secret', async () => {
      const { res, session } = await register(app(), 'Alice');
      expect(res.json()).toEqual({
        id: expect.any(Number),
        username: 'Alice',
        email: 'alice@example.com',
        isAdmin: false,
        isSubscribed: false,
        subscriptionExpiryDate: null,
        downloadCount: 0,
        emailVerified: false,
        googleOnly: false,
      });
      expect(res.body).not.toContain('password');
      const me = await whoAmI(app(), session);
      expect(me.statusCode).toBe(200);
      expect(me.json().username).toBe('Alice');
    });

    it('refuses a taken username or email, whatever their case', async () => {
      const taken = await app().inject({
        method: 'POST',
        url: '/api/users/register',
        payload: {
          username: 'ALICE',
          email: 'new@example.com',
          password: 'secret1',
          confirmPassword: 'secret1',
        },
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({
        message: 'This username is already taken',
        code: 'USERNAME_TAKEN',
      });
      const email = await app().inject({
        method: 'POST',
        url: '/api/users/register',
        payload: {
          username: 'alice2',
          email: 'Alice@Example.com',
          password: 'secret1',
          confirmPassword: 'secret1',
        },
      });
      expect(email.statusCode).toBe(409);
      expect(email.json()).toEqual({
        message: 'An account with this email already exists',
        code: 'EMAIL_TAKEN',
      });
    });

    it('explains invalid usernames, emails and passwords with the documented messages', async () => {
      const cases: Array<[Record<string, string>, string]> = [
        [{ username: 'ab' }, 'Username must be at least 3 characters long'],
        [{ username: 'x'.repeat(31) }, 'Username cannot exceed 30 characters'],
        [
          { username: 'bad name!' },
          'Username can only contain letters, numbers, underscores and hyphens',
        ],
        [{ email: 'not-an-email' }, 'Please enter a valid email'],
        [{ password: '12345', confirmPassword: '12345' }, 'Password must be at least 6 characters'],
        [{ confirmPassword: 'different' }, 'Passwords do not match'],
      ];
      for (const [change, message] of cases) {
        const res = await app().inject({
          method: 'POST',
          url: '/api/users/register',
          payload: {
            username: 'valid_name',
            email: 'valid@example.com',
            password: 'secret1',
            confirmPassword: 'secret1',
            ...change,
          },
        });
        expect(res.statusCode, message).toBe(400);
        expect(res.json().message).toContain(message);
        expect(sessionCookieOf(res)).toBeUndefined();
      }
    });
  });

  describe('sign-in and sessions', () => {
    it('signs in by username or email (any case) with the same answer shape', async () => {
      await register(app(), 'bob');
      for (const name of ['bob', 'BOB', 'bob@example.com', 'Bob@Example.COM']) {
        const res = await login(app(), name, 'bob-password', { ip: '10.1.0.1' });
        expect(res.statusCode, name).toBe(200);
        expect(res.json()).toMatchObject({ username: 'bob', isAdmin: false });
      }
    });

    it('sets an httpOnly, SameSite=Lax, Path=/ cookie, not Secure over http', async () => {
      const res = await login(app(), 'bob', 'bob-password', { ip: '10.1.0.2' });
      const cookie = sessionCookieOf(res);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.secure).toBeFalsy();
      expect(cookie?.maxAge).toBe(30 * 24 * 60 * 60);
    });

    it('answers the same for an unknown user and a wrong password', async () => {
      const unknown = await login(app(), 'nobody-here', 'whatever1', { ip: '10.1.0.3' });
      const wrong = await login(app(), 'bob', 'wrong-password', { ip: '10.1.0.4' });
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.json()).toEqual({
        message: 'Invalid username or password',
        code: 'INVALID_CREDENTIALS',
      });
      expect(wrong.json()).toEqual(unknown.json());
      expect(sessionCookieOf(wrong)).toBeUndefined();
    });

    it('gives a new session id at login; the cookie held before is not signed in', async () => {
      const before = sessionOf(await login(app(), 'alice', 'Alice-password', { ip: '10.1.0.5' }));
      const after = await login(app(), 'bob', 'bob-password', { ip: '10.1.0.5', cookie: before });
      const afterSession = sessionOf(after);
      expect(afterSession).not.toBe(before);
      expect((await whoAmI(app(), before)).json()).toBeNull();
      expect((await whoAmI(app(), afterSession)).json().username).toBe('bob');
      // A made-up id is never adopted either.
      const forged = await login(app(), 'bob', 'bob-password', {
        ip: '10.1.0.5',
        cookie: 'made-up',
      });
      expect(sessionOf(forged)).not.toBe('made-up');
    });

    it('logout ends the session on the server and clears the cookie', async () => {
      const session = sessionOf(await login(app(), 'bob', 'bob-password', { ip: '10.1.0.6' }));
      const res = await app().inject({
        method: 'POST',
        url: '/api/logout',
        cookies: { [SESSION_COOKIE]: session },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'You have been successfully logged out.' });
      const cleared = sessionCookieOf(res);
      expect(cleared?.value).toBe('');
      // Replaying the old cookie does not bring the session back.
      expect((await whoAmI(app(), session)).json()).toBeNull();
      // Signing out while signed out is harmless.
      expect((await app().inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
    });

    it('GET /api/user answers no user (200, not 401) when signed out or with a tampered cookie', async () => {
      const anonymous = await whoAmI(app(), undefined);
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.json()).toBeNull();
      const session = sessionOf(await login(app(), 'bob', 'bob-password', { ip: '10.1.0.7' }));
      const tampered = session.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
      expect((await whoAmI(app(), tampered)).json()).toBeNull();
    });

    it('slides the expiry on use (written at most once a day) and ends 30 days after last use', async () => {
      const session = sessionOf(await login(app(), 'bob', 'bob-password', { ip: '10.1.0.8' }));
      clock.advance(20 * DAY);
      const used = await whoAmI(app(), session);
      expect(used.statusCode).toBe(200);
      // The server extended it and refreshed the browser's cookie too.
      expect(sessionCookieOf(used)?.maxAge).toBe(30 * 24 * 60 * 60);
      const sameDay = await whoAmI(app(), session);
      expect(sessionCookieOf(sameDay)).toBeUndefined();
      clock.advance(25 * DAY); // 45 days after login, 25 after last use
      expect((await whoAmI(app(), session)).statusCode).toBe(200);
      clock.advance(30 * DAY + 1000);
      const expired = await whoAmI(app(), session);
      expect(expired.json()).toBeNull();
      expect(sessionCookieOf(expired)?.value).toBe('');
    });
  });

  describe('own account only', () => {
    it('GET /api/user/profile returns the session user; another userId is refused', async () => {
      const carol = await register(app(), 'carol');
      const alice = sessionOf(await login(app(), 'alice', 'Alice-password', { ip: '10.2.0.1' }));
      const own = await app().inject({
        method: 'GET',
        url: `/api/user/profile?userId=${carol.user.id}`,
        cookies: { [SESSION_COOKIE]: carol.session },
      });
      expect(own.statusCode).toBe(200);
      expect(own.json().user.username).toBe('carol');
      const noId = await app().inject({
        method: 'GET',
        url: '/api/user/profile',
        cookies: { [SESSION_COOKIE]: carol.session },
      });
      expect(noId.json().user.id).toBe(carol.user.id);
      const forged = await app().inject({
        method: 'GET',
        url: `/api/user/profile?userId=${carol.user.id}`,
        cookies: { [SESSION_COOKIE]: alice },
      });
      expect(forged.statusCode).toBe(403);
      expect(forged.json()).toEqual({
        message: 'You can only access your own account.',
        code: 'NOT_YOUR_ACCOUNT',
      });
    });

    it('updates the username of the session user only, unique regardless of case', async () => {
      const dave = await register(app(), 'dave');
      const update = (payload: object, session = dave.session) =>
        app().inject({
          method: 'PUT',
          url: '/api/user/update-username-direct',
          payload,
          cookies: { [SESSION_COOKIE]: session },
        });

      const forged = await update({ newUsername: 'dave-new', userId: dave.user.id + 1000 });
      expect(forged.statusCode).toBe(403);
      const taken = await update({ newUsername: 'CAROL' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({
        message: 'This username is already taken',
        code: 'USERNAME_TAKEN',
      });
      const invalid = await update({ newUsername: 'a b' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().message).toContain(
        'Username can only contain letters, numbers, underscores and hyphens',
      );
      const empty = await update({ newUsername: '   ' });
      expect(empty.json().message).toContain('Username cannot be empty');

      const ok = await update({ newUsername: 'Dave_2', userId: dave.user.id });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        message: 'Username Updated',
        user: { id: dave.user.id, username: 'Dave_2' },
      });
      // A change of case of one's own name is allowed.
      expect((await update({ newUsername: 'dave_2' })).statusCode).toBe(200);
      expect((await login(app(), 'DAVE_2', 'dave-password', { ip: '10.2.0.2' })).statusCode).toBe(
        200,
      );
    });
  });

  describe('the administrator', () => {
    it('signs in through the same endpoint and is told isAdmin', async () => {
      const res = await login(app(), 'admin', 'test-admin-password', { ip: '10.3.0.1' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ username: 'admin', isAdmin: true });
      expect((await login(app(), 'bob', 'bob-password', { ip: '10.3.0.1' })).json().isAdmin).toBe(
        false,
      );
    });
  });

  describe('sign-in attempts limit', () => {
    const TOO_MANY = {
      message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
      code: 'RATE_LIMITED',
    };

    it('locks an account on one address after 5 failures for 15 minutes; other addresses and accounts are unaffected', async () => {
      await register(app(), 'erin');
      const ip = '10.4.0.1';
      for (let i = 1; i <= 5; i++) {
        expect((await login(app(), 'erin', 'wrong-pass', { ip })).statusCode).toBe(401);
      }
      const sixth = await login(app(), 'Erin', 'erin-password', { ip });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json()).toEqual(TOO_MANY);
      expect(sixth.headers['retry-after']).toBe(String(15 * 60));
      expect((await login(app(), 'erin', 'erin-password', { ip: '10.4.0.2' })).statusCode).toBe(
        200,
      );
      expect((await login(app(), 'bob', 'bob-password', { ip })).statusCode).toBe(200);
      clock.advance(15 * 60 * 1000 + 1000);
      expect((await login(app(), 'erin', 'erin-password', { ip })).statusCode).toBe(200);
    });

    it('a right password clears the failures of that account on that address', async () => {
      await register(app(), 'fiona');
      const ip = '10.5.0.1';
      for (let i = 1; i <= 4; i++) {
        expect((await login(app(), 'fiona', 'wrong-pass', { ip })).statusCode).toBe(401);
      }
      expect((await login(app(), 'fiona', 'fiona-password', { ip })).statusCode).toBe(200);
      for (let i = 1; i <= 5; i++) {
        expect((await login(app(), 'fiona', 'wrong-pass', { ip })).statusCode).toBe(401);
      }
      expect((await login(app(), 'fiona', 'fiona-password', { ip })).statusCode).toBe(429);
    });
  });

  it('refuses a cross-site sign-in form post', async () => {
    const res = await app().inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      payload: { username: 'bob', password: 'bob-password' },
    });
    expect(res.statusCode).toBe(403);
    expect(sessionCookieOf(res)).toBeUndefined();
  });
});

describe('session cookie over https', () => {
  it('is Secure when PUBLIC_URL is https', async () => {
    const testApp = await createTestApp('pglite', { PUBLIC_URL: 'https://logos.example.com' });
    try {
      const res = await login(testApp.app, 'admin', 'test-admin-password');
      expect(res.statusCode).toBe(200);
      expect(sessionCookieOf(res)).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
      });
    } finally {
      await testApp.close();
    }
  });
});
