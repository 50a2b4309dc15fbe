import { eq } from 'drizzle-orm';
import type { PublicProfile } from '~/shared/contracts/profile';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';

/**
 * docs/product.md §10: how a member who deleted their account appears to the members they
 * chatted with — only the id (so the conversation still works); no name, photo, age or place.
 * The islands show a translated "Deleted member" and a placeholder avatar.
 */
export function deletedMemberProfile(id: number): PublicProfile {
  return {
    id,
    name: '',
    age: null,
    city: null,
    country: null,
    countryregion: null,
    main_image: null,
    images: [],
    gender: null,
    personal: null,
    language: 'en',
    presence: null,
  };
}

/** True when member `id` deleted their account. */
export async function isDeletedMember(ctx: AppContext, id: number): Promise<boolean> {
  const [row] = await ctx.db.select({ status: users.status }).from(users).where(eq(users.id, id));
  return row?.status === 'deleted';
}
