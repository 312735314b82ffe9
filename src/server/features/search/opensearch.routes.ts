import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '#server/config.ts';
import { ApiErrorSchema } from '#shared/lib/api-error.ts';
import { SuggestQuerySchema } from '#shared/search/search.schemas.ts';
import { suggestIconTitles } from './sources/simple-icons.ts';
import { escapeXml } from '#server/lib/escape-xml.ts';

const OPENSEARCH_DESCRIPTION_TYPE = 'application/opensearchdescription+xml';
const OPENSEARCH_SUGGESTIONS_TYPE = 'application/x-suggestions+json';
/** Where the suggestions for the browser's address bar are answered. */
const OPENSEARCH_SUGGESTIONS_PATH = '/search/opensearch-suggestions';

/**
 * The OpenSearch description that lets a browser add WikiLogos as a search engine. Addresses are
 * built from PUBLIC_URL, never the Host header (anyone can set it). An address-bar search is a
 * new search: SVG only, the search box's default (docs/decisions/009-search-ui.md).
 */
export function openSearchDescription(publicUrl: string): string {
  const url = (path: string) => escapeXml(`${publicUrl}${path}`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/" xmlns:moz="http://www.mozilla.org/2006/browser/search/">
  <ShortName>WikiLogos</ShortName>
  <Description>Find company logos on Wikimedia Commons with WikiLogos.</Description>
  <Tags>logos brands SVG Wikimedia Commons</Tags>
  <InputEncoding>UTF-8</InputEncoding>
  <Image width="16" height="16" type="image/svg+xml">${url('/favicon.svg')}</Image>
  <Url type="text/html" method="get" template="${url('/search?q={searchTerms}&fileType=svg')}"/>
  <Url type="${OPENSEARCH_SUGGESTIONS_TYPE}" method="get" template="${url(`/api${OPENSEARCH_SUGGESTIONS_PATH}?q={searchTerms}`)}"/>
  <Url type="${OPENSEARCH_DESCRIPTION_TYPE}" rel="self" template="${url('/opensearch.xml')}"/>
  <moz:SearchForm>${url('/search')}</moz:SearchForm>
</OpenSearchDescription>
`;
}

/** GET /opensearch.xml, outside /api: index.html's `<link rel="search">` points browsers to it. */
export const openSearchDescriptionRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const description = openSearchDescription(config.PUBLIC_URL);
  app.get(
    '/opensearch.xml',
    { schema: { response: { 200: z.string().describe('The OpenSearch description (XML)') } } },
    async (_request, reply) =>
      reply
        .header('Content-Type', `${OPENSEARCH_DESCRIPTION_TYPE}; charset=utf-8`)
        .header('Cache-Control', 'public, max-age=86400')
        .send(description),
  );
};

/**
 * GET /api/search/opensearch-suggestions?q=: the search box's suggestions, in the browsers'
 * address-bar shape `[query, [name, …]]`.
 */
export const openSearchSuggestionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    OPENSEARCH_SUGGESTIONS_PATH,
    {
      schema: {
        querystring: SuggestQuerySchema,
        response: { 200: z.tuple([z.string(), z.array(z.string())]), 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { q } = request.query;
      reply
        .header('Content-Type', `${OPENSEARCH_SUGGESTIONS_TYPE}; charset=utf-8`)
        .header('Cache-Control', 'public, max-age=3600');
      const answer: [string, string[]] = [q, suggestIconTitles(q)];
      return answer;
    },
  );
};
