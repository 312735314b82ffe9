import { z } from 'zod';
import { wholeNumber } from '#shared/lib/api-error.ts';

// One contract for the contact form, the server and the admin area's Support tab. Limits and
// messages are as docs/product.md#support gives them.

export const SUPPORT_LIMITS = {
  emailMax: 254,
  subjectMin: 3,
  subjectMax: 150,
  messageMin: 10,
  messageMax: 5000,
} as const;

export const SUPPORT_MESSAGES = {
  emailMissing: 'Enter your email address so we can reply.',
  emailInvalid: 'Enter a valid email address, like name@example.com.',
  subjectShort: `Write a subject of at least ${SUPPORT_LIMITS.subjectMin} characters.`,
  subjectLong: `Keep the subject to ${SUPPORT_LIMITS.subjectMax} characters or fewer.`,
  messageShort: `Tell us a little more: at least ${SUPPORT_LIMITS.messageMin} characters.`,
  messageLong: `Keep the message to ${SUPPORT_LIMITS.messageMax.toLocaleString('en-US')} characters or fewer.`,
  sent: 'Thanks! Your message has reached WikiLogos support. We will reply by email.',
  sentPriority:
    'Thanks! Your message has reached WikiLogos support as a Priority support request. We will reply by email.',
  tooManyFromAddress:
    'Too many support requests from your network. Please wait an hour and try again.',
  tooManyForEmail:
    'Too many support requests from this email address. Please wait a day and try again.',
  notFound: 'This support request does not exist.',
  markedDone: 'Support request marked as done',
} as const;

/** POST /api/support-requests — anyone may write; a signed-in sender is linked to their account. */
export const SupportRequestBodySchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, SUPPORT_MESSAGES.emailMissing)
    .max(SUPPORT_LIMITS.emailMax, SUPPORT_MESSAGES.emailInvalid)
    .pipe(z.email(SUPPORT_MESSAGES.emailInvalid)),
  subject: z
    .string()
    .trim()
    // One line: it becomes the notification email's subject.
    .transform((v) => v.replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(SUPPORT_LIMITS.subjectMin, SUPPORT_MESSAGES.subjectShort)
        .max(SUPPORT_LIMITS.subjectMax, SUPPORT_MESSAGES.subjectLong),
    ),
  message: z
    .string()
    .trim()
    .min(SUPPORT_LIMITS.messageMin, SUPPORT_MESSAGES.messageShort)
    .max(SUPPORT_LIMITS.messageMax, SUPPORT_MESSAGES.messageLong),
});
export type SupportRequestBody = z.input<typeof SupportRequestBodySchema>;

/** 201 from POST /api/support-requests. */
export const SupportRequestCreatedResponseSchema = z.object({
  message: z.string(),
  priority: z.boolean(),
});
export type SupportRequestCreatedResponse = z.infer<typeof SupportRequestCreatedResponseSchema>;

/** One request as the admin area lists it. */
export const SupportRequestSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  /** The sender's account when they were signed in (null for guests and deleted accounts). */
  username: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  /** Sent by a Premium user: 'Priority support'. */
  priority: z.boolean(),
  createdAt: z.string(),
  /** When an administrator marked it done; null while open. */
  doneAt: z.string().nullable(),
  doneBy: z.string().nullable(),
});
export type SupportRequest = z.infer<typeof SupportRequestSchema>;

/** GET /api/admin/support-requests — open first, priority first, then oldest first. */
export const SupportRequestsResponseSchema = z.object({
  requests: z.array(SupportRequestSchema),
});

const ID_MESSAGE = 'The support request id must be a positive whole number.';

/** PUT /api/admin/support-requests/:id/done */
export const SupportRequestParamsSchema = z.object({
  id: wholeNumber(ID_MESSAGE).positive(ID_MESSAGE).max(2_147_483_647, ID_MESSAGE),
});
