import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '#server/http-error.ts';
import type { User } from '#shared/accounts/accounts.schemas.ts';
import {
  SUPPORT_MESSAGES,
  type SupportRequest,
  type SupportRequestCreatedResponse,
} from '#shared/support/support.schemas.ts';
import type { AuditRecorder } from '../admin/admin.service.ts';
import {
  countAttempts,
  type AttemptRule,
  type FailureCounters,
} from '../accounts/attempt-limits.ts';
import type { EmailService } from '../email/email.service.ts';
import type { Clock } from '../sessions/sessions.service.ts';
import type { SupportRepository, SupportRequestRow } from './support.repository.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Requests per client address per hour: enough for a follow-up or two, not for flooding the inbox. */
export const SUPPORT_REQUESTS_PER_ADDRESS: AttemptRule = {
  limit: 5,
  windowMs: HOUR_MS,
  message: SUPPORT_MESSAGES.tooManyFromAddress,
};
/** Requests per sender email per day, across networks. */
export const SUPPORT_REQUESTS_PER_EMAIL: AttemptRule = {
  limit: 10,
  windowMs: 24 * HOUR_MS,
  message: SUPPORT_MESSAGES.tooManyForEmail,
};

/** The admin list holds at most this many requests (every open one comes before any done one). */
const LIST_LIMIT = 500;

type SupportServiceDeps = {
  repo: SupportRepository;
  failures: FailureCounters;
  email: Pick<EmailService, 'sendSupportRequest'>;
  /** SUPPORT_EMAIL; unset: requests are only listed in the admin area (docs/decisions/030-support-requests.md). */
  supportEmail: string | undefined;
  audit: AuditRecorder;
  clock: Clock;
  log: FastifyBaseLogger;
};

function toSupportRequest(row: SupportRequestRow): SupportRequest {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    subject: row.subject,
    message: row.message,
    priority: row.priority,
    createdAt: row.createdAt.toISOString(),
    doneAt: row.doneAt?.toISOString() ?? null,
    doneBy: row.doneBy,
  };
}

export function createSupportService(deps: SupportServiceDeps) {
  const { repo, clock } = deps;
  return {
    /**
     * Stores the request and emails it to SUPPORT_EMAIL in the background (a slow mail server
     * never holds up the answer, and the stored request is what counts). Priority is the session's
     * plan, never anything the sender writes.
     */
    async create(
      actor: User | null,
      input: { email: string; subject: string; message: string },
      clientIp: string,
    ): Promise<SupportRequestCreatedResponse> {
      const now = clock();
      await countAttempts(deps.failures, now, [
        { key: `support-ip:${clientIp}`, rule: SUPPORT_REQUESTS_PER_ADDRESS },
        { key: `support-email:${input.email.toLowerCase()}`, rule: SUPPORT_REQUESTS_PER_EMAIL },
      ]);
      // isSubscribed is the session user's effective plan (isPremium), computed on the server.
      const priority = actor?.isSubscribed ?? false;
      const { id } = await repo.insert({
        userId: actor?.id ?? null,
        email: input.email,
        subject: input.subject,
        message: input.message,
        priority,
        createdAt: now,
      });
      const to = deps.supportEmail;
      if (to) {
        // The mailer keeps track of it: closing the app waits for it.
        void deps.email
          .sendSupportRequest(to, { id, ...input, username: actor?.username ?? null, priority })
          .catch((err: unknown) => {
            deps.log.error({ err, id }, 'could not email the support request');
          });
      }
      return {
        message: priority ? SUPPORT_MESSAGES.sentPriority : SUPPORT_MESSAGES.sent,
        priority,
      };
    },

    async list(): Promise<SupportRequest[]> {
      return (await repo.list(LIST_LIMIT)).map(toSupportRequest);
    },

    /** Idempotent: marking a done request again changes nothing and records nothing. */
    async markDone(actor: User, id: number): Promise<string> {
      const result = await repo.markDone(id, actor.username, clock());
      if (result.outcome === 'missing') {
        throw new HttpError(404, 'NOT_FOUND', SUPPORT_MESSAGES.notFound);
      }
      if (result.outcome === 'done') {
        await deps.audit(actor, {
          action: 'resolve-support-request',
          target: `support request #${id}`,
          detail: result.subject,
        });
      }
      return SUPPORT_MESSAGES.markedDone;
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
