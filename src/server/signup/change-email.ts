import { eq } from 'drizzle-orm';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { findAccount, mailproviderOf } from './create-account';

/**
 * docs/product.md §2 step 7 "change the e-mail": sets a new address on the account, which
 * then needs confirming again (the next activation poll mails the new address).
 * Fails with `account_exists` when the address belongs to another account on the site.
 */
export async function changeEmail(
  ctx: AppContext,
  input: { userId: number; site: string; email: string },
): Promise<Result<void, 'account_exists'>> {
  const existing = await findAccount(ctx, input.site, input.email);
  if (existing && existing.id !== input.userId) return fail('account_exists');
  if (existing) return ok(undefined);
  try {
    await ctx.db
      .update(users)
      .set({ email: input.email, mailprovider: mailproviderOf(input.email), status: 'not_confirmed' })
      .where(eq(users.id, input.userId));
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
