import { createHash, randomBytes } from 'node:crypto';
import type { SessionsRepository } from './sessions.repository.ts';

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
// Sliding expiry is written at most once a day, so a busy user does not cost a write per request.
const EXTEND_AFTER_MS = 24 * 60 * 60 * 1000;

export type Clock = () => Date;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

type ResolvedSession = { userId: number; expiresAt: Date; extended: boolean };

export function createSessionsService({ repo, clock }: { repo: SessionsRepository; clock: Clock }) {
  return {
    /** A new session for the user; returns the id for the cookie (never stored as such). */
    async start(userId: number): Promise<{ id: string; expiresAt: Date }> {
      const now = clock();
      const id = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
      // Old expired rows of this user are cleared here rather than by a background job.
      await repo.deleteExpired(userId, now);
      await repo.insert({
        idHash: hashToken(id),
        userId,
        createdAt: now,
        expiresAt,
        lastSeen: now,
      });
      return { id, expiresAt };
    },

    /** The user behind a session id, or null when it is unknown or expired. */
    async resolve(id: string): Promise<ResolvedSession | null> {
      const idHash = hashToken(id);
      const row = await repo.find(idHash);
      if (!row) return null;
      const now = clock();
      if (row.expiresAt.getTime() <= now.getTime()) {
        await repo.delete(idHash);
        return null;
      }
      if (now.getTime() - row.lastSeen.getTime() >= EXTEND_AFTER_MS) {
        const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
        await repo.extend(idHash, now, expiresAt);
        return { userId: row.userId, expiresAt, extended: true };
      }
      return { userId: row.userId, expiresAt: row.expiresAt, extended: false };
    },

    /** When the session was signed in (not extended), or null when it is unknown. */
    async startedAt(id: string): Promise<Date | null> {
      return (await repo.find(hashToken(id)))?.createdAt ?? null;
    },

    async end(id: string): Promise<void> {
      await repo.delete(hashToken(id));
    },

    async endAllForUser(userId: number): Promise<void> {
      await repo.deleteForUser(userId);
    },

    /** Signs the user out everywhere except on the session `keepId` (the one making the request). */
    async endOthersForUser(userId: number, keepId: string): Promise<void> {
      await repo.deleteForUser(userId, hashToken(keepId));
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
