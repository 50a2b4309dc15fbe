import { eq } from 'drizzle-orm';
import type { Gif } from '~/shared/contracts/chat';
import { DEFAULT_LOCALE, isLocale, LOCALE_TAGS, type Locale } from '~/shared/locales';
import type { AppContext } from '../context';
import { profiles } from '../db/schema';
import { GIF_PAGE_SIZE } from './gif-provider';

/**
 * `GET /api/gifs.php` (GIFs): GIFs for a member's picker in the GIF-service
 * locale of `locale` (the page's language), else of the member's profile language.
 */
export async function searchGifs(
  ctx: AppContext,
  userId: number,
  query: { q: string; locale?: Locale },
): Promise<Gif[]> {
  let locale = query.locale;
  if (!locale) {
    const [row] = await ctx.db
      .select({ language: profiles.language })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .limit(1);
    locale = isLocale(row?.language) ? row.language : DEFAULT_LOCALE;
  }
  return ctx.gifs.search(query.q, LOCALE_TAGS[locale].gif, GIF_PAGE_SIZE);
}
