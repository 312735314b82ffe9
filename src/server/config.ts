import { isIP } from 'node:net';
import { z } from 'zod';
import { LOGO_SOURCES } from '#shared/search/search.schemas.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An IPv4/IPv6 address, or a network as address/prefix-length. */
function isAddressOrNetwork(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));
/** Unset or empty, else checked by `schema`. */
const optional = <T extends z.ZodType<unknown, string>>(schema: T) =>
  optionalString.pipe(schema.optional());

/** An empty value (`BACKUP_KEEP=` in a .env file) means unset, not 0. */
const emptyAsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

/** A number from the environment; every way it can be wrong gives the one message. */
const numberIn = (message: string, min: number, max = Infinity) =>
  z.coerce.number({ error: message }).min(min, message).max(max, message);
const wholeNumber = <In = unknown>(message: string, min: number, max = Infinity) =>
  z.coerce.number<In>({ error: message }).int(message).min(min, message).max(max, message);

const httpUrl = (fallback: string) =>
  z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default(fallback);

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const urlWithProtocols = (protocols: string[], label: string) =>
  optional(
    z
      .string()
      .refine(
        (v) => protocols.includes(URL.parse(v)?.protocol ?? ''),
        `must be a ${label} URL (${protocols.map((p) => `${p}//…`).join(' or ')})`,
      ),
  );

