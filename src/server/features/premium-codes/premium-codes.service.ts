import { randomInt } from 'node:crypto';
import { HttpError, signInRequired } from '#server/http-error.ts';
import type { User } from '#shared/accounts/accounts.schemas.ts';
import type { PremiumCode } from '#shared/premium-codes/premium-codes.schemas.ts';
import {
  REDEEM_MESSAGES,
  type RedeemCodeResponse,
} from '#shared/premium-codes/premium-codes.schemas.ts';
import { MESSAGES as ACCOUNT_MESSAGES } from '../accounts/accounts.service.ts';
import type { AuditRecorder } from '../admin/admin.service.ts';
import { tooManyAttempts, type FailureCounters } from '../accounts/attempt-limits.ts';
import { hasLiveSubscription } from '../billing/billing.service.ts';
import type { Clock } from '../sessions/sessions.service.ts';
import type { PremiumCodeRow, PremiumCodesRepository } from './premium-codes.repository.ts';

/** Uppercase letters and digits without the look-alikes 0/O, 1/I/L: 31 symbols. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 10 symbols of 31 ≈ 49.5 bits; with the guess limit below, guessing is hopeless. */
export const CODE_LENGTH = 10;
const DAY_MS = 24 * 60 * 60 * 1000;
const CODE_LIST_LIMIT = 1000;

/** Failed redeems per user and per client address in a window, across every instance. */
const REDEEM_FAILURE_LIMIT = 10;
const REDEEM_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Why an administrator cannot invalidate a code (a redeemer reads REDEEM_MESSAGES). */
const INVALIDATE_MESSAGES = {
  unknown: 'Premium code not found',
  redeemed: 'This code has already been redeemed and cannot be invalidated.',
  expired: 'This code has expired and cannot be invalidated.',
  invalidated: 'This code has already been invalidated.',
} as const;

type CodeStatus = PremiumCode['status'];

/** Attempt counters with a fixed window (the database-backed ones from the accounts feature). */
type GuessCounters = Pick<FailureCounters, 'attempt' | 'refund'>;

