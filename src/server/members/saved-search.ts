import { eq } from 'drizzle-orm';
import { searchFiltersSchema, type SearchFilters } from '~/shared/contracts/search';
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

/** How a search call was made (the query flags of docs/product.md §7 search). */
export interface SearchIntent {
  /** The page's automatic first load. */
  autoLoad: boolean;
  /** The member pressed search. */
  manualSearch: boolean;
  doNotSave: boolean;
  /** Paging through "similar members" never changes what is remembered. */
  similar: boolean;
}

/**
 * The filters a search runs with, applying the remembering rules: a member's
 * automatic first load without filters uses the remembered ones; a manual
 * search is remembered unless `doNotSave` (or it is a similar-members page).
 * Visitors (`userId` null) search with exactly what they sent.
 */
export async function filtersForSearch(
  ctx: AppContext,
  userId: number | null,
  filters: SearchFilters,
  intent: SearchIntent,
): Promise<SearchFilters> {
  if (userId === null) return filters;
  if (intent.autoLoad && !hasFilters(filters)) return loadSavedSearch(ctx, userId);
  if (intent.manualSearch && !intent.doNotSave && !intent.similar) await saveSearch(ctx, userId, filters);
  return filters;
}
