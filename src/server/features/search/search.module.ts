import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { z } from 'zod';
import { LogoSchema } from '#shared/search/search.schemas.ts';
import { rememberOfficialLogos } from './official-logos.ts';
import { createOfficialLogosRepository } from './official-logos.repository.ts';
import { createSearchCache, type CacheRedis } from './search-cache.ts';
import { createSearchService } from './search.service.ts';
import { createCommonsSource } from './sources/commons.ts';
import type { LogoSource } from './sources/logo-source.ts';
import { createSimpleIconsSource } from './sources/simple-icons.ts';
import {
  createWikidataItems,
  createWikidataSource,
  type WikidataSource,
} from './sources/wikidata.ts';
import { openUpstreamScope } from './upstream-scope.ts';
import type { AppMetrics } from '#server/plugins/metrics.ts';
import {
  createWikimediaClient,
  WikimediaError,
  wikimediaUserAgent,
  type WikimediaClient,
} from './wikimedia-client.ts';

/** What a source answered, as read back from Redis (another version of the app may have written it). */
const SourceResultSchema = z.object({ logos: z.array(LogoSchema), hasMore: z.boolean() });
/** Which company a website is, as read back from Redis. */
const WebsiteCompanySchema = z.object({ id: z.string(), name: z.string() }).nullable();

/** A website's company changes rarely; "none" may change as soon as someone adds it to Wikidata. */
const WEBSITE_FOUND_TTL_MS = 24 * 60 * 60_000;
const WEBSITE_NONE_TTL_MS = 60 * 60_000;

/** The one place that turns configuration into the search service and its sources. */
export function createSearchModule(deps: {
  config: Config;
  redis: CacheRedis | null;
  /** Where official logos are remembered for every instance. */
  db: Database;
  log: FastifyBaseLogger;
  metrics?: AppMetrics;
  /** The time in ms, as the caches see it; tests move it forward. */
  now?: () => number;
}) {
  const { config, redis, db, log, metrics } = deps;
  const now = deps.now ?? Date.now;
  const shared = createWikimediaClient({ userAgent: wikiLogosUserAgent(config) });
  // One client (one queue and breaker per host), seen by the metrics as one API per source.
  const clientFor = (api: string): WikimediaClient =>
    metrics
      ? {
          ...shared,
          getJson: async (url, signal) => {
            try {
              const body = await shared.getJson(url, signal);
              metrics.upstreamRequest(api, 'success');
              return body;
            } catch (err) {
              metrics.upstreamRequest(api, err instanceof WikimediaError ? err.kind : 'error');
              throw err;
            }
          },
        }
      : shared;
  const apis = [
    { api: 'commons', host: new URL(config.COMMONS_API_URL).host },
    { api: 'wikidata', host: new URL(config.WIKIDATA_API_URL).host },
  ];
  metrics?.watchCircuits(() =>
    apis.map(({ api, host }) => ({ api, state: shared.breakerState(host) })),
  );
  const commons = createCommonsSource({
    client: clientFor('commons'),
    apiUrl: config.COMMONS_API_URL,
    now,
  });
  let officialLogos: ReturnType<typeof rememberOfficialLogos> | null = null;
  let wikidata: WikidataSource | null = null;

  const sources: LogoSource[] = config.LOGO_SOURCES.map((name) => {
    switch (name) {
      case 'commons':
        return commons;
      case 'wikidata':
        wikidata = createWikidataSource({
          client: clientFor('wikidata'),
          apiUrl: config.WIKIDATA_API_URL,
          commons,
        });
        // The database layer sits under the search cache, for this source only.
        officialLogos = rememberOfficialLogos({
          source: wikidata,
          repo: createOfficialLogosRepository(db),
          now,
          log,
        });
        return officialLogos;
      case 'simple-icons':
        return createSimpleIconsSource();
    }
  });

  const cache = createSearchCache({
    parse: (value) => SourceResultSchema.parse(value),
    redis,
    log,
    now,
    ...(metrics ? { onLookup: metrics.searchCacheLookup } : {}),
  });
  const items = createWikidataItems({
    client: clientFor('wikidata'),
    apiUrl: config.WIKIDATA_API_URL,
  });
  const websiteCache = createSearchCache({
    parse: (value) => WebsiteCompanySchema.parse(value),
    redis,
    log,
    now,
  });
  const wikidataOn = config.LOGO_SOURCES.includes('wikidata');
  // The service's time budget is real time (what the visitor waits), so it keeps its own clock.
  const service = createSearchService({
    sources,
    cache,
    log,
    // Search by website asks Wikidata: only where the operator lets the search use it.
    ...(wikidataOn && {
      findCompanyByWebsite: (site, signal) =>
        websiteCache.getOrLoad({
          key: `website:${site.domain}`,
          ttlMs: (company) => (company ? WEBSITE_FOUND_TTL_MS : WEBSITE_NONE_TTL_MS),
          load: (s) => items.findByWebsite(site, s),
          signal,
        }),
    }),
  });
  /** Ends the background refreshes (shutdown). */
  const close = async () => officialLogos?.close();
  /** A scope for searches made together (a logo wall): at most `maxInFlight` upstream requests. */
  const openScope = (maxInFlight: number) => openUpstreamScope(maxInFlight, wikidata);
  return { service, sources, cache, close, openScope, items, commons };
}

/** Wikimedia blocks anonymous clients; every request names the app and how to reach its operator. */
export function wikiLogosUserAgent(config: Pick<Config, 'WIKIMEDIA_CONTACT'>): string {
  return wikimediaUserAgent(config.WIKIMEDIA_CONTACT, '0.1');
}
