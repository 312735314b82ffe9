import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import { z } from 'zod';
import { LogoSchema } from '#shared/search/search.schemas.ts';
import { createSearchCache, type CacheRedis } from './search-cache.ts';
import { createSearchService } from './search.service.ts';
import { createCommonsSource } from './sources/commons.ts';
import type { LogoSource } from './sources/logo-source.ts';
import { createSimpleIconsSource } from './sources/simple-icons.ts';
import { createWikidataSource } from './sources/wikidata.ts';
import { createWikimediaClient, wikimediaUserAgent } from './wikimedia-client.ts';

/** What a source answered, as read back from Redis (another version of the app may have written it). */
const SourceResultSchema = z.object({ logos: z.array(LogoSchema), hasMore: z.boolean() });

/** The one place that turns configuration into the search service and its sources. */
export function createSearchModule(deps: {
  config: Config;
  redis: CacheRedis | null;
  log: FastifyBaseLogger;
}) {
  const { config, redis, log } = deps;
  const client = createWikimediaClient({ userAgent: wikiLogosUserAgent(config) });
  const commons = createCommonsSource({ client, apiUrl: config.COMMONS_API_URL });

  const sources: LogoSource[] = config.LOGO_SOURCES.map((name) => {
    switch (name) {
      case 'commons':
        return commons;
      case 'wikidata':
        return createWikidataSource({ client, apiUrl: config.WIKIDATA_API_URL, commons });
      case 'simple-icons':
        return createSimpleIconsSource();
    }
  });

  const cache = createSearchCache({
    parse: (value) => SourceResultSchema.parse(value),
    redis,
    log,
  });
  const service = createSearchService({ sources, cache, log });
  return { service, sources, cache };
}

/** Wikimedia blocks anonymous clients; every request names the app and how to reach its operator. */
export function wikiLogosUserAgent(config: Pick<Config, 'WIKIMEDIA_CONTACT'>): string {
  return wikimediaUserAgent(config.WIKIMEDIA_CONTACT, '0.1');
}
