import { eq } from 'drizzle-orm';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { profiles } from '../db/schema';
import { findAccount } from '../signup/create-account';
import { verifyPassword } from './passwords';

/**
 * Checks e-mail + password on a site. Unknown e-mail, deleted account and
 * wrong password all give the same `invalid_credentials` answer, in the same time.
 * @returns the user id.
 */
export async function logIn(
  ctx: AppContext,
  input: { site: string; email: string; password: string },
): Promise<Result<{ userId: number }, 'invalid_credentials'>> {
  const account = await findAccount(ctx, input.site, input.email);
  const usable = account && account.status !== 'deleted' ? account : null;
  const valid = await verifyPassword(usable?.passwordHash ?? null, input.password);
  if (!usable || !valid) return fail('invalid_credentials');
  await ctx.db.update(profiles).set({ lastActiveAt: ctx.clock.now() }).where(eq(profiles.id, usable.id));
  return ok({ userId: usable.id });
}
