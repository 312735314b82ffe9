import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '#server/config.ts';

/**
 * Prometheus metrics: a registry per app (tests build many in one process); process metrics are
 * collected once per process and merged in at each scrape.
 */

type BreakerStateName = 'closed' | 'open' | 'half-open';
const BREAKER_STATES: BreakerStateName[] = ['closed', 'half-open', 'open'];

// OpenTelemetry's advice for http.server.request.duration, in seconds.
const DURATION_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10,
];

let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) collectDefaultMetrics({ register: (processRegistry = new Registry()) });
  return processRegistry;
}

export type AppMetrics = ReturnType<typeof createAppMetrics>;

export function createAppMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const circuitSources: Array<() => Array<{ api: string; state: BreakerStateName }>> = [];
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter({ name, help, labelNames, registers });

  const httpDuration = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const upstreamRequests = counter(
    'wikilogos_upstream_requests_total',
    'Calls to the Wikimedia APIs, by API and outcome (success or why it failed).',
    ['api', 'outcome'],
  );
  new Gauge({
    name: 'wikilogos_upstream_circuit_state',
    help: "The circuit breaker per Wikimedia API: 1 for its current state ('closed' is healthy), 0 for the others.",
    labelNames: ['api', 'state'] as const,
    registers,
    collect() {
      this.reset();
      for (const read of circuitSources) {
        for (const { api, state } of read()) {
          for (const each of BREAKER_STATES) this.set({ api, state: each }, each === state ? 1 : 0);
        }
      }
    },
  });
  const searchCacheLookups = counter(
    'wikilogos_search_cache_lookups_total',
    'Search cache lookups: a hit is answered without calling the source.',
    ['result'],
  );
  const signinRefusals = counter(
    'wikilogos_signin_refusals_total',
    'Refused sign-ins: wrong credentials, or too many attempts.',
    ['reason'],
  );
  const downloadRefusals = counter(
    'wikilogos_download_refusals_total',
    'Refused downloads and file requests, by route and reason.',
    ['route', 'reason'],
  );
  // Zero series from the start: rate() over a counter born at its first refusal misses that one.
  for (const result of ['hit', 'miss']) searchCacheLookups.inc({ result }, 0);
  for (const reason of ['wrong-credentials', 'too-many-attempts'])
    signinRefusals.inc({ reason }, 0);

  return {
    registry,
    httpDuration,
    upstreamRequest: (api: string, outcome: string) => upstreamRequests.inc({ api, outcome }),
    searchCacheLookup: (result: 'hit' | 'miss') => searchCacheLookups.inc({ result }),
    signinRefusals,
    downloadRefusals,
    /** Reports circuit states at each scrape (a breaker's state changes with time alone). */
    watchCircuits: (read: () => Array<{ api: string; state: BreakerStateName }>) => {
      circuitSources.push(read);
    },
    /** The exposition text: this app's metrics and the process metrics. */
    scrape: () => Registry.merge([processMetrics(), registry]).metrics(),
    contentType: registry.contentType,
  };
}

// Refusals are read from the answers, so the services that decide them stay free of metrics.
const SIGNIN_ROUTE = '/api/users/login';
const SIGNIN_REFUSALS: Record<number, string> = {
  401: 'wrong-credentials',
  429: 'too-many-attempts',
};
const DOWNLOAD_ROUTES = new Set([
  '/api/downloads/track',
  '/api/downloads/batch',
  '/api/downloads/copy-svg',
  '/api/files',
]);
const DOWNLOAD_REFUSALS: Record<number, string> = {
  403: 'not-allowed',
  413: 'too-large',
  429: 'too-many-requests',
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics & {
      /** Where the metrics listener listens (once the app is ready); null when METRICS_PORT is unset. */
      address: () => AddressInfo | null;
      /** Its scrape address, e.g. http://127.0.0.1:9464/metrics; null when it is off. */
      url: () => string | null;
    };
  }
}

/**
 * Times requests and counts refusals; with METRICS_PORT serves GET /metrics on its own listener (on
 * HOST) while the app runs. Never on the public port: it tells attackers what is refused.
 */
export const metricsPlugin = fp<{ config: Config; metrics: AppMetrics }>(
  async (app, { config, metrics }) => {
    let server: Server | null = null;
    const address = () => (server?.address() as AddressInfo | null | undefined) ?? null;
    app.decorate('metrics', {
      ...metrics,
      address,
      url: () => {
        const bound = address();
        if (!bound) return null;
        const host = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
        return `http://${host}:${bound.port}/metrics`;
      },
    });

    app.addHook('onResponse', async (request, reply) => {
      // The route template, never the address itself: one series per route, whatever is asked.
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      metrics.httpDuration.observe(
        { method: request.method, route, status_code: String(status) },
        reply.elapsedTime / 1000,
      );
      if (route === SIGNIN_ROUTE && request.method === 'POST' && SIGNIN_REFUSALS[status]) {
        metrics.signinRefusals.inc({ reason: SIGNIN_REFUSALS[status] });
      } else if (DOWNLOAD_ROUTES.has(route) && DOWNLOAD_REFUSALS[status]) {
        metrics.downloadRefusals.inc({ route, reason: DOWNLOAD_REFUSALS[status] });
      }
    });

    if (config.METRICS_PORT === undefined) return;
    const port = config.METRICS_PORT;
    app.addHook('onReady', async () => {
      server = createServer((req, res) => {
        const answer = (status: number, text: string, type = 'text/plain; charset=utf-8') =>
          res.writeHead(status, { 'content-type': type }).end(text);
        const path = (req.url ?? '').split('?')[0];
        if (req.method !== 'GET' || path !== '/metrics')
          return void answer(404, 'Not found: metrics are at GET /metrics\n');
        metrics.scrape().then(
          (text) => answer(200, text, metrics.contentType),
          (err: unknown) => {
            app.log.error({ err }, 'metrics scrape failed');
            answer(500, 'The metrics could not be collected.\n');
          },
        );
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', (err: NodeJS.ErrnoException) =>
          reject(
            new Error(
              `The metrics listener could not listen on ${config.HOST}:${port} (METRICS_PORT): ${err.code ?? err.message}`,
            ),
          ),
        );
        listening.listen(port, config.HOST, () => resolve());
      });
      app.log.info(`metrics at ${app.metrics.url()}`);
    });
    app.addHook('onClose', async () => {
      if (!server?.listening) return;
      const closing = server;
      await new Promise<void>((resolve) => {
        closing.close(() => resolve());
        closing.closeAllConnections();
      });
    });
  },
  { name: 'metrics' },
);
