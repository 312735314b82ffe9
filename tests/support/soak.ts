/**
 * Load soak driver: `users` virtual users, each with its own cookie jar, loop a realistic mix
 * against a running WikiLogos for `durationMs` (used by `npm run bench` and
 * tests/integration/soak.test.ts). Accounts are few and shared because sign-in costs a deliberate
 * ~50 ms of scrypt. One user in four is a member; each iteration searches (50), checks and tracks
 * a download (30), or, for members, reads history (17) or signs in again (3).
 *
 * 2xx is expected; 403 on the download routes (quota) and 429 (rate limit) are intended and
 * counted apart; anything else (5xx, other 4xx, network error, timeout) is unexpected. Run the app
 * with a high RATE_LIMIT_PER_MINUTE when a soak should not hit the limit.
 */

/**
 * Server settings for a load from one address (the soak, the bench): every simulated user comes
 * from it, so the per-address limits and budgets, which would refuse most of the load, are lifted.
 */
export const ONE_ADDRESS_LOAD_ENV = {
  RATE_LIMIT_PER_MINUTE: '10000000',
  SIGN_UPS_PER_ADDRESS_PER_HOUR: '10000000',
  GUEST_DOWNLOADS_PER_ADDRESS_PER_DAY: '10000000',
  FILES_PER_MINUTE: '10000000',
  FILE_BYTES_PER_MINUTE: '1000GB',
};

export type SoakOptions = {
  /** e.g. http://127.0.0.1:3000 (no trailing slash). */
  baseUrl: string;
  /** Concurrent virtual users. */
  users: number;
  /** How long the users keep starting new iterations. */
  durationMs: number;
  /** Accounts registered before the run and shared by the users (default 20). */
  accounts?: number;
  /** Pause between one user's iterations, a random value in [min, max] ms (default none). */
  thinkMs?: [number, number];
  /** A request slower than this is an unexpected error (default 30 s). */
  requestTimeoutMs?: number;
  /** Unexpected errors kept with their details (default 20). */
  maxSamples?: number;
  /** Called about every second while the users run (e.g. a memory sampler). */
  onTick?: (elapsedMs: number, requestsSoFar: number) => void;
};

export type RouteStats = {
  count: number;
  p50: number;
  p99: number;
  max: number;
  /** Status code (or 'network' / 'timeout') → count. */
  statuses: Record<string, number>;
};

export type SoakSummary = {
  users: number;
  /** Measured from the first request to the last answer. */
  durationMs: number;
  requests: number;
  requestsPerSecond: number;
  /** Keyed by route, e.g. 'GET /api/search'. */
  routes: Record<string, RouteStats>;
  /** Every status over every route. */
  statuses: Record<string, number>;
  intended: { quota403: number; rateLimited429: number };
  unexpected: {
    count: number;
    samples: Array<{ route: string; status: string; body: string }>;
  };
};

export const SOAK_ROUTES = [
  'GET /api/search',
  'POST /api/users/login',
  'GET /api/user',
  'GET /api/downloads/check-limit',
  'POST /api/downloads/track',
  'GET /api/user/downloads',
] as const;
export type SoakRoute = (typeof SOAK_ROUTES)[number];

// Names the Wikimedia stand-in (tests/fakes/wikimedia-fake.ts) has recordings for.
const SEARCHES = [
  'google',
  'apple',
  'github',
  'microsoft',
  'mozilla',
  'wikipedia',
  'spotify',
  'netflix',
  'nosuchcompany',
  'google, apple',
  'github, mozilla, spotify',
];
const FILE_TYPES = ['', 'svg', 'png'];
const QUOTA_ROUTES = new Set<SoakRoute>([
  'POST /api/downloads/track',
  'GET /api/downloads/check-limit',
]);

const MEMBER_EVERY = 4;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

type Recorder = {
  record: (route: SoakRoute, ms: number, status: string, body: () => string) => void;
};