export function generateCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Decided on read: only invalidation and redemption are stored, expiry is a time. */
function codeStatus(row: PremiumCodeRow, now: Date): CodeStatus {
  if (row.invalidatedAt) return 'invalidated';
  if (row.redeemedBy !== null || row.redeemedAt) return 'redeemed';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const describeCode = (row: PremiumCodeRow) => `code ${row.code} (#${row.id})`;
const premiumDays = ({ durationDays: n }: PremiumCodeRow) =>
  `${n} day${n === 1 ? '' : 's'} of Premium`;

type PremiumCodesServiceDeps = {
  repo: PremiumCodesRepository;
  failures: GuessCounters;
  audit?: AuditRecorder | undefined;
  clock?: Clock;
};

export function createPremiumCodesService(deps: PremiumCodesServiceDeps) {
  const { repo, failures } = deps;
  const clock = deps.clock ?? (() => new Date());
  const audit: AuditRecorder = deps.audit ?? (async () => {});

  /** Why a code is not active, in `messages`; an expired one answers `expiredStatus`. */
  function refusal(
    row: PremiumCodeRow | null,
    now: Date,
    messages: typeof INVALIDATE_MESSAGES | typeof REDEEM_MESSAGES,
    expiredStatus: number,
  ): HttpError {
    if (!row) return new HttpError(404, 'NOT_FOUND', messages.unknown);
    const status = codeStatus(row, now);
    if (status === 'invalidated')
      return new HttpError(409, 'CODE_INVALIDATED', messages.invalidated);
    if (status === 'expired') return new HttpError(expiredStatus, 'CODE_EXPIRED', messages.expired);
    // 'active': claimed or invalidated between the UPDATE and this read.
    return new HttpError(409, 'CODE_REDEEMED', messages.redeemed);
  }

  return {
    async create(
      actor: User,
      input: { duration: number; expiryDays: number },
    ): Promise<{ id: number; code: string; duration: number; expiresAt: string }> {
      const now = clock();
      const expiresAt = new Date(now.getTime() + input.expiryDays * DAY_MS);
      // A collision among 31^10 codes is very unlikely; the unique index makes it harmless.
      for (let attempt = 0; attempt < 5; attempt++) {
        const row = await repo.insert({
          code: generateCode(),
          durationDays: input.duration,
          createdAt: now,
          expiresAt,
          createdBy: actor.id,
        });
        if (!row) continue;
        await audit(actor, {
          action: 'create-code',
          target: describeCode(row),
          detail: `${premiumDays(row)}, redeemable until ${day(row.expiresAt)}`,
        });
        const { id, code, durationDays: duration } = row;
        return { id, code, duration, expiresAt: row.expiresAt.toISOString() };
      }
      throw new Error('could not draw an unused premium code in 5 attempts');
    },

    async list(): Promise<PremiumCode[]> {
      const now = clock();
      const rows = await repo.list(CODE_LIST_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        code: row.code,
        status: codeStatus(row, now),
        createdAt: row.createdAt.toISOString(),
        duration: row.durationDays,
        expiresAt: row.expiresAt.toISOString(),
        redeemedBy: row.redeemedBy,
        redeemedByUsername: row.redeemedByUsername,
      }));
    },

    /** The codes a user redeemed (the data export). */
    async redeemedBy(
      userId: number,
    ): Promise<{ code: string; durationDays: number; redeemedAt: string }[]> {
      const rows = await repo.redeemedBy(userId);
      return rows.map((row) => ({
        code: row.code,
        durationDays: row.durationDays,
        redeemedAt: (row.redeemedAt ?? row.createdAt).toISOString(),
      }));
    },

    /** Only an active code can be invalidated; a redeemed code's Premium is not taken back. */
    async invalidate(actor: User, id: number): Promise<string> {
      const now = clock();
      const row = await repo.invalidateIfActive(id, now);
      if (!row) throw refusal(await repo.findById(id), now, INVALIDATE_MESSAGES, 409);
      await audit(actor, {
        action: 'invalidate-code',
        target: describeCode(row),
        detail: premiumDays(row),
      });
      return `Code ${row.code} has been invalidated.`;
    },

    /**
     * One-time and atomic; the code's days go on after the current end of Premium. Attempts are counted per user and address before the code is read, so a
     * burst gets at most REDEEM_FAILURE_LIMIT looks; a success takes its attempt back.
     */
    async redeem(
      actor: User,
      input: { code: string; userId?: number | undefined },
      clientIp: string,
    ): Promise<RedeemCodeResponse> {
      if (input.userId !== undefined && input.userId !== actor.id) {
        throw new HttpError(403, 'NOT_YOUR_ACCOUNT', ACCOUNT_MESSAGES.notYourAccount);
      }
      const now = clock();
      const userKey = `redeem-user:${actor.id}`;
      const ipKey = `redeem-ip:${clientIp}`;
      const [byUser, byAddress] = await Promise.all([
        failures.attempt(userKey, now, REDEEM_FAILURE_WINDOW_MS),
        failures.attempt(ipKey, now, REDEEM_FAILURE_WINDOW_MS),
      ]);
      const over = [byUser, byAddress].filter((c) => c.count > REDEEM_FAILURE_LIMIT);
      if (over.length > 0) {
        const until = Math.max(...over.map((c) => c.windowEndsAt.getTime()));
        throw tooManyAttempts(REDEEM_MESSAGES.tooMany, until - now.getTime());
      }
      const code = input.code.trim().toUpperCase();
      // A running Stripe subscription sets its own end at every renewal or cancellation, so days
      // added to it would be lost: the code is refused and stays usable (docs/product.md#premium-access-codes).
      const result = await repo.redeem(
        code,
        actor.id,
        now,
        (user) => !hasLiveSubscription(user, now),
      );
      switch (result.outcome) {
        case 'no-user':
          throw signInRequired();
        case 'cannot-extend':
          throw new HttpError(409, 'CODE_CANNOT_EXTEND', REDEEM_MESSAGES.paidSubscription);
        case 'not-redeemable':
          throw refusal(await repo.findByCode(code), now, REDEEM_MESSAGES, 410);
        case 'redeemed': {
          await Promise.all([failures.refund(userKey), failures.refund(ipKey)]);
          return {
            expiryDate: result.expiry.toISOString(),
            extended: true,
            message: `Premium is active until ${day(result.expiry)}.`,
          };
        }
      }
    },
  };
}

export type PremiumCodesService = ReturnType<typeof createPremiumCodesService>;
