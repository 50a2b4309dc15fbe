import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { images, profiles } from '../db/schema';

/**
 * docs/product.md §13 Screening: sets `profiles.has_nudity` to whether any of the member's photos
 * that is not rejected carries the nudity flag, in one statement (`db` may be a transaction). Call
 * it after anything that changes a photo's `nudity` or `review_status`, or removes a photo: the
 * screening job does, photo deletion does, and the operator console must when it rejects,
 * approves, flags or removes a photo. `hideNudity` searches read only this column.
 * @returns the new value (false when there is no such profile). @throws database errors.
 */
export async function refreshProfileNudity(db: Db, profileId: number): Promise<boolean> {
  const flagged = db
    .select({ one: sql`1` })
    .from(images)
    .where(and(eq(images.profileId, profileId), eq(images.nudity, true), ne(images.reviewStatus, 'rejected')));
  const [row] = await db
    .update(profiles)
    .set({ hasNudity: sql`exists (${flagged})` })
    .where(eq(profiles.id, profileId))
    .returning({ hasNudity: profiles.hasNudity });
  return row?.hasNudity ?? false;
}
