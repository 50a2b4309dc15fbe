import { and, eq, ne } from 'drizzle-orm';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { passwordResetMail } from '../platform/mail/password-mails';
import { queueMailInBackground, siteMailFrom } from '../outbox';
import { accountRestriction, type MemberRestriction } from '../platform/accounts/member-restriction';
import { consumeAccountToken, issueAccountToken, peekAccountToken } from '../platform/security/account-tokens';
import { findAccount } from '../platform/accounts/find-account';
import { memberMailInfo } from '../platform/accounts/member-mail-info';
import { hashPassword } from '../platform/passwords/passwords';
import { endSessions } from '../platform/accounts/sessions';

/** docs/product.md §10: a reset link works for 60 minutes (ms). */
export const RESET_LINK_TTL_MS = 60 * 60_000;

type TokenFailure = 'invalid_token' | 'expired_token';

/**
 * docs/product.md §10 Password and password reset: mails a reset link to the account of
 * `email` on `site`, unless there is none or it is deleted. Everything — the look-up
 * included — happens in the background, so the caller answers the same, in the same time,
 * whether or not the account exists. A new link voids the previous one.
 */
export function requestPasswordReset(
  ctx: AppContext,
  input: { site: { package_name: string; name: string }; email: string; origin: string },
): void {
  queueMailInBackground(ctx, 'password_reset', async (tx) => {
    const account = await findAccount(tx, input.site.package_name, input.email);
    if (!account || account.status === 'deleted') return null;
    const member = await memberMailInfo(tx, account.id);
    if (!member) return null;
    // The token and its mail commit together (outbox): neither exists without the other.
    const token = await issueAccountToken(tx, {
      userId: member.id,
      purpose: 'reset_password',
      ttlMs: RESET_LINK_TTL_MS,
      data: { email: member.email },
      replace: true,
    });
    const message = passwordResetMail({
      to: member.email,
      name: member.name,
      locale: member.locale,
      siteName: input.site.name,
      from: siteMailFrom(ctx, input.site.name),
      link: `${input.origin}/reset-password/do?token=${token}`,
    });
    return { message, userId: member.id };
  });
}

/**
 * Checks a reset link without using it (the form behind the link shows only for a live one):
 * unknown, used, replaced, or for an account that was deleted or changed its address since →
 * `invalid_token`; older than 60 minutes → `expired_token`.
 */
export async function peekPasswordReset(
  ctx: AppContext,
  token: string,
): Promise<Result<{ userId: number }, TokenFailure>> {
  const grant = await peekAccountToken(ctx, 'reset_password', token);
  if (!grant.ok) return grant;
  const member = await memberMailInfo(ctx, grant.value.userId);
  if (!member || member.status === 'deleted' || member.email !== grant.value.data.email) return fail('invalid_token');
  return ok({ userId: member.id });
}

/**
 * docs/product.md §10: sets a new password through a reset link. The token is used up (once,
 * even when two requests race), every session of the account ends, and an unconfirmed account
 * becomes active (the link proved the address). Deleted accounts and links for an earlier
 * address are refused as `invalid_token`. A suspended or banned account (docs/product.md §13
 * Member actions) gets `account_suspended` / `account_banned` and nothing changes (the link stays
 * usable until it expires): the reset would log it in.
 * @returns the account id, for the caller to log this device in.
 */
export async function resetPassword(
  ctx: AppContext,
  input: { token: string; newPassword: string },
): Promise<Result<{ userId: number }, TokenFailure | MemberRestriction>> {
  const checked = await peekPasswordReset(ctx, input.token);
  if (!checked.ok) return checked;
  const restriction = await accountRestriction(ctx, checked.value.userId);
  if (restriction) return fail(restriction);
  // Hash before using the token up, so the slow part cannot leave a used token and no password.
  const passwordHash = await hashPassword(input.newPassword);
  const grant = await consumeAccountToken(ctx, 'reset_password', input.token);
  if (!grant.ok) return grant;
  const email = String(grant.value.data.email ?? '');
  const updated = await ctx.db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, grant.value.userId), eq(users.email, email), ne(users.status, 'deleted')))
    .returning({ id: users.id });
  if (updated.length === 0) return fail('invalid_token');
  await ctx.db
    .update(users)
    .set({ status: 'active' })
    .where(and(eq(users.id, grant.value.userId), eq(users.status, 'not_confirmed')));
  await endSessions(ctx, grant.value.userId);
  return ok({ userId: grant.value.userId });
}
