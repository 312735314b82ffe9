import type { Redis } from 'ioredis';

/**
 * Files or bytes per client address in a fixed window from its first use: in Redis when there is
 * one, else (and while it is down: serving beats failing) in process. Atomic: concurrent requests
 * overshoot by at most the one that crosses.
 */
type WindowBudget = {
  /** Milliseconds until the address may use some again, or 0 when its budget is not used up. */
  waitMs: (key: string) => Promise<number>;
  /**
   * Adds `amount` (negative gives back); the wait when the budget was already used up (nothing
   * added then), else 0.
   */
  take: (key: string, amount: number) => Promise<number>;
  /** Adds `amount` whatever was used already (settling what was really served). */
  add: (key: string, amount: number) => Promise<void>;
};

type WindowBudgetOptions = {
  limit: number;
  windowMs: number;
  redis?: Redis | null;
  /** Redis keys start with this. */
  nameSpace?: string;
  now?: () => number;
};

// INCRBY and the window's expiry in one step; a take (ARGV[4]) finding the budget used up is undone
// in that step, so refused takes never count. An add always counts.
const TAKE_SCRIPT = `
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if total < 0 then
  redis.call('SET', KEYS[1], 0, 'KEEPTTL')
  return 0
end
local before = total - tonumber(ARGV[1])
if ARGV[4] == 'take' and tonumber(ARGV[1]) > 0 and before >= tonumber(ARGV[3]) then
  redis.call('DECRBY', KEYS[1], ARGV[1])
  return redis.call('PTTL', KEYS[1])
end
return 0
`;

export function createWindowBudget(options: WindowBudgetOptions): WindowBudget {
  const { limit, windowMs, redis } = options;
  const now = options.now ?? Date.now;
  const nameSpace = options.nameSpace ?? 'wikilogos:budget:';
  const windows = new Map<string, { used: number; endsAt: number }>();
  let nextSweep = 0;

  function current(key: string) {
    const at = now();
    if (at >= nextSweep) {
      // Ended windows are dropped at most once a window, so the map holds only recent addresses.
      nextSweep = at + windowMs;
      for (const [k, w] of windows) if (w.endsAt <= at) windows.delete(k);
    }
    let window = windows.get(key);
    if (!window || window.endsAt <= at) {
      window = { used: 0, endsAt: at + windowMs };
      windows.set(key, window);
    }
    return { window, at };
  }

  const memory: WindowBudget = {
    async waitMs(key) {
      const { window, at } = current(key);
      return window.used >= limit ? window.endsAt - at : 0;
    },
    async take(key, amount) {
      const { window, at } = current(key);
      if (amount > 0 && window.used >= limit) return window.endsAt - at;
      window.used = Math.max(0, window.used + amount);
      return 0;
    },
    async add(key, amount) {
      const { window } = current(key);
      window.used = Math.max(0, window.used + amount);
    },
  };
  if (!redis) return memory;

  const script = (key: string, amount: number, mode: 'take' | 'add') =>
    redis.eval(TAKE_SCRIPT, 1, nameSpace + key, Math.round(amount), windowMs, limit, mode);
  // Serving beats failing: while Redis is away, this process counts on its own.
  const orInMemory =
    <A extends unknown[], R>(
      shared: (...args: A) => Promise<R>,
      local: (...args: A) => Promise<R>,
    ) =>
    (...args: A) =>
      shared(...args).catch(() => local(...args));

  return {
    waitMs: orInMemory(async (key) => {
      const [used, ttl] = await Promise.all([
        redis.get(nameSpace + key),
        redis.pttl(nameSpace + key),
      ]);
      return Number(used ?? 0) >= limit ? Math.max(ttl, 0) : 0;
    }, memory.waitMs),
    take: orInMemory(
      async (key, amount) => Math.max(Number(await script(key, amount, 'take')), 0),
      memory.take,
    ),
    add: orInMemory(async (key, amount) => void (await script(key, amount, 'add')), memory.add),
  };
}
