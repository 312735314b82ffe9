import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, startSmtpFake } from '#tests/fakes/smtp-fake.ts';
import { createTestApp, databaseTargets } from '#tests/support/test-app.ts';
import {
  MINUTE,
  SESSION_COOKIE,
  eventually,
  login,
  manualClock,
  register,
  sessionOf,
} from '#tests/support/accounts-fixtures.ts';
import type { AuditEntry } from '#shared/admin/admin.schemas.ts';
import {
  SUPPORT_LIMITS,
  SUPPORT_MESSAGES,
  type SupportRequest,
} from '#shared/support/support.schemas.ts';
import { SUPPORT_REQUESTS_PER_ADDRESS, SUPPORT_REQUESTS_PER_EMAIL } from './support.service.ts';

const SUPPORT_EMAIL = 'support@logos.example';

describe.each(databaseTargets)('support requests on %s', (target) => {
  const clock = manualClock();
  let smtp: Awaited<ReturnType<typeof startSmtpFake>>;
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  let adminSession: string;
  let ipCount = 0;
  // Each request from its own address unless a test says otherwise.
  const nextIp = () => `10.7.${Math.floor(++ipCount / 250)}.${ipCount % 250}`;
  const app = () => testApp.app;
  const cookies = (session: string | undefined) =>
    session ? { cookies: { [SESSION_COOKIE]: session } } : {};

  const send = (
    payload: Record<string, unknown>,
    options: { session?: string; ip?: string } = {},
  ) =>
    app().inject({
      method: 'POST',
      url: '/api/support-requests',
      payload,
      remoteAddress: options.ip ?? nextIp(),
      ...cookies(options.session),
    });

  const list = async () => {
    const res = await app().inject({
      method: 'GET',
      url: '/api/admin/support-requests',
      ...cookies(adminSession),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ requests: SupportRequest[] }>().requests;
  };

  const markDone = (id: number | string, session = adminSession) =>
    app().inject({
      method: 'PUT',
      url: `/api/admin/support-requests/${id}/done`,
      ...cookies(session),
    });

  beforeAll(async () => {
    smtp = await startSmtpFake();
    testApp = await createTestApp(
      target,
      { SMTP_URL: smtp.url, SUPPORT_EMAIL },
      { clock: clock.now },
    );
    adminSession = sessionOf(await login(app(), 'admin', 'test-admin-password'));
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  it('stores a guest request, answers 201 and emails it to SUPPORT_EMAIL with a reply-to', async () => {
    const res = await send({
      email: '  guest@example.com ',
      subject: 'Where is the  Acme logo?',
      message: 'I cannot find the Acme logo in SVG.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: SUPPORT_MESSAGES.sent, priority: false });

    const stored = (await list()).find((r) => r.email === 'guest@example.com');
    expect(stored).toMatchObject({
      subject: 'Where is the Acme logo?',
      message: 'I cannot find the Acme logo in SVG.',
      username: null,
      priority: false,
      doneAt: null,
    });

    const mail = await eventually(() =>
      smtp.messages().find((m) => m.to.includes(SUPPORT_EMAIL) && m.raw.includes('Acme logo?')),
    );
    expect(mail.raw).toMatch(/^Reply-To: guest@example\.com/m);
    expect(decodeQuotedPrintable(mail.raw)).toContain('I cannot find the Acme logo in SVG.');
  });

  it('marks a Premium sender priority from the session, and lists priority first', async () => {
    const { session: free } = await register(app(), 'support_free');
    const { session: premium, user } = await register(app(), 'support_premium');
    const grant = await app().inject({
      method: 'POST',
      url: '/api/admin/grant-subscription',
      payload: { userId: user.id, months: 1 },
      ...cookies(adminSession),
    });
    expect(grant.statusCode, grant.body).toBe(200);

    const fromFree = await send(
      { email: 'free@example.com', subject: 'Free question', message: 'A question from Free.' },
      { session: free },
    );
    expect(fromFree.json()).toMatchObject({ priority: false });
    // `priority` in the body is not part of the contract and grants nothing.
    const fromPremium = await send(
      {
        email: 'premium@example.com',
        subject: 'Premium question',
        message: 'A question from Premium.',
        priority: false,
      },
      { session: premium },
    );
    expect(fromPremium.statusCode, fromPremium.body).toBe(201);
    expect(fromPremium.json()).toEqual({ message: SUPPORT_MESSAGES.sentPriority, priority: true });

    const requests = await list();
    expect(requests[0]).toMatchObject({
      subject: 'Premium question',
      priority: true,
      username: 'support_premium',
    });
    expect(requests.find((r) => r.subject === 'Free question')).toMatchObject({
      priority: false,
      username: 'support_free',
    });
    const mail = await eventually(() =>
      smtp.messages().find((m) => m.raw.includes('Premium question')),
    );
    expect(mail.raw).toMatch(/^Subject: \[WikiLogos\] Priority: Premium question/m);
  });

  it('refuses missing or oversized fields with sentences people understand', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { email: '', subject: 'Hello', message: 'A long enough message.' },
        SUPPORT_MESSAGES.emailMissing,
      ],
      [
        { email: 'not-an-email', subject: 'Hello', message: 'A long enough message.' },
        SUPPORT_MESSAGES.emailInvalid,
      ],
      [
        { email: 'a@example.com', subject: 'Hi', message: 'A long enough message.' },
        SUPPORT_MESSAGES.subjectShort,
      ],
      [
        {
          email: 'a@example.com',
          subject: 'x'.repeat(SUPPORT_LIMITS.subjectMax + 1),
          message: 'A long enough message.',
        },
        SUPPORT_MESSAGES.subjectLong,
      ],
      [
        { email: 'a@example.com', subject: 'Hello', message: 'Short' },
        SUPPORT_MESSAGES.messageShort,
      ],
      [
        {
          email: 'a@example.com',
          subject: 'Hello',
          message: 'x'.repeat(SUPPORT_LIMITS.messageMax + 1),
        },
        SUPPORT_MESSAGES.messageLong,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
  });

  it('refuses a request sent from another website, storing nothing', async () => {
    const res = await app().inject({
      method: 'POST',
      url: '/api/support-requests',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { email: 'forged@example.com', subject: 'Forged', message: 'Sent by another site.' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ code: string }>().code).toBe('CROSS_SITE_REQUEST');
    expect((await list()).some((r) => r.email === 'forged@example.com')).toBe(false);
  });

  it('limits requests per client address and per sender email, with Retry-After', async () => {
    const ip = '10.8.0.1';
    for (let i = 0; i < SUPPORT_REQUESTS_PER_ADDRESS.limit; i++) {
      const res = await send(
        { email: `burst${i}@example.com`, subject: 'Burst', message: 'Again and again.' },
        { ip },
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    const refused = await send(
      { email: 'burst-last@example.com', subject: 'Burst', message: 'Again and again.' },
      { ip },
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: SUPPORT_MESSAGES.tooManyFromAddress,
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    for (let i = 0; i < SUPPORT_REQUESTS_PER_EMAIL.limit; i++) {
      const res = await send({
        email: 'Same@example.com',
        subject: 'Same',
        message: 'Same sender.',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const sameEmail = await send({
      email: 'same@EXAMPLE.com',
      subject: 'Same',
      message: 'Same sender.',
    });
    expect(sameEmail.statusCode).toBe(429);
    expect(sameEmail.json<{ message: string }>().message).toBe(SUPPORT_MESSAGES.tooManyForEmail);

    // The address's window ends after an hour.
    clock.advance(60 * MINUTE + 1000);
    const later = await send(
      { email: 'burst-later@example.com', subject: 'Burst', message: 'Again and again.' },
      { ip },
    );
    expect(later.statusCode, later.body).toBe(201);
  });

  it('lets only administrators list requests and mark them done', async () => {
    const { session: user } = await register(app(), 'support_nosy');
    const guest = await app().inject({ method: 'GET', url: '/api/admin/support-requests' });
    expect(guest.statusCode).toBe(401);
    const notAdmin = await app().inject({
      method: 'GET',
      url: '/api/admin/support-requests',
      ...cookies(user),
    });
    expect(notAdmin.statusCode).toBe(403);
    const [first] = await list();
    expect((await markDone(first!.id, user)).statusCode).toBe(403);
  });

  it('marks a request done once, records it in the audit log, and moves it below open ones', async () => {
    const created = await send({
      email: 'done@example.com',
      subject: 'Please close me',
      message: 'This one gets marked done.',
    });
    expect(created.statusCode).toBe(201);
    const target = (await list()).find((r) => r.subject === 'Please close me')!;

    const res = await markDone(target.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: SUPPORT_MESSAGES.markedDone });
    // A second click (or a second administrator) changes nothing.
    expect((await markDone(target.id)).statusCode).toBe(200);

    const requests = await list();
    const done = requests.find((r) => r.id === target.id)!;
    expect(done).toMatchObject({ doneBy: 'admin' });
    expect(done.doneAt).not.toBeNull();
    const firstDone = requests.findIndex((r) => r.doneAt !== null);
    expect(requests.slice(firstDone).every((r) => r.doneAt !== null)).toBe(true);

    const audit = await app().inject({
      method: 'GET',
      url: '/api/admin/audit-log',
      ...cookies(adminSession),
    });
    const entries = audit.json<{ entries: AuditEntry[] }>().entries;
    expect(entries.filter((e) => e.action === 'resolve-support-request')).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'resolve-support-request',
      target: `support request #${target.id}`,
      detail: 'Please close me',
    });

    expect((await markDone(999_999)).statusCode).toBe(404);
    expect((await markDone('abc')).statusCode).toBe(400);
  });
});

describe('support requests without SUPPORT_EMAIL', () => {
  it('are stored for the admin area and not emailed', async () => {
    const smtp = await startSmtpFake();
    const testApp = await createTestApp('pglite', { SMTP_URL: smtp.url });
    try {
      const res = await testApp.app.inject({
        method: 'POST',
        url: '/api/support-requests',
        payload: { email: 'quiet@example.com', subject: 'Quiet', message: 'Nobody is emailed.' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const admin = sessionOf(await login(testApp.app, 'admin', 'test-admin-password'));
      const listed = await testApp.app.inject({
        method: 'GET',
        url: '/api/admin/support-requests',
        cookies: { [SESSION_COOKIE]: admin },
      });
      expect(listed.json<{ requests: SupportRequest[] }>().requests).toHaveLength(1);
    } finally {
      // Closing waits for any email on its way, so an empty inbox here means none was sent.
      await testApp.close();
      expect(smtp.messages().filter((m) => m.raw.includes('Quiet'))).toHaveLength(0);
      await smtp.close();
    }
  });
});

describe('support requests without SMTP_URL', () => {
  it('are written to DATA_DIR/outbox for SUPPORT_EMAIL', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wikilogos-support-outbox-'));
    const testApp = await createTestApp('pglite', { DATA_DIR: dataDir, SUPPORT_EMAIL });
    let closed = false;
    try {
      const res = await testApp.app.inject({
        method: 'POST',
        url: '/api/support-requests',
        payload: { email: 'outbox@example.com', subject: 'Outbox', message: 'Into the outbox.' },
      });
      expect(res.statusCode, res.body).toBe(201);
      // Closing waits for the email on its way.
      await testApp.close();
      closed = true;
      const outbox = path.join(dataDir, 'outbox');
      const files = await readdir(outbox);
      const emls = await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')));
      const mail = emls.find((raw) => raw.includes('Subject: [WikiLogos] Outbox'));
      expect(mail).toMatch(new RegExp(`^To: ${SUPPORT_EMAIL}`, 'm'));
      expect(mail).toMatch(/^Reply-To: outbox@example\.com/m);
    } finally {
      if (!closed) await testApp.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
