import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Every Stripe webhook event id handled, so a replayed event changes nothing.
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

// One-time premium access codes (docs/product.md#premium-access-codes). 'expired' is not stored:
// it is decided on read from expiresAt, like Premium itself.
export const premiumCodes = pgTable(
  'premium_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique('premium_codes_code_unique'),
    /** Days of Premium the code grants. */
    durationDays: integer('duration_days').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedBy: integer('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    invalidatedAt: timestamp('invalidated_at', { withTimezone: true }),
  },
  (t) => [check('premium_codes_duration_range', sql`${t.durationDays} between 1 and 365`)],
);

// Who did what to whom, for the admin area.
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Null once the acting administrator's account is gone; `actorName` keeps who it was. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /** e.g. 'grant-subscription', 'downgrade-subscription', 'delete-user', 'create-code'. */
    action: text('action').notNull(),
    /** A readable target: 'user alice (#12)', 'code ABCD2345 (#3)'. */
    target: text('target'),
    /** Extra facts as short text ('1 month, until 2026-12-21'). */
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('admin_audit_log_created_idx').on(t.createdAt)],
);
