import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

// The logos a user hearted (docs/product.md#favourites): one row per account and logo file, with
// a snapshot of the logo as it was shown, so the list needs no search to show it again. They go
// with the account.
export const favourites = pgTable(
  'favourites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The logo's file address: the key, as in the download history. */
    logoUrl: text('logo_url').notNull(),
    /** The Logo (src/shared/search/search.schemas.ts) as it was when hearted. */
    logo: jsonb('logo').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('favourites_user_id_logo_url_unique').on(t.userId, t.logoUrl),
    index('favourites_user_id_created_at_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
  ],
);
