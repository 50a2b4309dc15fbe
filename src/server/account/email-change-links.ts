import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { fail, ok, type Result } from '~/shared/errors';
import { memberMailInfo } from '../platform/accounts/member-mail-info';
import { endSessions } from '../platform/accounts/sessions';
import type { AppContext } from '../context';
import { accountTokens, users } from '../db/schema';
import { consumeAccountToken, peekAccountToken } from '../platform/security/account-tokens';
import { findAccount, mailproviderOf } from '../platform/accounts/find-account';
import { EMAIL_CHANGE_ADDRESS_TAKEN } from './change-email';

type TokenFailure = 'invalid_token' | 'expired_token';

/** Postgres unique violation (another account got the address between our check and the update). */
function isUniqueViolation(error: unknown): boolean {
  const failure = error as { code?: string; cause?: { code?: string } };
  return failure.code === '23505' || failure.cause?.code === '23505';
}

/**
 * docs/product.md §10 E-mail change: opening the confirmation link. The token is used up (once,
 * even when two requests race) and its new address becomes the account's, now `active` (opening
 * the link proved it). Unknown, used or replaced links, links of a deleted account or of an
 * address the account no longer has → `invalid_token`; older than 24 h → `expired_token`; the
 * address taken by another account meanwhile → `account_exists` (the link stays usable unless
 * the address was taken in the very moment of confirming).
 * @returns the account and its new address.
 */
export async function confirmEmailChange(
  ctx: AppContext,
  token: string,
): Promise<Result<{ userId: number; email: string }, TokenFailure | 'account_exists'>> {
  const grant = await peekAccountToken(ctx, 'mail_change', token);
  if (!grant.ok) return grant;
  const member = await memberMailInfo(ctx, grant.value.userId);
  const { email, oldEmail } = grant.value.data;
  if (!member || member.status === 'deleted' || typeof email !== 'string' || member.email !== oldEmail) {
    return fail('invalid_token');
  }
  const holder = await findAccount(ctx, member.site, email);
  if (holder && holder.status !== 'deleted' && holder.id !== member.id) {
    return fail('account_exists', EMAIL_CHANGE_ADDRESS_TAKEN);
  }
  // Not inside a transaction: the token check reads through ctx.db, which a PGlite transaction
  // would block. Using the token first keeps it single-use when two requests race.
  const used = await consumeAccountToken(ctx, 'mail_change', token);
  if (!used.ok) return used;
  try {
    const changed = await ctx.db
      .update(users)
      .set({ email, mailprovider: mailproviderOf(email), status: 'active' })
      .where(and(eq(users.id, member.id), eq(users.email, member.email), ne(users.status, 'deleted')))
      .returning({ id: users.id });
    if (changed.length === 0) return fail('invalid_token');
  } catch (error) {
    if (isUniqueViolation(error)) return fail('account_exists', EMAIL_CHANGE_ADDRESS_TAKEN);
    throw error;
  }
  return ok({ userId: member.id, email });
}

/**
 * docs/product.md §10 E-mail change: checks an undo link without using it (the undo button shows
 * only for a live one). @returns the address it restores.
 */
export async function checkEmailChangeUndo(
  ctx: AppContext,
  token: string,
): Promise<Result<{ userId: number; email: string; issuedAt: number }, TokenFailure>> {
  const grant = await peekAccountToken(ctx, 'mail_change_undo', token);
  if (!grant.ok) return grant;
  const member = await memberMailInfo(ctx, grant.value.userId);
  const { email, issuedAt } = grant.value.data;
  if (!member || member.status === 'deleted' || typeof email !== 'string') return fail('invalid_token');
  return ok({ userId: member.id, email, issuedAt: typeof issuedAt === 'number' ? issuedAt : 0 });
}

/**
 * docs/product.md §10 E-mail change "this was not me": the undo link (once, no login needed)
 * puts the old address back — cancelling a pending change or reverting a confirmed one — as
 * `active` (the link proved the mailbox), voids the pending confirmation link and the undo links
 * of later changes (never of earlier ones: whoever made the change must not void the owner's
 * link), and ends every session of the account. `account_exists` when another account has taken
 * the old address since (nothing changes; the link stays usable unless it was taken in the very
 * moment of undoing).
 * @returns the restored address and how many sessions ended.
 */
export async function undoEmailChange(
  ctx: AppContext,
  token: string,
): Promise<Result<{ email: string; endedSessions: number }, TokenFailure | 'account_exists'>> {
  const checked = await checkEmailChangeUndo(ctx, token);
  if (!checked.ok) return checked;
  const { userId, email, issuedAt } = checked.value;
  const member = await memberMailInfo(ctx, userId);
  if (!member) return fail('invalid_token');
  const holder = await findAccount(ctx, member.site, email);
  if (holder && holder.status !== 'deleted' && holder.id !== userId) {
    return fail('account_exists', EMAIL_CHANGE_ADDRESS_TAKEN);
  }
  const used = await consumeAccountToken(ctx, 'mail_change_undo', token);
  if (!used.ok) return used;
  const now = ctx.clock.now();
  try {
    const restored = await ctx.db.transaction(async (tx) => {
      const rows = await tx
        .update(users)
        .set({ email, mailprovider: mailproviderOf(email), status: 'active' })
        .where(and(eq(users.id, userId), ne(users.status, 'deleted')))
        .returning({ id: users.id });
      if (rows.length === 0) return false;
      const unused = and(eq(accountTokens.userId, userId), isNull(accountTokens.usedAt));
      await tx
        .update(accountTokens)
        .set({ usedAt: now })
        .where(and(unused, eq(accountTokens.purpose, 'mail_change')));
      await tx
        .update(accountTokens)
        .set({ usedAt: now })
        .where(
          and(unused, eq(accountTokens.purpose, 'mail_change_undo'), gt(accountTokens.createdAt, new Date(issuedAt))),
        );
      return true;
    });
    if (!restored) return fail('invalid_token');
  } catch (error) {
    if (isUniqueViolation(error)) return fail('account_exists', EMAIL_CHANGE_ADDRESS_TAKEN);
    throw error;
  }
  const endedSessions = await endSessions(ctx, userId);
  return ok({ email, endedSessions });
}
