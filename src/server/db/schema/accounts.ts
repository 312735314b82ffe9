import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A table of single-use emailed links: only the SHA-256 hash of each token is stored. */
const emailLinks = <N extends string>(name: N) =>
  pgTable(
    name,
    {
      tokenHash: text('token_hash').primaryKey(),
      userId: integer('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
      expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
      usedAt: timestamp('used_at', { withTimezone: true }),
    },
    (t) => [index(`${name}_user_id_idx`).on(t.userId)],
  );

// Password reset links: single use, one hour.
export const passwordResetTokens = emailLinks('password_reset_tokens');
// Email verification links sent at sign-up.
export const emailVerificationTokens = emailLinks('email_verification_tokens');

// Attempt counters with a fixed window, keyed by a namespaced string ('login:…', 'code-ip:…',
// 'guest-ip:…'), shared by every instance because they live in the database. A row counts
// attempts until windowEndsAt; lastAt is the latest attempt (for increasing delays).
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  lastAt: timestamp('last_at', { withTimezone: true }),
});
