import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// A browser session without an account: the cookie holds a random id, only its SHA-256 hash is
// stored. The row (and with it the guest's download rows) is removed once it has expired.
export const guestQuotas = pgTable(
  'guest_quotas',
  {
    keyHash: text('key_hash').primaryKey(),
    downloadCount: integer('download_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('guest_quotas_expires_at_idx').on(t.expiresAt)],
);

// The download history: one row per logo and owner (one user or one guest session), updated on
// every re-download so the table stays bounded. `downloadedAt` is the latest download, `counted`
// whether that one used up the allowance.
export const downloads = pgTable(
  'downloads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestKeyHash: text('guest_key_hash').references(() => guestQuotas.keyHash, {
      onDelete: 'cascade',
    }),
    logoUrl: text('logo_url').notNull(),
    logoTitle: text('logo_title').notNull(),
    fileType: text('file_type'),
    kind: text('kind', { enum: ['single', 'batch', 'consolidated'] })
      .notNull()
      .default('single'),
    counted: boolean('counted').notNull().default(true),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('downloads_one_owner', sql`num_nonnulls(${t.userId}, ${t.guestKeyHash}) = 1`),
    index('downloads_user_id_downloaded_at_idx').on(t.userId, t.downloadedAt.desc()),
    uniqueIndex('downloads_user_id_logo_url_unique').on(t.userId, t.logoUrl),
    uniqueIndex('downloads_guest_key_hash_logo_url_unique').on(t.guestKeyHash, t.logoUrl),
  ],
);