class VirtualUser {
  private cookies = new Map<string, string>();
  private account: { username: string; password: string } | null = null;
  private downloads = 0;
  /** One user in MEMBER_EVERY has an account and signs in; the others stay guests. */
  private readonly member: boolean;
  private readonly baseUrl: string;
  private readonly accounts: Array<{ username: string; password: string }>;
  private readonly recorder: Recorder;
  private readonly timeoutMs: number;
  private readonly id: number;
  constructor(
    baseUrl: string,
    accounts: Array<{ username: string; password: string }>,
    recorder: Recorder,
    timeoutMs: number,
    id: number,
  ) {
    this.baseUrl = baseUrl;
    this.accounts = accounts;
    this.recorder = recorder;
    this.timeoutMs = timeoutMs;
    this.id = id;
    this.member = id % MEMBER_EVERY === 0;
  }

  private async request(
    route: SoakRoute,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown } | null> {
    const [method] = route.split(' ') as ['GET' | 'POST'];
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const started = performance.now();
    let status: string;
    let text = '';
    let result: { status: number; json: unknown } | null = null;
    try {
      const res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await res.text();
      status = String(res.status);
      for (const header of res.headers.getSetCookie()) {
        const [pair] = header.split(';');
        const eq = pair!.indexOf('=');
        const name = pair!.slice(0, eq).trim();
        const value = pair!.slice(eq + 1).trim();
        if (value) this.cookies.set(name, value);
        else this.cookies.delete(name);
      }
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      result = { status: res.status, json };
    } catch (error) {
      const name = (error as Error).name;
      status = name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network';
      text = `${(error as Error).message} ${String((error as { cause?: unknown }).cause ?? '')}`;
    }
    this.recorder.record(route, performance.now() - started, status, () => text.slice(0, 500));
    return result;
  }

  private async signIn() {
    this.account =
      this.accounts[
        (Math.floor(this.id / MEMBER_EVERY) + Math.floor(Math.random() * 3)) % this.accounts.length
      ]!;
    const res = await this.request('POST /api/users/login', '/api/users/login', this.account);
    if (res?.status === 200) await this.request('GET /api/user', '/api/user');
    else this.account = null;
  }

  private search() {
    const params = new URLSearchParams({ q: pick(SEARCHES) });
    const fileType = pick(FILE_TYPES);
    if (fileType) params.set('fileType', fileType);
    if (Math.random() < 0.1) params.set('page', '1');
    return this.request('GET /api/search', `/api/search?${params}`);
  }

  private async download() {
    // Half of the downloads repeat one of a few popular logos (not counted again in the period);
    // the others are new ones.
    const logoUrl =
      Math.random() < 0.5
        ? `https://upload.wikimedia.org/wikipedia/commons/p/p${Math.floor(Math.random() * 5)}/Popular_${Math.floor(Math.random() * 5)}.svg`
        : `https://upload.wikimedia.org/wikipedia/commons/s/s${this.id}/Soak_${this.id}_${this.downloads++}.svg`;
    await this.request(
      'GET /api/downloads/check-limit',
      `/api/downloads/check-limit?${new URLSearchParams({ logoUrl })}`,
    );
    await this.request('POST /api/downloads/track', '/api/downloads/track', {
      logoUrl,
      logoTitle: `Soak logo ${this.id}`,
    });
  }

  /** One iteration of the mix. */
  async step() {
    const roll = Math.random() * 100;
    if (roll < 50) await this.search();
    else if (roll < 80) await this.download();
    else if (!this.member) await this.search();
    else if (roll < 97) {
      if (!this.account) await this.signIn();
      if (this.account) await this.request('GET /api/user/downloads', '/api/user/downloads');
    } else await this.signIn();
  }
}

function quantile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

/** Registers the shared accounts (sequentially, a few at a time: each costs a password hash). */
async function createAccounts(baseUrl: string, count: number) {
  const prefix = `soak${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const accounts = Array.from({ length: count }, (_, i) => ({
    username: `${prefix}_${i}`,
    password: `${prefix}-password-${i}`,
  }));
  for (let i = 0; i < accounts.length; i += 4) {
    await Promise.all(
      accounts.slice(i, i + 4).map(async ({ username, password }) => {
        const res = await fetch(`${baseUrl}/api/users/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            username,
            email: `${username}@example.com`,
            password,
            confirmPassword: password,
          }),
        });
        if (res.status !== 201)
          throw new Error(`soak: registering ${username} gave ${res.status}: ${await res.text()}`);
      }),
    );
  }
  return accounts;
}

