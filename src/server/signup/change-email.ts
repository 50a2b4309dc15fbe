import { and, eq } from 'drizzle-orm';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { findAccount, mailproviderOf } from '../platform/accounts/find-account';

/** Message key for a confirmed member: the address changes only through the confirmed e-mail change. */
export const SIGNUP_EMAIL_CHANGE_CONFIRMED = 'email_change.confirmed_use_profile';

/**
 * docs/product.md §2 step 7 "change the e-mail": sets a new address on an account whose address
 * is not confirmed yet (the signup wizard's "wrong address"), which then needs confirming (the
 * next activation poll mails the new address). A confirmed account gets `conflict`
 * (SIGNUP_EMAIL_CHANGE_CONFIRMED) and nothing changes: its address only changes through the
 * confirmed e-mail change (docs/product.md §10 E-mail change: a link to the new address, a notice
 * with undo to the old one). The update itself requires `not_confirmed`, so a confirmation
 * racing with it cannot be overtaken.
 * Fails with `account_exists` when the address belongs to another account on the site.
 */
export async function changeEmail(
  ctx: AppContext,
  input: { userId: number; site: string; email: string },
): Promise<Result<void, 'account_exists' | 'conflict'>> {
  const [own] = await ctx.db.select({ status: users.status }).from(users).where(eq(users.id, input.userId));
  if (own?.status !== 'not_confirmed') return fail('conflict', SIGNUP_EMAIL_CHANGE_CONFIRMED);
  const existing = await findAccount(ctx, input.site, input.email);
  if (existing && existing.id !== input.userId) return fail('account_exists');
  if (existing) return ok(undefined);
  try {
    const changed = await ctx.db
      .update(users)
      .set({ email: input.email, mailprovider: mailproviderOf(input.email) })
      .where(and(eq(users.id, input.userId), eq(users.status, 'not_confirmed')))
      .returning({ id: users.id });
    if (changed.length === 0) return fail('conflict', SIGNUP_EMAIL_CHANGE_CONFIRMED);
  } catch (error) {
    if (
      (error as { cause?: { code?: string } }).cause?.code === '23505' ||
      (error as { code?: string }).code === '23505'
    )
      return fail('account_exists');
    throw error;
  }
  return ok(undefined);
}
