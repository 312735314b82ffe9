import { describe, expect, it } from 'vitest';
import {
  HASHING_CONCURRENCY,
  generatePassword,
  hashPassword,
  hashingLoad,
  needsRehash,
  verifyPassword,
} from './password.ts';

// 'legacy-password' as the scrypt scheme of earlier versions stored it.
const LEGACY_SCRYPT =
  'scrypt$32768$8$1$Mr_SQIVX77NxwXRL07boAQ$VKWQnSeqoU_P1veQMBSDMKyvIJENMahQOFSgMr5RPdboemhieiegFtwECTwGbO6R613yf8VqDS1lHOd1u4a--w';

describe('password hashing', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', hash)).toBe(false);
  });

  it("stores a self-describing Argon2id hash with OWASP's parameters, salted every time", async () => {
    const a = await hashPassword('same-password');
    const b = await hashPassword('same-password');
    expect(a).not.toContain('same-password');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(needsRehash(a)).toBe(false);
  });

  it('still verifies the scrypt hashes of earlier versions, and marks them for an upgrade', async () => {
    expect(await verifyPassword('legacy-password', LEGACY_SCRYPT)).toBe(true);
    expect(await verifyPassword('legacy-passwort', LEGACY_SCRYPT)).toBe(false);
    expect(needsRehash(LEGACY_SCRYPT)).toBe(true);
    expect(needsRehash('$argon2id$v=19$m=4096,t=1,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaA')).toBe(true);
  });

  it('refuses malformed stored hashes instead of throwing', async () => {
    expect(await verifyPassword('anything', '')).toBe(false);
    expect(await verifyPassword('anything', 'md5$abc')).toBe(false);
    expect(await verifyPassword('anything', '$argon2id$v=19$m=x,t=2,p=1$abc$def')).toBe(false);
    expect(await verifyPassword('anything', '$argon2id$v=19$m=999999999,t=2,p=1$abc$def')).toBe(
      false,
    );
  });

  it('a burst of hashes queues: at most the pool size run at once', async () => {
    const burst = Array.from({ length: HASHING_CONCURRENCY * 3 }, (_, i) =>
      hashPassword(`burst-${i}`),
    );
    const load = hashingLoad();
    expect(load.active).toBeLessThanOrEqual(HASHING_CONCURRENCY);
    expect(load.active + load.queued).toBe(HASHING_CONCURRENCY * 3);
    await Promise.all(burst);
    expect(hashingLoad()).toEqual({ active: 0, queued: 0 });
  });

  it('generates long, distinct passwords', () => {
    const a = generatePassword();
    expect(a.length).toBeGreaterThanOrEqual(20);
    expect(generatePassword()).not.toBe(a);
  });
});