export async function runSoak(options: SoakOptions): Promise<SoakSummary> {
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  const maxSamples = options.maxSamples ?? 20;
  const accounts = await createAccounts(baseUrl, Math.max(1, options.accounts ?? 20));

  const latencies = new Map<SoakRoute, number[]>();
  const routeStatuses = new Map<SoakRoute, Record<string, number>>();
  const statuses: Record<string, number> = {};
  const intended = { quota403: 0, rateLimited429: 0 };
  const unexpected: SoakSummary['unexpected'] = { count: 0, samples: [] };
  let requests = 0;
  const recorder: Recorder = {
    record(route, ms, status, body) {
      requests++;
      let list = latencies.get(route);
      if (!list) latencies.set(route, (list = []));
      list.push(ms);
      let counts = routeStatuses.get(route);
      if (!counts) routeStatuses.set(route, (counts = {}));
      counts[status] = (counts[status] ?? 0) + 1;
      statuses[status] = (statuses[status] ?? 0) + 1;
      const code = Number(status);
      if (code >= 200 && code < 300) return;
      if (code === 429) intended.rateLimited429++;
      else if (code === 403 && QUOTA_ROUTES.has(route)) intended.quota403++;
      else {
        unexpected.count++;
        if (unexpected.samples.length < maxSamples)
          unexpected.samples.push({ route, status, body: body() });
      }
    },
  };

  const started = performance.now();
  const until = started + options.durationMs;
  const ticker = options.onTick
    ? setInterval(() => options.onTick!(performance.now() - started, requests), 1000)
    : undefined;
  try {
    await Promise.all(
      Array.from({ length: options.users }, async (_, id) => {
        const user = new VirtualUser(
          baseUrl,
          accounts,
          recorder,
          options.requestTimeoutMs ?? 30_000,
          id,
        );
        while (performance.now() < until) {
          await user.step();
          if (options.thinkMs) {
            const [min, max] = options.thinkMs;
            await new Promise((r) => setTimeout(r, min + Math.random() * (max - min)));
          }
        }
      }),
    );
  } finally {
    if (ticker) clearInterval(ticker);
  }
  const durationMs = performance.now() - started;

  const routes: Record<string, RouteStats> = {};
  for (const route of SOAK_ROUTES) {
    const sorted = (latencies.get(route) ?? []).sort((x, y) => x - y);
    routes[route] = {
      count: sorted.length,
      p50: quantile(sorted, 0.5),
      p99: quantile(sorted, 0.99),
      max: sorted.at(-1) ?? NaN,
      statuses: routeStatuses.get(route) ?? {},
    };
  }
  return {
    users: options.users,
    durationMs,
    requests,
    requestsPerSecond: requests / (durationMs / 1000),
    routes,
    statuses,
    intended,
    unexpected,
  };
}

/** A plain-text table of the summary, one line per route. */
export function formatSoakTable(summary: SoakSummary): string {
  const head = ['Route', 'Requests', 'p50', 'p99', 'max', 'Statuses'];
  const rows = Object.entries(summary.routes).map(([route, s]) => [
    route,
    String(s.count),
    `${s.p50.toFixed(1)} ms`,
    `${s.p99.toFixed(1)} ms`,
    `${s.max.toFixed(1)} ms`,
    Object.entries(s.statuses)
      .map(([status, n]) => `${status}×${n}`)
      .join(' '),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  return [
    `${summary.users} users, ${(summary.durationMs / 1000).toFixed(1)} s, ${summary.requests} requests (${Math.round(summary.requestsPerSecond)} req/s); ` +
      `intended: ${summary.intended.quota403} × 403 quota, ${summary.intended.rateLimited429} × 429; unexpected: ${summary.unexpected.count}`,
    line(head),
    ...rows.map(line),
  ].join('\n');
}
