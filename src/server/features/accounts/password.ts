import { argon2, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';

/*
 * Argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane) from node:crypto: no dependency, no
 * compiler. PHC strings ($argon2id$v=19$m=…,t=…,p=…$salt$hash) let the parameters change: hashes
 * made with older ones are recognised and upgraded at the next sign-in.
 */
const ARGON2 = { memoryKiB: 19 * 1024, passes: 2, parallelism: 1 } as const;
const SALT_BYTES = 16;
const TAG_BYTES = 32;

/**
 * Each hash holds 19 MiB and a libuv pool thread (4 by default) for ~50 ms: a burst of sign-ins
 * queues here instead of piling up memory and starving the pool that file and DNS work share.
 */
export const HASHING_CONCURRENCY = Math.max(1, Math.min(4, availableParallelism()));
const hashing = pLimit(HASHING_CONCURRENCY);

/** How many hashes run now and how many wait (a burst shows here as a queue). */
export function hashingLoad(): { active: number; queued: number } {
  return { active: hashing.activeCount, queued: hashing.pendingCount };
}

// Bounds for parameters read from a stored hash: a corrupted value must not eat the machine.
const MAX_MEMORY_KIB = 256 * 1024;
const MAX_PASSES = 10;
const MAX_PARALLELISM = 8;

function argon2id(
  password: string,
  salt: Buffer,
  params: { memoryKiB: number; passes: number; parallelism: number },
  tagLength: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2(
      'argon2id',
      {
        message: password.normalize('NFKC'),
        nonce: salt,
        memory: params.memoryKiB,
        passes: params.passes,
        parallelism: params.parallelism,
        tagLength,
      },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

// The scheme of earlier versions: scrypt$N$r$p$salt$key (base64url). Verified, never written.
function legacyScrypt(password: string, stored: string): Promise<boolean> | false {
  const [, n, r, p, salt, key] = stored.split('$');
  if (!n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  return new Promise((resolve) => {
    scrypt(
      password.normalize('NFKC'),
      Buffer.from(salt, 'base64url'),
      expected.length,
      { N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024 },
      (err, actual) =>
        resolve(!err && actual.length === expected.length && timingSafeEqual(actual, expected)),
    );
  });
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

type ParsedArgon2 = {
  memoryKiB: number;
  passes: number;
  parallelism: number;
  salt: Buffer;
  hash: Buffer;
};

function parseArgon2(stored: string): ParsedArgon2 | null {
  const match = PHC.exec(stored);
  if (!match) return null;
  const [memoryKiB = 0, passes = 0, parallelism = 0] = match.slice(1, 4).map(Number);
  if (memoryKiB > MAX_MEMORY_KIB || passes > MAX_PASSES || parallelism > MAX_PARALLELISM)
    return null;
  if (memoryKiB < 8 * parallelism || passes < 1 || parallelism < 1) return null;
  const salt = Buffer.from(match[4]!, 'base64');
  const hash = Buffer.from(match[5]!, 'base64');
  if (salt.length < 8 || hash.length < 4) return null;
  return { memoryKiB, passes, parallelism, salt, hash };
}

const unpadded = (b: Buffer) => b.toString('base64').replace(/=+$/, '');

/** A PHC string: `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` (unpadded base64). */
export function hashPassword(password: string): Promise<string> {
  return hashing(async () => {
    const salt = randomBytes(SALT_BYTES);
    const hash = await argon2id(password, salt, ARGON2, TAG_BYTES);
    return `$argon2id$v=19$m=${ARGON2.memoryKiB},t=${ARGON2.passes},p=${ARGON2.parallelism}$${unpadded(salt)}$${unpadded(hash)}`;
  });
}

export function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('scrypt$')) return hashing(async () => legacyScrypt(password, stored));
  const parsed = parseArgon2(stored);
  if (!parsed) return Promise.resolve(false);
  return hashing(async () => {
    const actual = await argon2id(password, parsed.salt, parsed, parsed.hash.length);
    return timingSafeEqual(actual, parsed.hash);
  });
}

/** Whether a stored hash was made with another scheme or weaker parameters than today's. */
export function needsRehash(stored: string): boolean {
  const parsed = parseArgon2(stored);
  return (
    !parsed ||
    parsed.memoryKiB !== ARGON2.memoryKiB ||
    parsed.passes !== ARGON2.passes ||
    parsed.parallelism !== ARGON2.parallelism ||
    parsed.hash.length !== TAG_BYTES
  );
}

/** A strong random password for generated administrator accounts (about 144 bits, shown once). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
