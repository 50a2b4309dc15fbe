import { eq } from 'drizzle-orm';
import { searchFiltersSchema, type SearchFilters } from '../../shared/contracts/search';
import type { AppContext } from '../context';
import { users } from '../db/schema';

/**
 * docs/product.md §2 Search: a logged-in member's last filters are remembered (unless the
 * search says `do_not_save`) and used for the automatic first load when the
 * page URL carries no filters.
 */

/** The member's remembered filters; {} when none or when they no longer validate. */
export async function loadSavedSearch(ctx: AppContext, userId: number): Promise<SearchFilters> {
  const [row] = await ctx.db.select({ saved: users.savedSearch }).from(users).where(eq(users.id, userId)).limit(1);
  const parsed = searchFiltersSchema.safeParse(row?.saved ?? {});
  return parsed.success ? parsed.data : {};
}

/** Remembers `filters` as the member's last search (an empty object clears them). */
export async function saveSearch(ctx: AppContext, userId: number, filters: SearchFilters): Promise<void> {
  await ctx.db.update(users).set({ savedSearch: filters }).where(eq(users.id, userId));
}

/** True when a search query carries at least one filter. */
export function hasFilters(filters: SearchFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined && value !== '');
}
