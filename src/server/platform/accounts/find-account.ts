/**
 * The account lookup shared by log-in, password reset, e-mail check and e-mail change
 * (docs/architecture.md "Folder dependencies": platform/accounts), and the mail provider of an address.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MAILPROVIDER_GMAIL, MAILPROVIDER_OTHER } from '~/shared/constants';
import { deletedEmailMarker } from './deleted-email';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/** docs/product.md §3 User.mailprovider for an address: 2 for Gmail, 0 otherwise. */
export function mailproviderOf(email: string): number {
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  return GMAIL_DOMAINS.has(domain) ? MAILPROVIDER_GMAIL : MAILPROVIDER_OTHER;
}

/**
 * The account with this e-mail on a site, if any: the live one, else the last deleted one, found
 * by the keyed hash its `email` holds (docs/product.md §10 account deletion), with `status`
 * 'deleted'. An address can have both: a deleted account and a new one signed up since.
 */
export async function findAccount(ctx: AppContext, site: string, email: string) {
  const addresses = [email.trim().toLowerCase(), deletedEmailMarker(ctx.secret, site, email)];
  const [row] = await ctx.db
    .select({ id: users.id, status: users.status, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.site, site), inArray(users.email, addresses)))
    .orderBy(sql`${users.status} = 'deleted'`)
    .limit(1);
  return row ?? null;
}
