import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favourites as favouritesTable } from '#server/db/schema/favourites.ts';
import { FAVOURITE_MESSAGES, FAVOURITES_LIMIT } from '#shared/favourites/favourites.schemas.ts';
import type { Logo } from '#shared/search/search.schemas.ts';
import { testLogo } from '#tests/fixtures/logo.fixture.ts';
import { createTestApp, databaseTargets } from '#tests/support/test-app.ts';
import { MINUTE, SESSION_COOKIE, manualClock, register } from '#tests/support/accounts-fixtures.ts';
import { createFavouritesRepository } from './favourites.repository.ts';
import { createFavouritesService } from './favourites.service.ts';

/** A Commons logo as the search answers it; `n` picks the file. */
function commonsLogo(n: number | string, extra: Partial<Logo> = {}): Logo {
  return testLogo({
    title: `Logo ${n}`,
    url: `https://upload.wikimedia.org/wikipedia/commons/a/a${n}/Logo_${n}.svg`,
    thumbUrl: `https://upload.wikimedia.org/wikipedia/commons/thumb/a/a${n}/Logo_${n}.svg/330px-Logo_${n}.svg.png`,
    dateAdded: '2020-01-02T03:04:05Z',
    description: `The logo number ${n}`,
    sourceUrl: `https://commons.wikimedia.org/wiki/File:Logo_${n}.svg`,
    searchTerm: 'acme',
    author: 'Someone',
    ...extra,
  });
}

