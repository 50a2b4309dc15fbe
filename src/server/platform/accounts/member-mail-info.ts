import { eq } from 'drizzle-orm';
import { isLocale, type Locale } from '~/shared/locales';
import type { AppContext } from '../../context';
import { profiles, users } from '../../db/schema';

/** What a mail to a member needs: the address, first name and language (docs/product.md §10 mails). */
export interface MemberMailInfo {
  id: number;
  email: string;
  name: string;
  locale: Locale;
  status: 'not_confirmed' | 'active' | 'deleted';
  site: string;
}

/** The mail details of a member by id, or null when there is no such account. */
export async function memberMailInfo(ctx: AppContext, userId: number): Promise<MemberMailInfo | null> {
  const [row] = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      status: users.status,
      site: users.site,
      name: profiles.name,
      language: profiles.language,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return { ...row, locale: isLocale(row.language) ? row.language : 'en' };
}
