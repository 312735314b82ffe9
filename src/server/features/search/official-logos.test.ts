import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { SearchResultSchema, type SearchResult } from '#shared/search/search.schemas.ts';
import { startWikimediaFake, type WikimediaFake } from '#tests/fakes/wikimedia-fake.ts';
import { DAY, MINUTE, manualClock } from '#tests/support/accounts-fixtures.ts';
import {
  createPostgresDatabase,
  databaseTargets,
  openTestPglite,
  type DatabaseTarget,
} from '#tests/support/test-app.ts';
import { createOfficialLogosRepository } from './official-logos.repository.ts';
import { WIKIDATA_UNAVAILABLE } from './search.service.ts';

// Official logos are remembered in the database (docs/product.md#official-logos-remembered): the
// real app against the Wikimedia stand-in, its requests counted, time moved by hand.
let fake: WikimediaFake;
beforeAll(async () => {
  fake = await startWikimediaFake();
});
afterAll(async () => {
  await fake?.close();
});

const HOUR = 60 * MINUTE;
/** How long a background refresh may take to show on a busy machine: a ceiling, not a wait. */
const SETTLED = { timeout: 15_000 };

const wikidataRequests = () => fake.requests().filter((r) => r.api === 'wikidata');
const wikidataSearches = () =>
  fake.requests().filter((r) => r.params.action === 'wbsearchentities');
const fileInfoRequests = () =>
  fake.requests().filter((r) => r.api === 'commons' && r.params.titles !== undefined);

