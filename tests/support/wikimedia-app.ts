import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startWikimediaFake, type WikimediaFake } from '#tests/fakes/wikimedia-fake.ts';
import { createTestApp } from './test-app.ts';

/** The app's Wikimedia addresses pointed at the stand-in. */
export const wikimediaEnv = (fake: WikimediaFake) => ({
  COMMONS_API_URL: fake.commonsApiUrl,
  WIKIDATA_API_URL: fake.wikidataApiUrl,
});

/**
 * One app on PGlite talking to one Wikimedia stand-in for the whole file, the stand-in reset
 * (normal modes, no latency, empty request log) before each test. Read `fake` and `app` inside
 * tests: they exist once the file's `beforeAll` has run.
 */
export function useAppOnWikimediaFake() {
  let fake: WikimediaFake | undefined;
  let testApp: Awaited<ReturnType<typeof createTestApp>> | undefined;
  beforeAll(async () => {
    fake = await startWikimediaFake();
    testApp = await createTestApp('pglite', wikimediaEnv(fake));
  });
  afterAll(async () => {
    await testApp?.close();
    await fake?.close();
  });
  beforeEach(() => fake?.reset());
  return {
    get fake() {
      return fake!;
    },
    get app() {
      return testApp!.app;
    },
  };
}