/** The variables are a contract with operators (.env.example, README), parsed once at boot. */
const EnvSchema = z.object({
  PORT: wholeNumber('must be a port number from 0 to 65535', 0, 65535).default(3000),
  // Reachable from this machine only until an operator chooses to expose it (behind a proxy).
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:'], 'http(s)'),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  // Unset: pretty lines when stdout is a terminal, JSON lines otherwise (log collectors).
  LOG_FORMAT: optional(z.enum(['json', 'pretty'], { error: 'must be json or pretty' })),
  // Prometheus metrics on a listener of their own (on HOST), never on the public port. Unset: off.
  METRICS_PORT: optional(wholeNumber<string>('must be a port number from 0 to 65535', 0, 65535)),
  // After SIGTERM readiness fails at once while requests are served this long, so a load balancer
  // stops sending new ones; then in-flight requests finish and the process exits.
  SHUTDOWN_DRAIN_SECONDS: wholeNumber(
    'must be a whole number of seconds from 0 to 120',
    0,
    120,
  ).default(5),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'PostgreSQL'),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'Redis'),
  SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters long')),
  ADMIN_USERNAME: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,30}$/, 'must be 3-30 letters, numbers, underscores or hyphens')
    .default('admin'),
  ADMIN_PASSWORD: optional(z.string().min(8, 'must be at least 8 characters long')),
  ALLOW_TEST_ACCOUNTS: booleanFlag,
  // Outgoing email (password reset links). Without SMTP_URL messages are written to DATA_DIR/outbox.
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'SMTP'),
  MAIL_FROM: z.string().trim().min(3).default('WikiLogos <no-reply@localhost>'),
  // Where messages from /contact are emailed (through SMTP_URL or the outbox). Unset: they are
  // only listed in the admin area's Support tab (docs/decisions/030-support-requests.md).
  SUPPORT_EMAIL: optional(
    z.email({ error: 'must be an email address (e.g. support@example.org)' }),
  ),
  // "Continue with Google" (OpenID Connect); enabled when both the client id and secret are set.
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  OIDC_ISSUER: httpUrl('https://accounts.google.com'),
  // Stripe Checkout: off without STRIPE_SECRET_KEY (codes and grants still give Premium);
  // without the price ids the prices in plans.ts are sent inline.
  STRIPE_SECRET_KEY: optional(
    z.string().regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or a restricted rk_… key)'),
  ),
  STRIPE_WEBHOOK_SECRET: optional(
    z.string().regex(/^whsec_/, "must be the endpoint's signing secret (whsec_…)"),
  ),
  STRIPE_PRICE_MONTHLY: optionalString,
  STRIPE_PRICE_ANNUAL: optionalString,
  // Another Stripe API host (tests point it at the local stand-in in tests/fakes).
  STRIPE_API_URL: urlWithProtocols(['http:', 'https:'], 'http(s)'),
  RATE_LIMIT_PER_MINUTE: wholeNumber(
    'must be a whole number of requests per minute (at least 10)',
    10,
  ).default(600),
  // Sign-ups per address per hour: sign-up reveals taken names, so it is limited like sign-in;
  // raise it for many people behind one address (a school, an event).
  SIGN_UPS_PER_ADDRESS_PER_HOUR: wholeNumber(
    'must be a whole number of sign-ups per hour (at least 1)',
    1,
  ).default(10),
  // Guest downloads per address in 24 hours, across sessions (no guest cookie = a new session).
  GUEST_DOWNLOADS_PER_ADDRESS_PER_DAY: wholeNumber(
    'must be a whole number of downloads per day (at least 1)',
    1,
  ).default(30),
  // The file proxy's budget per address (no free mirror); a 200-logo batch fits in a minute.
  FILES_PER_MINUTE: wholeNumber(
    'must be a whole number of files per minute (at least 10)',
    10,
  ).default(300),
  FILE_BYTES_PER_MINUTE: z
    .string()
    .trim()
    .default('100MB')
    .transform((v, ctx) => {
      const match = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(v);
      const factor = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[
        (match?.[2] ?? 'b').toLowerCase() as 'b' | 'kb' | 'mb' | 'gb'
      ];
      const bytes = match ? Math.floor(Number(match[1]) * factor) : Number.NaN;
      if (!(bytes >= 1024 * 1024)) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be a size of at least 1MB, in bytes or with KB, MB or GB (e.g. 100MB)',
        });
        return z.NEVER;
      }
      return bytes;
    }),
  // Logo files kept in DATA_DIR/files-cache, least recently used dropped first; 0 turns it off
  // (docs/decisions/036-files-cache.md).
  FILES_CACHE_MB: emptyAsUnset(
    wholeNumber('must be a whole number of megabytes (0 turns the files cache off)', 0).default(
      512,
    ),
  ),
  COMMONS_API_URL: httpUrl('https://commons.wikimedia.org/w/api.php'),
  WIKIDATA_API_URL: httpUrl('https://www.wikidata.org/w/api.php'),
  LOGO_SOURCES: z
    .string()
    .trim()
    .default('commons,wikidata,simple-icons')
    .transform((v) => [...new Set(v.split(/\s*,\s*/).filter(Boolean))])
    .pipe(
      z
        .array(
          z.enum(LOGO_SOURCES, { error: `lists unknown sources: use ${LOGO_SOURCES.join(', ')}` }),
        )
        .min(1, `must name at least one of ${LOGO_SOURCES.join(', ')}`),
    ),
  // Wikimedia blocks anonymous clients: every request says who we are and how to reach us.
  WIKIMEDIA_CONTACT: z
    .string()
    .trim()
    .min(3)
    .default('https://github.com/wikilogos/wikilogos; wikilogos@example.org'),
  // Scheduled backups of the embedded database (not with DATABASE_URL: PostgreSQL's own tools).
  // 0 turns the schedule off; 'Back up now' still works.
  BACKUP_INTERVAL_HOURS: emptyAsUnset(
    numberIn('must be a number of hours from 0 (off) to 8760', 0, 8760).default(24),
  ),
  BACKUP_KEEP: emptyAsUnset(
    wholeNumber('must be a whole number of backups to keep, from 1 to 1000', 1, 1000).default(7),
  ),
  // X-Forwarded-For is read from the right, skipping these proxies' entries. `true` would trust the
  // leftmost (client-written) entry and Fastify 5 ignores hop counts: both refused, so per-address
  // limits can be neither dodged nor shared by all.
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, ctx): false | string[] => {
      if (v === '' || v === 'false') return false;
      if (v === 'true' || /^\d+$/.test(v)) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must list the addresses of your proxies or load balancers, not "true" or a number of hops ' +
            '(those would let clients choose their own address, or be ignored): set the addresses or ' +
            'networks the requests arrive from, e.g. TRUST_PROXY=10.0.0.0/8 or TRUST_PROXY=127.0.0.1/32,::1, ' +
            'or leave it unset when clients connect directly',
        });
        return z.NEVER;
      }
      const entries = v.split(',').map((e) => e.trim());
      const bad = entries.filter((e) => !isAddressOrNetwork(e));
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be proxy addresses or networks in CIDR notation, comma-separated (e.g. 10.0.0.0/8,::1); not an address: ${bad.map((e) => `"${e}"`).join(', ')}`,
        });
        return z.NEVER;
      }
      return entries;
    }),
});

type Env = z.infer<typeof EnvSchema>;

export type Config = Omit<Env, 'PUBLIC_URL'> & {
  PUBLIC_URL: string;
  /** The origin (scheme://host:port) that state-changing requests must come from. */
  publicOrigin: string;
  /** Omitted in tests: an in-memory PGlite database is used instead of one under DATA_DIR. */
  inMemoryDatabase: boolean;
  /** Serve the built client from this folder (npm start); absent in API-only tests. */
  clientDir?: string | undefined;
};

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(
      `WikiLogos cannot start: the configuration has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n` +
        problems.map((p) => `  - ${p}`).join('\n'),
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Parses the environment and reports every problem at once, in words an operator understands. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Pick<Config, 'inMemoryDatabase' | 'clientDir'>> = {},
): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const value = env[name];
        const shown =
          value === undefined || /SECRET|PASSWORD|DATABASE_URL|REDIS_URL|SMTP_URL/.test(name)
            ? ''
            : ` (got "${value}")`;
        return `${name}: ${issue.message}${shown}`;
      }),
    );
  }
  const data = parsed.data;
  if (
    data.METRICS_PORT !== undefined &&
    data.METRICS_PORT !== 0 &&
    data.METRICS_PORT === data.PORT
  ) {
    throw new ConfigError([
      `METRICS_PORT: must differ from PORT (both are ${data.PORT}): metrics are never served on the public port`,
    ]);
  }
  const publicUrl = (data.PUBLIC_URL ?? `http://localhost:${data.PORT}`).replace(/\/+$/, '');
  return {
    ...data,
    PUBLIC_URL: publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    inMemoryDatabase: overrides.inMemoryDatabase ?? false,
    clientDir: overrides.clientDir,
  };
}