describe.each(databaseTargets)('favourites on %s', (target) => {
  const clock = manualClock();
  let testApp: Awaited<ReturnType<typeof createTestApp>>;
  const app = () => testApp.app;
  const as = (session: string) => ({ cookies: { [SESSION_COOKIE]: session } });

  const list = async (session: string) => {
    const res = await app().inject({ method: 'GET', url: '/api/favourites', ...as(session) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ favourites: Logo[] }>().favourites;
  };
  const add = (session: string, logo: unknown) =>
    app().inject({ method: 'PUT', url: '/api/favourites', payload: { logo }, ...as(session) });
  const remove = (session: string, url: string) =>
    app().inject({
      method: 'DELETE',
      url: `/api/favourites?url=${encodeURIComponent(url)}`,
      ...as(session),
    });
  const importAll = (session: string, logos: unknown[]) =>
    app().inject({
      method: 'POST',
      url: '/api/favourites/import',
      payload: { logos },
      ...as(session),
    });

  beforeAll(async () => {
    testApp = await createTestApp(target, {}, { clock: clock.now });
  });
  afterAll(() => testApp.close());

  it('keeps a hearted logo as it was shown, newest first; adding it again changes nothing', async () => {
    const { session } = await register(app(), 'hearts');
    expect(await list(session)).toEqual([]);

    const first = await add(session, commonsLogo(1));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ logo: commonsLogo(1), added: true, count: 1 });
    clock.advance(MINUTE);
    expect((await add(session, commonsLogo(2))).json()).toMatchObject({ added: true, count: 2 });
    clock.advance(MINUTE);
    // The same file again, even with other details: still one favourite, the first snapshot.
    const again = await add(session, commonsLogo(1, { title: 'Renamed' }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ added: false, count: 2 });

    expect(await list(session)).toEqual([commonsLogo(2), commonsLogo(1)]);
  });

  it('keeps our bundled icons too', async () => {
    const { session } = await register(app(), 'icons');
    const icon = commonsLogo('gh', {
      url: '/api/icons/github.svg',
      thumbUrl: null,
      source: 'simple-icons',
      sourceUrl: 'https://github.com/logos',
      brandColor: '181717',
    });
    expect((await add(session, icon)).statusCode).toBe(200);
    expect(await list(session)).toEqual([icon]);
  });

  it('refuses files and previews from anywhere else, and links that are not web addresses', async () => {
    const { session } = await register(app(), 'strict');
    for (const logo of [
      commonsLogo(1, { url: 'https://evil.example/logo.svg' }),
      commonsLogo(1, { url: 'http://127.0.0.1:5432/logo.svg' }),
      commonsLogo(1, { thumbUrl: 'https://tracker.example/pixel.png' }),
    ]) {
      const res = await add(session, logo);
      expect(res.statusCode, logo.url).toBe(400);
      expect(res.json()).toEqual({
        message: FAVOURITE_MESSAGES.notAllowed,
        code: 'VALIDATION_FAILED',
      });
    }
    const script = await add(session, commonsLogo(1, { sourceUrl: 'javascript:alert(1)' }));
    expect(script.statusCode).toBe(400);
    expect(script.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(script.json().message).toContain(FAVOURITE_MESSAGES.linkNotAllowed);
    const broken = await add(session, { url: commonsLogo(1).url });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await list(session)).toEqual([]);
  });

  it('removes one; removing it again is not an error', async () => {
    const { session } = await register(app(), 'remover');
    await add(session, commonsLogo(1));
    await add(session, commonsLogo(2));
    const res = await remove(session, commonsLogo(1).url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ removed: true, count: 1 });
    expect((await remove(session, commonsLogo(1).url)).json()).toEqual({
      removed: false,
      count: 1,
    });
    expect(await list(session)).toEqual([commonsLogo(2)]);
    expect(
      (await app().inject({ method: 'DELETE', url: '/api/favourites', ...as(session) })).statusCode,
    ).toBe(400);
  });

  it('shows and removes only the caller’s own favourites, whatever the request names', async () => {
    const a = await register(app(), 'owner-a');
    const b = await register(app(), 'owner-b');
    await add(a.session, commonsLogo(7));
    expect(await list(b.session)).toEqual([]);
    const other = await app().inject({
      method: 'GET',
      url: `/api/favourites?userId=${a.user.id}`,
      ...as(b.session),
    });
    expect(other.json()).toEqual({ favourites: [] });
    expect((await remove(b.session, commonsLogo(7).url)).json()).toEqual({
      removed: false,
      count: 0,
    });
    expect(await list(a.session)).toEqual([commonsLogo(7)]);
  });

  it('is for signed-in users only', async () => {
    for (const res of [
      await app().inject({ method: 'GET', url: '/api/favourites' }),
      await app().inject({
        method: 'PUT',
        url: '/api/favourites',
        payload: { logo: commonsLogo(1) },
      }),
      await app().inject({ method: 'DELETE', url: '/api/favourites?url=x' }),
      await app().inject({
        method: 'POST',
        url: '/api/favourites/import',
        payload: { logos: [commonsLogo(1)] },
      }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'SIGN_IN_REQUIRED' });
    }
  });

  it('merges a browser’s favourites without duplicates; the same merge twice adds nothing', async () => {
    const { session } = await register(app(), 'merger');
    await add(session, commonsLogo(2));
    clock.advance(MINUTE);
    // Newest first, as the browser keeps them; one repeated, one the account has, one from elsewhere.
    const browser = [
      commonsLogo(3),
      commonsLogo(2),
      commonsLogo(1),
      commonsLogo(3),
      commonsLogo(9, { url: 'https://evil.example/x.svg' }),
    ];
    const first = await importAll(session, browser);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      favourites: [commonsLogo(3), commonsLogo(1), commonsLogo(2)],
      added: 2,
      skipped: 0,
    });
    const second = await importAll(session, browser);
    expect(second.json()).toMatchObject({ added: 0, skipped: 0 });
    expect(await list(session)).toEqual([commonsLogo(3), commonsLogo(1), commonsLogo(2)]);
    expect((await importAll(session, [])).json()).toMatchObject({ added: 0, skipped: 0 });
  });

  it(`keeps at most ${FAVOURITES_LIMIT}: concurrent adds never pass it, a merge keeps the newest`, async () => {
    const { session } = await register(app(), 'collector');
    const many = Array.from({ length: FAVOURITES_LIMIT - 1 }, (_, i) => commonsLogo(1000 + i));
    const filled = await importAll(session, many);
    expect(filled.statusCode, filled.body.slice(0, 200)).toBe(200);
    expect(filled.json()).toMatchObject({ added: FAVOURITES_LIMIT - 1, skipped: 0 });

    const racing = await Promise.all([1, 2, 3, 4, 5].map((n) => add(session, commonsLogo(n))));
    expect(racing.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const refused = racing.find((res) => res.statusCode === 409)!;
    expect(refused.json()).toEqual({
      message: FAVOURITE_MESSAGES.full,
      code: 'FAVOURITES_FULL',
    });
    // One already kept can be hearted again while full.
    expect((await add(session, commonsLogo(1000))).statusCode).toBe(200);
    expect((await list(session)).length).toBe(FAVOURITES_LIMIT);

    await remove(session, commonsLogo(1000).url);
    const merged = await importAll(session, [commonsLogo(20), commonsLogo(21)]);
    expect(merged.json()).toMatchObject({ added: 1, skipped: 1 });
    expect((await list(session))[0]).toEqual(commonsLogo(20));
  });

  it('holds the limit under concurrent adds at the repository too', async () => {
    const { user } = await register(app(), 'racer');
    const service = createFavouritesService({
      repo: createFavouritesRepository(app().database.db),
      limit: 3,
      clock: clock.now,
    });
    const actor = { id: user.id } as Parameters<typeof service.add>[0];
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, n) => service.add(actor, commonsLogo(n))),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    expect(await service.list(actor)).toHaveLength(3);
  });

  it('are in the account export, and go when the account is deleted', async () => {
    const { session, user } = await register(app(), 'exporter', { password: 'exporter-pass' });
    await add(session, commonsLogo(5));
    const exported = await app().inject({ method: 'GET', url: '/api/user/export', ...as(session) });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().favourites).toEqual([
      { ...commonsLogo(5), addedAt: clock.now().toISOString() },
    ]);

    const deleted = await app().inject({
      method: 'DELETE',
      url: '/api/user',
      payload: { password: 'exporter-pass' },
      ...as(session),
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const rows = await app()
      .database.db.select()
      .from(favouritesTable)
      .where(eq(favouritesTable.userId, user.id));
    expect(rows).toEqual([]);
  });
});