async function search(app: App, query: string): Promise<SearchResult> {
  const res = await app.inject({ method: 'GET', url: `/api/search?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return SearchResultSchema.parse(res.json());
}

const officialTitles = (result: SearchResult) =>
  result.logos.filter((l) => l.official).map((l) => [l.title, l.historical]);
const GOOGLE_OFFICIAL = [
  ['Google 2015 logo', false],
  ['Google 2011 logo', true],
];

describe.each(databaseTargets)('official logos remembered in the database on %s', (target) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    fake.reset();
  });

  /** One database that outlives the app instances built on it (a restart, a second instance). */
  async function sharedDatabase(kind: DatabaseTarget): Promise<DatabaseHandle> {
    if (kind === 'pglite') {
      const database = await openTestPglite();
      cleanups.push(() => database.close());
      return database;
    }
    const pg = await createPostgresDatabase();
    cleanups.push(pg.drop);
    const database = await openDatabase({ kind: 'postgres', url: pg.url });
    cleanups.push(() => database.close());
    return database;
  }

  async function startApp(database: DatabaseHandle, clock = manualClock()) {
    const config = loadConfig(
      {
        LOG_LEVEL: 'silent',
        ADMIN_PASSWORD: 'test-admin-password',
        PUBLIC_URL: 'http://localhost:3000',
        COMMONS_API_URL: fake.commonsApiUrl,
        WIKIDATA_API_URL: fake.wikidataApiUrl,
      },
      { inMemoryDatabase: true },
    );
    const app = await buildApp(config, { database, clock: clock.now });
    let closed = false;
    const close = async () => {
      if (!closed) await app.close();
      closed = true;
    };
    cleanups.push(close);
    return { app, clock, close };
  }

  it('another instance, and the same one after a restart, ask Wikidata nothing for a name seen before', async () => {
    const database = await sharedDatabase(target);
    const clock = manualClock();
    const first = await startApp(database, clock);
    const second = await startApp(database, clock);

    expect(officialTitles(await search(first.app, 'q=google'))).toEqual(GOOGLE_OFFICIAL);
    expect(wikidataRequests().length).toBeGreaterThan(0);

    fake.resetRequests();
    // Another instance, in another case and spacing, and with a file type (filtered from the row).
    expect(officialTitles(await search(second.app, 'q=%20Google%20'))).toEqual(GOOGLE_OFFICIAL);
    expect(officialTitles(await search(second.app, 'q=google&fileType=png'))).toEqual([
      ['Google 2011 logo', true],
    ]);
    expect(wikidataRequests()).toHaveLength(0);

    await first.close();
    await second.close();
    clock.advance(12 * HOUR);
    const restarted = await startApp(database, clock);
    const result = await search(restarted.app, 'q=google');
    expect(officialTitles(result)).toEqual(GOOGLE_OFFICIAL);
    expect(result.logos[0]).toMatchObject({
      title: 'Google 2015 logo',
      source: 'wikidata',
      searchTerm: 'google',
      license: expect.any(String),
    });
    expect(result.warnings).toBeUndefined();
    expect(wikidataRequests()).toHaveLength(0);
  });

  it('past a day: answered at once from the database and refreshed once in the background', async () => {
    const database = await sharedDatabase(target);
    const { app, clock } = await startApp(database);
    const rows = createOfficialLogosRepository(app.database.db);
    await search(app, 'q=google');
    const firstFetch = (await rows.find('google'))?.fetchedAt;
    expect(firstFetch).toEqual(clock.now());

    clock.advance(DAY + MINUTE);
    fake.resetRequests();
    // Three lookups of the same name at once (different file types): one refresh.
    const answers = await Promise.all(
      ['q=google', 'q=google&fileType=svg', 'q=Google&fileType=png'].map((q) => search(app, q)),
    );
    expect(answers.map((a) => officialTitles(a).length)).toEqual([2, 1, 1]);
    await vi.waitFor(
      async () => expect((await rows.find('google'))?.fetchedAt).toEqual(clock.now()),
      SETTLED,
    );
    expect(wikidataSearches()).toHaveLength(1);

    // While a refresh hangs, the answer does not wait for it (the time budget would cut it).
    clock.advance(DAY + MINUTE);
    fake.resetRequests();
    fake.setApiMode('wikidata', { kind: 'slow', delayMs: 60_000 });
    // The last refresh wrote its row before it let go of the name: a search in between starts
    // none, so the search is asked again until one has started (the hanging one, never a second).
    await vi.waitFor(async () => {
      const meanwhile = await search(app, 'q=google');
      expect(officialTitles(meanwhile)).toEqual(GOOGLE_OFFICIAL);
      expect(meanwhile.warnings).toBeUndefined();
      expect(wikidataSearches()).toHaveLength(1);
    }, SETTLED);
  });

  it('a failed refresh keeps the entry; after 7 days it is not served and is fetched afresh', async () => {
    const database = await sharedDatabase(target);
    const { app, clock } = await startApp(database);
    await search(app, 'q=google');

    clock.advance(DAY + MINUTE);
    fake.setApiMode('wikidata', { kind: 'refuse' });
    expect(officialTitles(await search(app, 'q=google'))).toEqual(GOOGLE_OFFICIAL);
    await vi.waitFor(() => expect(wikidataSearches().length).toBeGreaterThan(0), SETTLED);
    clock.advance(5 * DAY);
    const kept = await search(app, 'q=google');
    expect(officialTitles(kept)).toEqual(GOOGLE_OFFICIAL);
    expect(kept.warnings).toBeUndefined();

    // 7 days after the fetch the entry is no longer served: Wikidata down means no official logos.
    clock.advance(DAY);
    const expired = await search(app, 'q=google');
    expect(officialTitles(expired)).toEqual([]);
    expect(expired.warnings).toContain(WIKIDATA_UNAVAILABLE);

    fake.reset();
    expect(officialTitles(await search(app, 'q=google'))).toEqual(GOOGLE_OFFICIAL);
    expect(wikidataSearches()).toHaveLength(1);
  });

  it('remembers "no official logo" for a day, and sweeps expired rows', async () => {
    const database = await sharedDatabase(target);
    const { app, clock } = await startApp(database);
    const rows = createOfficialLogosRepository(app.database.db);
    await search(app, 'q=nosuchcompany');
    await search(app, 'q=google');
    expect(wikidataSearches()).toHaveLength(2);

    clock.advance(30 * MINUTE);
    fake.resetRequests();
    await search(app, 'q=nosuchcompany&fileType=svg');
    expect(wikidataSearches()).toHaveLength(0);

    clock.advance(DAY);
    await search(app, 'q=nosuchcompany&fileType=png');
    expect(wikidataSearches()).toHaveLength(1);

    clock.advance(8 * DAY);
    await search(app, 'q=apple');
    expect(await rows.find('google')).toBeNull();
    expect(await rows.find('apple')).not.toBeNull();
  });

  it('the sweep keeps the table within its bound: the soonest-expiring rows go first', async () => {
    const rows = createOfficialLogosRepository((await sharedDatabase(target)).db);
    const at = (day: number) => new Date(Date.UTC(2026, 2, day));
    for (const [name, day] of [
      ['a', 10],
      ['b', 12],
      ['c', 11],
      ['d', 2],
    ] as const)
      await rows.save({ name, logos: [], fetchedAt: at(1), expiresAt: at(day) });
    await rows.sweep(at(3), 2);
    for (const [name, kept] of [
      ['a', false],
      ['b', true],
      ['c', true],
      ['d', false],
    ] as const)
      expect(Boolean(await rows.find(name)), name).toBe(kept);
  });

  it('asks Commons for no file facts when the official files are among its search results', async () => {
    const database = await sharedDatabase(target);
    const { app } = await startApp(database);
    const result = await search(app, 'q=netflix');
    expect(result.logos[0]).toMatchObject({ title: 'Netflix 2015 logo', official: true });
    expect(result.logos[0]?.size).not.toBeNull();
    expect(wikidataSearches()).toHaveLength(1);
    expect(fileInfoRequests()).toHaveLength(0);
  });
});
