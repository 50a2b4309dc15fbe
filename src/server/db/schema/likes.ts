import { boolean, index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { profiles } from './members';

/**
 * Like tables (docs/product.md §3 Likes response).
 */

/** Likes between members (docs/product.md §3 Likes response); `isNew` stays true until the liked member opens the liker's profile. */
export const likes = pgTable(
  'likes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    likerId: integer('liker_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    likedId: integer('liked_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    isNew: boolean('is_new').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('likes_pair_idx').on(t.likerId, t.likedId), index('likes_liked_idx').on(t.likedId, t.createdAt)],
);
