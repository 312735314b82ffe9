import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email'),
    // When the person proved they own `email` (the link sent at sign-up, or a verified Google
    // identity). Google sign-in links only to accounts whose email is verified (decision 016).
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // Null for accounts that only sign in with Google.
    passwordHash: text('password_hash'),
    isAdmin: boolean('is_admin').notNull().default(false),
    // Premium is active while this is in the future (decided on every read).
    subscriptionExpiryDate: timestamp('subscription_expiry_date', { withTimezone: true }),
    // Free downloads counted in the period that began at downloadPeriodStart (the first download)
    // and ends one calendar month later; after that the count starts again (downloads feature).
    downloadCount: integer('download_count').notNull().default(0),
    downloadPeriodStart: timestamp('download_period_start', { withTimezone: true }),
    // Stripe's ids for a paying subscriber; Premium itself is only subscriptionExpiryDate above.
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id').unique('users_stripe_subscription_unique'),
    // Stripe's subscription status as last reported ('active', 'past_due', 'canceled', …); null
    // for Premium from codes or administrator grants.
    subscriptionStatus: text('subscription_status'),
    // Set when the subscription is cancelled at the period end: access runs to the expiry, no renewal.
    subscriptionCancelAtPeriodEnd: boolean('subscription_cancel_at_period_end')
      .notNull()
      .default(false),
    subscriptionStartDate: timestamp('subscription_start_date', { withTimezone: true }),
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
