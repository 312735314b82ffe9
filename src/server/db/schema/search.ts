import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The Wikidata source's answer per searched name (docs/product.md#official-logos-remembered):
// shared by every instance and kept across restarts, so a name seen this week costs no upstream
// call. Rows past `expires_at` are never served and are swept.
export const officialLogos = pgTable(
  'official_logos',
  {
    /** The searched name, trimmed, lower-cased, single-spaced. */
    name: text('name').primaryKey(),
    /** The official (current and former) logos with their file facts, as the source returned them. */
    logos: jsonb('logos').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('official_logos_expires_idx').on(t.expiresAt)],
);
