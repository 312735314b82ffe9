import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email'),
    // Null for accounts that only sign in with Google.
    passwordHash: text('password_hash'),
    isAdmin: boolean('is_admin').notNull().default(false),
    // Placeholders so the User shape is complete; Premium and download limits arrive later.
    subscriptionExpiryDate: timestamp('subscription_expiry_date', { withTimezone: true }),
    downloadCount: integer('download_count').notNull().default(0),
    // The Google account's stable subject id, for OpenID Connect sign-in (a later issue).
    googleSub: text('google_sub').unique('users_google_sub_unique'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Usernames and emails are unique regardless of case ('Alice' and 'alice' are one person).
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);
