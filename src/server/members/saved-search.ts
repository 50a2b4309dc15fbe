import { eq } from 'drizzle-orm';
import { searchFiltersSchema, type SearchFilters } from '~/shared/contracts/search';
import type { AppContext } from '../context';
import { users } from '../db/schema';

/**
 * docs/product.md §2 Search: a logged-in member's last filters are remembered (unless the
 * search says `do_not_save`) and used for the automatic first load when the
 * page URL carries no filters; without remembered filters that load starts from the visitor's
 * country (`searchDefaultCountry`), when there is one.
 */

/**
 * The member's remembered filters (`{}` when the member cleared them in a manual search); null when
 * the member never searched manually or what is stored no longer validates.
 */
export async function loadSavedSearch(ctx: AppContext, userId: number): Promise<SearchFilters | null> {
  const [row] = await ctx.db.select({ saved: users.savedSearch }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row?.saved) return null;
  const parsed = searchFiltersSchema.safeParse(row.saved);
  return parsed.success ? parsed.data : null;
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
 * An automatic first load without filters and with nothing remembered (every visitor's, a
 * member's who never searched manually) gets `defaultCountry` as its country filter when that is
 * not null (docs/product.md §2 Search; the caller has checked the site's search fields).
 * Otherwise visitors (`userId` null) search with exactly what they sent.
 */
export async function filtersForSearch(
  ctx: AppContext,
  userId: number | null,
  filters: SearchFilters,
  intent: SearchIntent,
  defaultCountry: string | null = null,
): Promise<SearchFilters> {
  if (intent.autoLoad && !hasFilters(filters)) {
    const saved = userId === null ? null : await loadSavedSearch(ctx, userId);
    return saved ?? (defaultCountry ? { country: defaultCountry } : filters);
  }
  if (userId === null) return filters;
  if (intent.manualSearch && !intent.doNotSave && !intent.similar) await saveSearch(ctx, userId, filters);
  return filters;
}
