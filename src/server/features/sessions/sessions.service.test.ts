import { describe, expect, it } from 'vitest';
import type { SessionRow, SessionsRepository } from './sessions.repository.ts';
import { createSessionsService, hashToken } from './sessions.service.ts';

const DAY = 24 * 60 * 60 * 1000;

/** An in-memory repository that also counts writes. */
function memoryRepo() {
  const rows = new Map<string, SessionRow>();
  const writes = { extend: 0 };
  const repo: SessionsRepository = {
    insert: async (row) => void rows.set(row.idHash, { ...row }),
    find: async (idHash) => rows.get(idHash) ?? null,
    extend: async (idHash, lastSeen, expiresAt) => {
      writes.extend++;
      const row = rows.get(idHash);
      if (row) rows.set(idHash, { ...row, lastSeen, expiresAt });
    },
    delete: async (idHash) => void rows.delete(idHash),
    deleteForUser: async (userId, keepIdHash) => {
      for (const [k, v] of rows) if (v.userId === userId && k !== keepIdHash) rows.delete(k);
    },
    deleteExpired: async (userId, now) => {
      for (const [k, v] of rows) if (v.userId === userId && v.expiresAt < now) rows.delete(k);
    },
  };
  return { repo, rows, writes };
}

describe('sessions', () => {
  it('stores only a hash of a 32-byte random id', async () => {
    const { repo, rows } = memoryRepo();
    const sessions = createSessionsService({ repo, clock: () => new Date('2026-01-01T00:00:00Z') });
    const { id } = await sessions.start(7);
    expect(Buffer.from(id, 'base64url')).toHaveLength(32);
    expect([...rows.keys()]).toEqual([hashToken(id)]);
    expect(JSON.stringify([...rows.values()])).not.toContain(id);
  });

  it('extends the expiry on use at most once a day, and forgets expired sessions', async () => {
    let now = new Date('2026-01-01T00:00:00Z').getTime();
    const { repo, writes } = memoryRepo();
    const sessions = createSessionsService({ repo, clock: () => new Date(now) });
    const { id } = await sessions.start(7);
    for (let i = 0; i < 10; i++) {
      now += 60 * 60 * 1000;
      expect((await sessions.resolve(id))?.userId).toBe(7);
    }
    expect(writes.extend).toBe(0);
    now += 15 * 60 * 60 * 1000; // 25 hours after login
    expect(await sessions.resolve(id)).toMatchObject({ userId: 7, extended: true });
    expect(await sessions.resolve(id)).toMatchObject({ extended: false });
    expect(writes.extend).toBe(1);
    now += 30 * DAY;
    expect(await sessions.resolve(id)).toBeNull();
    expect(await sessions.resolve('unknown')).toBeNull();
  });

  it('ends one session or all of a user', async () => {
    const { repo } = memoryRepo();
    const sessions = createSessionsService({ repo, clock: () => new Date() });
    const a = await sessions.start(1);
    const b = await sessions.start(1);
    const c = await sessions.start(2);
    await sessions.end(a.id);
    expect(await sessions.resolve(a.id)).toBeNull();
    expect(await sessions.resolve(b.id)).not.toBeNull();
    await sessions.endAllForUser(1);
    expect(await sessions.resolve(b.id)).toBeNull();
    expect(await sessions.resolve(c.id)).not.toBeNull();
  });
});
