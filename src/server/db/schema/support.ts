import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// Messages sent from /contact (docs/product.md#support). The address to reply to is kept even
// when the account is deleted later: the message was sent to support, not stored on the account.
export const supportRequests = pgTable(
  'support_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The signed-in sender's account; null for guests and once the account is deleted. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** Sent by a Premium user ('Priority support'), decided on the server when it arrived. */
    priority: boolean('priority').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** The administrator who marked it done, by name (their account may go). */
    doneBy: text('done_by'),
  },
  (t) => [
    // The admin list: open requests, priority first, oldest first.
    index('support_requests_open_idx')
      .on(t.priority, t.createdAt)
      .where(sql`${t.doneAt} is null`),
    index('support_requests_created_idx').on(t.createdAt),
  ],
);
