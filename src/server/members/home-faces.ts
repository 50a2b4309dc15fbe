import { and, desc, eq, exists } from 'drizzle-orm';
import type { ProfileImage } from '~/shared/contracts/profile';
import type { AppContext } from '../context';
import { images, profiles } from '../db/schema';
import { photoShownToOthers } from '../media';
import { loadImages, toPublicProfile } from './profile-view';
import { filterCondition } from './search-members';

/**
 * The faces in the home page's hero (docs/product.md §2 Home): the main photo of each of the
 * `limit` most recently active visible members of `countries` (null = all) who have a photo.
 * Members without one are skipped rather than leaving holes in the hero's grid, however many
 * of the newest members have not added a photo yet.
 */
export async function homeFaces(ctx: AppContext, countries: string[] | null, limit = 6): Promise<ProfileImage[]> {
  const today = ctx.clock.now();
  // Only photos others may see count (docs/product.md §13 Photo review): pending ones may be hidden.
  const hasPhoto = exists(
    ctx.db
      .select({ id: images.id })
      .from(images)
      .where(
        and(eq(images.profileId, profiles.id), photoShownToOthers(ctx.sites, images.reviewStatus, images.profileId)),
      ),
  );
  const rows = await ctx.db
    .select()
    .from(profiles)
    .where(and(filterCondition({}, countries, today), hasPhoto))
    .orderBy(desc(profiles.lastActiveAt), desc(profiles.id))
    .limit(limit);
  const imageRows = await loadImages(
    ctx,
    rows.map((row) => row.id),
  );
  return rows.flatMap((row) => {
    const main = toPublicProfile(row, imageRows, today).main_image;
    return main ? [main] : [];
  });
}
