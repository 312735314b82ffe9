import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedApiRoutes } from '#tests/support/api-routes.ts';
import { createTestApp, databaseTargets } from '#tests/support/test-app.ts';
import { FAVOURITES_IMPORT_BODY_LIMIT } from '#server/features/favourites/favourites.routes.ts';

/**
 * Bad input: every /api route is sent random and malformed requests — wrong types,
 * missing and duplicate fields, huge strings and arrays, unicode edge cases, path traversal, SQL,
 * HTML and prototype-pollution strings, invalid JSON and wrong content types — by a visitor, a
 * free user, an administrator and a caller with a forged cookie. Whatever arrives, the answer is
 * never a 5xx, every error is a JSON `{ message }` without internals, and accounts that the
 * requests do not legitimately own are exactly as they were.
 *
 * Deterministic: FUZZ_SEED (default below) seeds every property; fast-check prints the seed and
 * the shrunk counterexample on failure. FUZZ_RUNS changes the runs per route and database; each
 * database gets its own seed, so with PostgreSQL beside PGlite a route meets twice as many inputs.
 * The default keeps the suite within its time budget; raise it for a deeper run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Actor = 'anonymous' | 'forged' | 'user' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'forged', 'user', 'admin'];

// ---------------------------------------------------------------------------------------------
// Nasty values
// ---------------------------------------------------------------------------------------------

const HUGE_BODY_BYTES = 300 * 1024;
const hugeAscii = 'a'.repeat(100_000);
const hugeEmoji = '😀'.repeat(20_000);

const NASTY_STRINGS = [
  '',
  ' ',
  '\t\n\r',
  // Path traversal, encoded and not.
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%2f..%2f',
  '/api/icons/../../etc/passwd.svg',
  '/api/icons/%2e%2e%2fsecret.svg',
  'file:///etc/passwd',
  'http://127.0.0.1:5432/',
  'http://169.254.169.254/latest/meta-data/',
  'javascript:alert(1)',
  'data:image/svg+xml,<svg onload=alert(1)>',
  '//evil.example/x.svg',
  // SQL injection.
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  "admin'--",
  '1; UPDATE users SET is_admin = true; --',
  "' UNION SELECT password_hash FROM users --",
  '1 OR 1=1',
  // HTML and script.
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '"><svg/onload=alert(1)>',
  '<b>x</b>@example.com',
  // Unicode edge cases: lone surrogates, RTL override, zero-width, NUL, emoji, combining marks.
  '\ud800',
  '\udfff',
  'abc\ud83d',
  '\u202egnp.exe',
  'ad\u200bmin',
  '\ufeffadmin',
  'admin\u0000',
  '\u0000',
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǵ̳o̗͈',
  'مرحبا',
  '\u{10ffff}',
  // Prototype pollution and identity claims as values.
  '__proto__',
  'constructor',
  'true',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '0x10',
  '9007199254740993',
  '1.5',
  ' 2 ',
  hugeAscii,
  hugeEmoji,
];

const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  // 'binary' draws any code point, lone surrogates included.
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/) },
);

/**
 * An object written as its entries, so the JSON can carry duplicate keys and an own `__proto__`
 * key — neither survives a JavaScript object literal.
 */
const RAW_OBJECT = Symbol('raw object');
type RawObject = { [RAW_OBJECT]: Array<[string, unknown]> };
const isRawObject = (value: unknown): value is RawObject =>
  typeof value === 'object' && value !== null && RAW_OBJECT in value;

const POLLUTION_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'admin',
  'isAdmin',
  'adminId',
  'userId',
  'role',
];

const hugeArray = Array.from({ length: 30_000 }, (_, i) => i);
const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 1, 12, 30, 360, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, 0.5),
  fc.double(),
);

/** JSON-representable junk, nested a little. */
const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: nastyString },
    { weight: 2, arbitrary: nastyNumber },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constant(hugeArray) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fc.oneof(fc.constantFrom(...POLLUTION_KEYS), fc.string()), tie('value')), {
          maxLength: 3,
        })
        .map((entries) => ({ [RAW_OBJECT]: entries })),
    },
  ),
})).value;

