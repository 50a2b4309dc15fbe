import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { MemberSummary } from '~/shared/contracts/admin/members';
import { deletedEmailMarker, DELETED_EMAIL_PREFIX } from '../platform/accounts/deleted-email';
import type { AppContext } from '../context';
import { profiles, users } from '../db/schema';

/** Members per page of the console's member search. */
export const MEMBER_SEARCH_PAGE_SIZE = 25;

const MAX_ID = 2_147_483_647;

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * What `q` searches for: an id (`123` or `#123`), an e-mail address (anything with `@`: the
 * exact address, lower-cased), else a part of the name (case-insensitive); empty = everyone.
 */
function queryCondition(ctx: AppContext, q: string, site: string | undefined): SQL | undefined {
  if (q === '') return undefined;
  const id = /^#?(\d{1,10})$/.exec(q)?.[1];
  if (id !== undefined) return Number(id) <= MAX_ID ? eq(users.id, Number(id)) : sql`false`;
  if (q.includes('@')) {
    const email = q.toLowerCase();
    // A deleted account keeps only a keyed hash of its address (per site): found by it too.
    const sites = site ? [site] : [...ctx.sites.byPackageName.keys()];
    return inArray(users.email, [email, ...sites.map((each) => deletedEmailMarker(ctx.secret, each, email))]);
  }
  return ilike(profiles.name, `%${escapeLike(q)}%`);
}

/**
 * docs/product.md §13 Members: finds members by exact id, exact e-mail address (deleted accounts
 * included, by the keyed hash they keep) or a part of the name, optionally on one site (package
 * name), newest first (ids grow with signups), `MEMBER_SEARCH_PAGE_SIZE` a page (`page` is
 * 1-based). Deleted accounts show without an address; suspension and premium only while they last.
 */
export async function findMembers(
  ctx: AppContext,
  input: { q?: string; site?: string; page: number },
): Promise<{ members: MemberSummary[]; hasMore: boolean }> {
  const q = (input.q ?? '').trim();
  const site = input.site?.trim() || undefined;
  const where: (SQL | undefined)[] = [queryCondition(ctx, q, site)];
  if (site) where.push(eq(users.site, site));
  const rows = await ctx.db
    .select({
      id: users.id,
      site: users.site,
      name: profiles.name,
      email: users.email,
      status: users.status,
      suspendedUntil: users.suspendedUntil,
      bannedAt: users.bannedAt,
      credits: users.credits,
      premiumUntil: users.premiumUntil,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(and(...where))
    .orderBy(desc(users.id))
    .limit(MEMBER_SEARCH_PAGE_SIZE + 1)
    .offset((input.page - 1) * MEMBER_SEARCH_PAGE_SIZE);
  const now = ctx.clock.now();
  const members = rows.slice(0, MEMBER_SEARCH_PAGE_SIZE).map((row) => ({
    id: row.id,
    site: row.site,
    name: row.name ?? '',
    email: row.email.startsWith(DELETED_EMAIL_PREFIX) ? null : row.email,
    status: row.status,
    suspendedUntil: row.suspendedUntil && row.suspendedUntil > now ? row.suspendedUntil.toISOString() : null,
    banned: row.bannedAt !== null,
    credits: row.credits,
    premiumUntil: row.premiumUntil && row.premiumUntil > now ? row.premiumUntil.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  }));
  return { members, hasMore: rows.length > MEMBER_SEARCH_PAGE_SIZE };
}