function toJson(value: unknown): string {
  if (isRawObject(value)) {
    return `{${value[RAW_OBJECT].map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  return JSON.stringify(value) ?? 'null';
}

// ---------------------------------------------------------------------------------------------
// The routes: what each reads, with a few well-formed examples mixed in among the junk
// ---------------------------------------------------------------------------------------------

type Fields = Record<string, fc.Arbitrary<unknown>>;
type RouteSpec = {
  /** Body fields (POST/PUT routes). */
  body?: Fields;
  /** Query parameters. */
  query?: Record<string, fc.Arbitrary<string>>;
  /** Path parameters, in order, with the URL built from them. */
  params?: { build: (...segments: string[]) => string; examples: fc.Arbitrary<string> };
  /** A route that takes more than the app's 256 KiB (in bytes): bodies past it get the 413. */
  bodyLimit?: number;
};

const str = (...examples: string[]) => fc.constantFrom(...examples);
// Addresses only ever point at hosts the file policy refuses (or our own bundled icons): the
// fuzz never reaches the network.
const logoUrl = str(
  '/api/icons/github.svg',
  'http://127.0.0.1/logo.svg',
  'https://example.com/a.svg',
);
const userIdText = str('1', '2000000000', 'abc', '-5', '1.5');
const email = str('fuzz@example.com', 'not-an-email', 'a@b', '<b>x</b>@example.com');
const logoObject = fc
  .record(
    { url: fc.oneof(logoUrl, nastyValue), title: fc.oneof(str('GitHub'), nastyValue) },
    { requiredKeys: [] },
  )
  .map((o) => ({ [RAW_OBJECT]: Object.entries(o) }) as RawObject);

const ROUTES: Record<string, RouteSpec> = {
  'GET /api/health': {},
  'GET /api/health/live': {},
  'GET /api/health/ready': {},
  'GET /api/search': {
    query: {
      q: str('github', 'google, apple', ',,,', 'a'.repeat(201)),
      fileType: str('svg', 'png', '', 'exe'),
      page: str('0', '1', '40', '41', '-1', '1.5'),
    },
  },
  'GET /api/search/first': {
    query: {
      q: str('github', 'google, apple', ',,,', 'a'.repeat(201)),
      fileType: str('svg', 'png', '', 'exe'),
      page: str('0', '1', '40', '41', '-1', '1.5'),
    },
  },
  'GET /api/brands/:qid': {
    params: { build: (qid) => `/api/brands/${qid}`, examples: str('Q2283', 'q95', 'Q0', 'nope') },
  },
  'GET /api/search/samples': {},
  'GET /api/search/names': {},
  'GET /api/search/suggest': { query: { q: str('goo', '', 'a'.repeat(201)) } },
  'GET /api/search/opensearch-suggestions': { query: { q: str('goo', '', 'a'.repeat(201)) } },
  'POST /api/wall/resolve': {
    body: {
      names: fc.oneof(
        fc.array(fc.oneof(str('nosuchcompany', '', 'stripe.com', 'a'.repeat(201)), nastyValue), {
          maxLength: 3,
        }),
        fc.constant(Array(101).fill('nosuchcompany')),
        nastyValue,
      ),
    },
  },
  'GET /api/icons/:slug.svg': {
    params: { build: (slug) => `/api/icons/${slug}.svg`, examples: str('github', 'nope') },
  },
  'GET /api/files': {
    query: {
      url: fc.oneof(logoUrl, str('file:///etc/passwd', 'http://169.254.169.254/latest/')),
      download: str('1', '0', 'true', 'yes'),
    },
  },
  'POST /api/users/register': {
    body: {
      username: str('fuzzer', 'ab', '<img src=x onerror=alert(1)>'),
      email,
      password: str('secret1', '123'),
      confirmPassword: str('secret1', 'secret2'),
    },
  },
  'POST /api/users/login': {
    body: { username: str('nobody', "x' OR 1=1 --"), password: str('secret1', 'x') },
  },
  'POST /api/logout': { body: {} },
  'POST /api/users/request-reset': { body: { email } },
  'GET /api/users/validate-reset-token': { query: { token: str('made-up', '') } },
  'POST /api/users/reset-password': {
    body: { token: str('made-up', ''), newPassword: str('secret12', '1') },
  },
  'GET /api/auth/google/status': {},
  'GET /api/auth/google/start': {
    query: { redirect: str('/admin', '//evil.example', '/\\evil.example', 'https://evil.example') },
  },
  'GET /api/auth/google/callback': {
    query: { code: str('made-up'), state: str('made-up'), error: str('access_denied') },
  },
  'POST /api/auth/verify-email': { body: { token: str('made-up', '', 'a'.repeat(201)) } },
  'GET /api/auth/google/link': {},
  'POST /api/auth/google/link': { body: { password: str('secret12', '1') } },
  'GET /api/user': {},
  'GET /api/user/export': {},
  // Never the actors' real passwords: the fuzz must not delete or change its own accounts.
  'DELETE /api/user': { body: { password: str('secret12', '', 'a'.repeat(201)) } },
  'POST /api/user/password': {
    body: {
      currentPassword: str('secret12', ''),
      newPassword: str('secret123', '1'),
      confirmPassword: str('secret123', 'other'),
    },
  },
  'POST /api/user/email': {
    body: { newEmail: email, password: str('secret12', '') },
  },
  'POST /api/user/verification-email': { body: {} },
  'GET /api/user/profile': { query: { userId: userIdText } },
  'PUT /api/user/update-username-direct': {
    body: {
      newUsername: str('renamed', 'x', 'a'.repeat(31)),
      userId: fc.oneof(userIdText, nastyValue),
    },
  },
  'POST /api/downloads/track': {
    body: {
      logoUrl,
      logoTitle: str('GitHub', ''),
      fileType: str('svg', 'PNG', 'exe'),
      userId: userIdText,
    },
  },
  'GET /api/downloads/check-limit': { query: { logoUrl, userId: userIdText, _t: str('123') } },
  'POST /api/downloads/batch': {
    body: {
      logos: fc.oneof(
        fc.array(logoObject, { maxLength: 3 }),
        fc.constant(Array(201).fill({ url: '/api/icons/github.svg' })),
      ),
      consolidated: fc.oneof(fc.boolean(), nastyValue),
      userId: userIdText,
    },
  },
  'POST /api/downloads/copy-svg': { body: { logoUrl } },
  'GET /api/user/downloads': { query: { userId: userIdText } },
  'GET /api/subscription/config': {},
  'POST /api/subscription/create': {
    body: { isAnnual: fc.oneof(fc.boolean(), str('true')), userId: userIdText, email },
  },
  'GET /api/subscription/verify': { query: { session_id: str('cs_test_made_up', '') } },
  'POST /api/subscription/cancel': { body: { userId: userIdText } },
  'GET /api/subscription/status': {},
  'POST /api/stripe/webhook': {
    body: { id: str('evt_made_up'), type: str('checkout.session.completed'), data: nastyValue },
  },
  'POST /api/admin/grant-subscription': {
    body: {
      userId: userIdText,
      months: fc.constantFrom(1, 12, 2),
      expiryDays: str('30', '360', '31'),
    },
  },
  'GET /api/admin/users': {
    query: {
      search: str('user', "' OR 1=1 --", 'a'.repeat(101)),
      page: str('1', '2', '0', '-1', '1.5', '1000001', '1e3', 'NaN', ''),
      pageSize: str('50', '200', '201', '0', 'x', '9'.repeat(40)),
      userId: userIdText,
      admin: str('true'),
    },
  },
  'GET /api/admin/config': {},
  'GET /api/admin/audit-log': {},
  'GET /api/admin/backups': {},
  'POST /api/admin/backups': { body: {} },
  'POST /api/admin/downgrade-subscription': { body: { userId: userIdText } },
  'DELETE /api/admin/users/:id': {
    params: { build: (id) => `/api/admin/users/${id}`, examples: userIdText },
  },
  'POST /api/admin/reset-all-users': { body: {} },
  'POST /api/admin/reset': { body: {} },
  'GET /api/admin/premium-codes': {},
  'POST /api/admin/premium-codes': {
    body: {
      duration: str('1', '365', '366', '0'),
      expiryDays: str('1', '90', '91'),
      adminId: userIdText,
    },
  },
  'PUT /api/admin/premium-codes/:id/invalidate': {
    params: { build: (id) => `/api/admin/premium-codes/${id}/invalidate`, examples: userIdText },
  },
  'POST /api/support-requests': {
    body: {
      email: str('someone@example.com', '<b>x</b>@example.com', 'a'.repeat(300)),
      subject: str('A question', 'Hi', 'x'.repeat(151)),
      message: str('A question for support.', 'short', 'x'.repeat(5001)),
      priority: str('true'),
      userId: userIdText,
    },
  },
  'GET /api/admin/support-requests': {},
  'PUT /api/admin/support-requests/:id/done': {
    params: { build: (id) => `/api/admin/support-requests/${id}/done`, examples: userIdText },
  },
  'POST /api/redeem-premium-code': {
    body: { code: str('NOSUCHCODE', '', ' nosuchcode '), userId: userIdText },
  },
  'GET /api/favourites': { query: { userId: userIdText } },
  'PUT /api/favourites': { body: { logo: fc.oneof(logoObject, nastyValue), userId: userIdText } },
  'DELETE /api/favourites': { query: { url: logoUrl, userId: userIdText } },
  'POST /api/favourites/import': {
    body: {
      logos: fc.oneof(
        fc.array(logoObject, { maxLength: 3 }),
        fc.constant(Array(501).fill({ url: '/api/icons/github.svg' })),
      ),
      userId: userIdText,
    },
    bodyLimit: FAVOURITES_IMPORT_BODY_LIMIT,
  },
};

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

type BadRequest = {
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  /** A body over the 256 KiB limit: must be refused with 413 once the caller is let in. */
  huge?: boolean;
};

/** encodeURIComponent, except that a lone surrogate becomes bytes that are not UTF-8 at all. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((c) => {
        try {
          return encodeURIComponent(c);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
}

const RAW_QUERY_TAILS = [
  '%zz',
  '%',
  '&&&',
  '=&=',
  '%00',
  'q[]=a',
  'q[a]=b',
  '__proto__[admin]=1',
  'constructor[prototype][isAdmin]=true',
  '%2e%2e%2f',
];

/** `fields[k]` without reaching `__proto__` or `constructor` on the prototype. */
const own = <T>(fields: Record<string, T>, k: string): T | undefined =>
  Object.hasOwn(fields, k) ? fields[k] : undefined;

function queryArb(fields: Record<string, fc.Arbitrary<string>> = {}): fc.Arbitrary<string> {
  const keys = [...Object.keys(fields), ...POLLUTION_KEYS];
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...keys) },
    { weight: 1, arbitrary: nastyString },
  );
  const value = (k: string) => fc.oneof(own(fields, k) ?? nastyString, nastyString);
  // Duplicates are likely: a short list drawn from a few names.
  const entries = fc.array(
    key.chain((k) => value(k).map((v) => [k, v] as const)),
    { maxLength: 5 },
  );
  return fc
    .tuple(entries, fc.option(fc.constantFrom(...RAW_QUERY_TAILS), { freq: 4 }))
    .map(([list, tail]) => {
      const parts = list.map(([k, v]) => `${encode(k)}=${encode(v)}`);
      if (tail) parts.push(tail);
      return parts.length ? `?${parts.join('&')}` : '';
    });
}

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'APPLICATION/JSON',
  'application/json;;;',
  '*/*',
];
const INVALID_JSON = [
  '{',
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  'undefined',
  'NaN',
  '\u0000',
  '{"a":"\\x"}',
  '{"a":"\\ud800"}',
  '[',
  ' ',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
];

function bodyArb(fields: Fields, bodyLimit = 256 * 1024): fc.Arbitrary<Omit<BadRequest, 'url'>> {
  const names = Object.keys(fields);
  const key = fc.oneof(
    {
      weight: 5,
      arbitrary: names.length ? fc.constantFrom(...names) : fc.constantFrom(...POLLUTION_KEYS),
    },
    { weight: 1, arbitrary: fc.constantFrom(...POLLUTION_KEYS) },
    { weight: 1, arbitrary: nastyString },
  );
  const fieldValue = (k: string) =>
    fc.oneof(
      { weight: 2, arbitrary: own(fields, k) ?? nastyValue },
      { weight: 3, arbitrary: nastyValue },
    );
  // Every field present once, some left out, some repeated (later duplicates win in JSON.parse).
  const entries = fc.tuple(
    fc
      .subarray(names)
      .chain((present) =>
        fc.tuple(...present.map((k) => fieldValue(k).map((v) => [k, v] as [string, unknown]))),
      ),
    fc.array(
      key.chain((k) => fieldValue(k).map((v) => [k, v] as [string, unknown])),
      { maxLength: 3 },
    ),
  );
  const object = entries.map(([a, b]) => toJson({ [RAW_OBJECT]: [...a, ...b] }));
  const json = (payload: string, contentType = 'application/json') => ({ payload, contentType });
  return fc.oneof(
    { weight: 8, arbitrary: object.map((p) => json(p)) },
    { weight: 1, arbitrary: nastyValue.map((v) => json(toJson(v))) },
    { weight: 2, arbitrary: fc.constantFrom(...INVALID_JSON).map((p) => json(p)) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map((p) => json(p)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(object, fc.constantFrom(...CONTENT_TYPES))
        .map(([p, contentType]) => ({ payload: p, contentType })),
    },
    // No content type at all, and an empty JSON body.
    { weight: 1, arbitrary: object.map((p) => ({ payload: p })) },
    { weight: 1, arbitrary: fc.constant(json('')) },
    // Bytes that are not UTF-8 inside a JSON string.
    {
      weight: 1,
      arbitrary: fc.constant({
        payload: Buffer.concat([
          Buffer.from('{"x":"'),
          Buffer.from([0xff, 0xfe, 0xc0, 0x80, 0xed, 0xa0, 0x80]),
          Buffer.from('"}'),
        ]),
        contentType: 'application/json',
      }),
    },
    // Deep nesting.
    { weight: 1, arbitrary: fc.constant(json(`${'['.repeat(5000)}${']'.repeat(5000)}`)) },
    // Over the body limit.
    {
      weight: 1,
      arbitrary: fc.constant({
        payload: JSON.stringify({ [names[0] ?? 'x']: 'a'.repeat(bodyLimit + HUGE_BODY_BYTES) }),
        contentType: 'application/json',
        huge: true,
      }),
    },
  );
}

/** fast-check prints counterexamples in full; a 300 KB body would bury the seed and the cause. */
function withShortPrint(request: BadRequest): BadRequest {
  return Object.assign(request, {
    [fc.toStringMethod]: () =>
      JSON.stringify({
        ...request,
        url: shorten(request.url),
        payload: request.payload === undefined ? undefined : shorten(String(request.payload)),
      }),
  });
}

function shorten(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text;
}

function requestArb(routeKey: string, spec: RouteSpec): fc.Arbitrary<BadRequest> {
  const [method, route] = routeKey.split(' ') as [Method, string];
  const pathArb: fc.Arbitrary<string> = spec.params
    ? fc
        .oneof(
          { weight: 2, arbitrary: spec.params.examples.map(encode) },
          { weight: 3, arbitrary: nastyString.map(encode) },
          // Unencoded traversal and separators inside the segment.
          {
            weight: 1,
            arbitrary: str('..', '../../etc/passwd', '%2e%2e%2f', '%2F', '%', '%00', '.%2e'),
          },
        )
        .map((segment) => spec.params!.build(segment))
    : fc.constant(route);
  const hasBody = method === 'POST' || method === 'PUT';
  return fc
    .tuple(
      pathArb,
      queryArb(spec.query),
      hasBody ? bodyArb(spec.body ?? {}, spec.bodyLimit) : fc.constant({}),
    )
    .map(([pathname, query, body]) => withShortPrint({ url: `${pathname}${query}`, ...body }));
}

// ---------------------------------------------------------------------------------------------
// The test
// ---------------------------------------------------------------------------------------------

/** What a caller should never see in an answer: stack frames, file paths, SQL. */
const LEAK =
  /\bat \S+ \(|node_modules|\/work\/|\.ts:\d+|\bSELECT\b.*\bFROM\b|password_hash|syntax error at or near/i;

type Keeper = { username: string; email: string; password: string };
const KEEPERS: Keeper[] = [
  { username: 'keeper-free', email: 'keeper-free@example.com', password: 'keeper-free-password' },
  {
    username: 'keeper-premium',
    email: 'keeper-premium@example.com',
    password: 'keeper-premium-password',
  },
];

describe.each(databaseTargets)('bad input on %s', (target) => {
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  let dataDir: string;
  let n = 0;
  // Every request from its own address, so per-address limits never mask the answer.
  const nextIp = () => `10.${(++n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const credentials = {
    user: ['fuzz-user@example.com', 'fuzz-user-password'],
    admin: ['admin', 'test-admin-password'],
  } satisfies Record<'user' | 'admin', [string, string]>;
  const cookies: Partial<Record<Actor, string>> = {};
  /** Accounts that fuzzed administrator requests must not aim at: the keepers and the fuzz user. */
  const protectedUserIds = new Set<number>();
  let seededCode = '';
  let seededCodeId = 0;
  let before: Snapshot;
  const statuses = new Map<string, number>();

  const inject = (options: InjectOptions) =>
    testApp.app.inject({ remoteAddress: nextIp(), ...options });

  async function signIn(username: string, password: string) {
    const res = await inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username, password },
    });
    return res;
  }

  async function signInActor(actor: 'user' | 'admin') {
    const res = await signIn(...credentials[actor]);
    expect(res.statusCode, `${actor} signs in: ${res.body}`).toBe(200);
    cookies[actor] = res.cookies.find((c) => c.name === 'wl_session')!.value;
    return res.json<{ id: number }>().id;
  }

  type AccountRow = {
    username: string;
    email: string | null;
    isAdmin: boolean;
    downloadCount: number;
    isSubscribed: boolean;
  };

  /** Every account the administrator can page through (the list answers a page at a time). */
  async function allAccounts(): Promise<AccountRow[]> {
    const rows: AccountRow[] = [];
    for (let page = 1; ; page++) {
      const res = await inject({
        method: 'GET',
        url: `/api/admin/users?page=${page}&pageSize=200`,
        cookies: { wl_session: cookies.admin! },
      });
      expect(res.statusCode, 'the administrator is still an administrator').toBe(200);
      const { users, total } = res.json<{ users: AccountRow[]; total: number }>();
      rows.push(...users);
      if (users.length === 0 || rows.length >= total) return rows;
    }
  }

  type Snapshot = {
    keepers: unknown[];
    code: unknown;
    admins: string[];
  };

  /** Signs every keeper in with its password and reads what the administrator sees. */
  async function snapshot(): Promise<Snapshot> {
    const keepers = [];
    for (const keeper of KEEPERS) {
      const res = await signIn(keeper.username, keeper.password);
      expect(
        res.statusCode,
        `${keeper.username} still signs in with the password: ${res.body}`,
      ).toBe(200);
      keepers.push(res.json());
    }
    await signInActor('admin');
    const admin = { cookies: { wl_session: cookies.admin! } };
    const admins = (await allAccounts()).filter((u) => u.isAdmin).map((u) => u.username);
    const codes = await inject({ method: 'GET', url: '/api/admin/premium-codes', ...admin });
    const code = codes.json<Array<{ code: string }>>().find((c) => c.code === seededCode);
    return { keepers, code, admins };
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'wikilogos-bad-input-'));
    testApp = await createTestApp(target, { LOGO_SOURCES: 'simple-icons', DATA_DIR: dataDir });
    const register = async (username: string, email: string, password: string) => {
      const res = await inject({
        method: 'POST',
        url: '/api/users/register',
        payload: { username, email, password, confirmPassword: password },
      });
      expect(res.statusCode, res.body).toBe(201);
      return {
        id: res.json<{ id: number }>().id,
        session: res.cookies.find((c) => c.name === 'wl_session')!.value,
      };
    };
    await signInActor('admin');
    const admin = { cookies: { wl_session: cookies.admin! } };
    for (const keeper of KEEPERS) {
      const { id, session } = await register(keeper.username, keeper.email, keeper.password);
      protectedUserIds.add(id);
      // Each keeper has downloads on record.
      for (const slug of ['github', 'google']) {
        const res = await inject({
          method: 'POST',
          url: '/api/downloads/track',
          payload: { logoUrl: `/api/icons/${slug}.svg`, logoTitle: slug },
          cookies: { wl_session: session },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      if (keeper.username === 'keeper-premium') {
        const res = await inject({
          method: 'POST',
          url: '/api/admin/grant-subscription',
          payload: { userId: id, months: 12 },
          ...admin,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    const user = await register('fuzz-user', ...credentials.user);
    protectedUserIds.add(user.id);
    cookies.user = user.session;
    const code = await inject({
      method: 'POST',
      url: '/api/admin/premium-codes',
      payload: { duration: 30, expiryDays: 14 },
      ...admin,
    });
    expect(code.statusCode, code.body).toBe(201);
    seededCode = code.json<{ code: string }>().code;
    seededCodeId = code.json<{ id: number }>().id;
    before = await snapshot();
    expect(before.admins).toEqual(['admin']);
  });

  afterAll(async () => {
    // FUZZ_STATS=1 shows which answers the fuzz reached (route, caller, status: count).
    if (process.env.FUZZ_STATS) console.log(Object.fromEntries(statuses));
    await testApp?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /**
   * Administrator requests are real: a junk request that happens to be a valid "delete user 3"
   * would be obeyed, as it should. So they never aim at the accounts and the code whose
   * invariants are checked; everything else goes. The id is read the way the route reads it
   * (z.coerce.number is Number()); a body this cannot parse is skipped if it names one anywhere.
   */
  function aimsAtProtected(key: string, request: BadRequest): boolean {
    // '/api/admin/users/<id>' and '/api/admin/premium-codes/<id>/invalidate'.
    const segment = () =>
      Number(decodeURIComponentSafe(request.url.split('?')[0]!.split('/')[4] ?? ''));
    switch (key) {
      case 'DELETE /api/admin/users/:id':
        return protectedUserIds.has(segment());
      case 'PUT /api/admin/premium-codes/:id/invalidate':
        return segment() === seededCodeId;
      case 'POST /api/admin/grant-subscription':
      case 'POST /api/admin/downgrade-subscription': {
        const body = parseBody(request);
        if (body === undefined) return mentionsProtectedNumber(String(request.payload ?? ''));
        return protectedUserIds.has(Number(body?.userId));
      }
      case 'POST /api/redeem-premium-code':
        return String(request.payload ?? '')
          .toUpperCase()
          .includes(seededCode.toUpperCase());
      default:
        return false;
    }
  }

  function mentionsProtectedNumber(text: string): boolean {
    const tokens = text.match(/[-+]?(?:0x[0-9a-f]+|\d+(?:\.\d*)?(?:e[-+]?\d+)?)/gi) ?? [];
    return tokens.some((token) => protectedUserIds.has(Number(token)));
  }

  function namesAnAccountInUse(request: BadRequest): boolean {
    let username: unknown;
    try {
      username = (JSON.parse(String(request.payload)) as { username?: unknown }).username;
    } catch {
      return false;
    }
    if (typeof username !== 'string') return false;
    const name = username.trim().toLowerCase();
    return [
      credentials.admin[0],
      credentials.user[0],
      ...KEEPERS.flatMap((k) => [k.username, k.email]),
    ].some((inUse) => name === inUse.toLowerCase());
  }

  it('has a fuzz entry for every /api route the app serves', () => {
    const served = servedApiRoutes(testApp.app);
    expect(served.length).toBeGreaterThan(30);
    expect(
      served.filter((r) => !(r in ROUTES)),
      'routes without a generator',
    ).toEqual([]);
    expect(
      Object.keys(ROUTES).filter((r) => !served.includes(r)),
      'generators for no route',
    ).toEqual([]);
  });

  it("refuses a body over 256 KiB (or a route's own limit) with 413 { message } on every route that reads one", async () => {
    for (const [key, spec] of Object.entries(ROUTES)) {
      const [method, route] = key.split(' ') as [Method, string];
      if (method !== 'POST' && method !== 'PUT') continue;
      const body = JSON.stringify({ x: 'a'.repeat((spec.bodyLimit ?? 0) + HUGE_BODY_BYTES) });
      const url = route.replace(':id', '2000000000');
      const res = await inject({
        method,
        url,
        payload: body,
        headers: { 'content-type': 'application/json' },
        cookies: { wl_session: cookies.admin! },
      });
      expect(res.statusCode, `${key}: ${res.body.slice(0, 200)}`).toBe(413);
      expect(res.json<{ message: string }>().message).toBe('The request is too large.');
    }
  });

  for (const [key, spec] of Object.entries(ROUTES)) {
    const [method] = key.split(' ') as [Method];
    it(`${key}: never a 5xx, always JSON { message } on errors`, { timeout: 120_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...ACTORS),
          requestArb(key, spec),
          async (actor, request) => {
            if (actor === 'admin' && aimsAtProtected(key, request)) return;
            // Failed sign-ins lock an account for a while (docs/product.md): never lock out the
            // accounts this test signs in with.
            if (key === 'POST /api/users/login' && namesAnAccountInUse(request)) return;
            const cookie =
              actor === 'forged'
                ? `${'x'.repeat(20)}.${encode('<script>')}%00`
                : actor === 'anonymous'
                  ? undefined
                  : cookies[actor];
            const res: LightMyRequestResponse = await inject({
              method,
              url: request.url,
              ...(request.payload !== undefined ? { payload: request.payload } : {}),
              headers: request.contentType ? { 'content-type': request.contentType } : {},
              ...(cookie ? { cookies: { wl_session: cookie } } : {}),
            });
            const context = `${actor} ${method} ${shorten(request.url)} [${request.contentType ?? 'no content type'}] ${shorten(String(request.payload ?? ''))} → ${res.statusCode} ${shorten(res.body)}`;
            statuses.set(
              `${key} ${actor} ${res.statusCode}`,
              (statuses.get(`${key} ${actor} ${res.statusCode}`) ?? 0) + 1,
            );
            expect(res.statusCode, context).toBeLessThan(500);
            expect(res.body, `no internals leak: ${context}`).not.toMatch(LEAK);
            if (res.statusCode >= 400) {
              expect(res.headers['content-type'], context).toMatch(/^application\/json/);
              const body = JSON.parse(res.body) as { message?: unknown };
              expect(typeof body.message, context).toBe('string');
              expect((body.message as string).trim().length, context).toBeGreaterThan(0);
            }
            if (request.huge) {
              expect(res.statusCode, context).toBeGreaterThanOrEqual(400);
              // Let in (an administrator passes every guard) at a well-formed address, the body
              // is refused for its size. A mangled path may be refused first (400, 404, 414).
              if (actor === 'admin' && !spec.params) expect(res.statusCode, context).toBe(413);
            }
            if (key === 'POST /api/stripe/webhook') {
              expect([400, 413], context).toContain(res.statusCode);
            }
            // Nobody but the administrator is ever told they are one.
            if (actor !== 'admin' && res.statusCode < 300) {
              expect(res.body, context).not.toMatch(/"isAdmin":true/);
            }
            // Keep the actors signed in as they really are.
            if (res.statusCode === 200 && (actor === 'user' || actor === 'admin')) {
              if (key === 'PUT /api/user/update-username-direct' && actor === 'admin') {
                credentials.admin[0] = res.json<{ user: { username: string } }>().user.username;
              }
              if (key === 'POST /api/admin/reset') {
                credentials.admin[1] = res.json<{ password: string }>().password;
              }
              if (key === 'POST /api/logout') {
                await signInActor(actor);
              }
            }
          },
        ),
        { seed: SEED + databaseTargets.indexOf(target), numRuns: RUNS, endOnFailure: false },
      );
    });
  }

  it('left the seeded accounts, the administrator and the premium code as they were', async () => {
    const after = await snapshot();
    expect(after.keepers, 'keepers: username, email, plan, expiry and downloads unchanged').toEqual(
      before.keepers,
    );
    expect(after.code, 'the seeded premium code').toEqual(before.code);
    // Only the administrator was ever an administrator (whatever it was renamed to).
    expect(after.admins).toEqual([credentials.admin[0]]);

    for (const row of await allAccounts()) {
      // No injected text made it into an account name or address.
      const saved = `${row.username} ${row.email ?? ''}`;
      expect(saved).not.toMatch(/[<>'";]|DROP|OR 1=1/i);
      expect(saved.includes('\u0000')).toBe(false);
      // Free accounts stayed within the free limit.
      if (!row.isSubscribed) expect(row.downloadCount, row.username).toBeLessThanOrEqual(10);
    }
    // The fuzz user's session still works: the sessions table survived too.
    const me = await inject({
      method: 'GET',
      url: '/api/user',
      cookies: { wl_session: cookies.user! },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).not.toBeNull();
  });
});

/** The body as the server's JSON parser reads it (last duplicate wins); undefined if not JSON. */
function parseBody(request: BadRequest): Record<string, unknown> | null | undefined {
  try {
    const value: unknown = JSON.parse(String(request.payload));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return undefined;
  }
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
