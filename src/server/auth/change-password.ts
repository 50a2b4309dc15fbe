import { eq } from 'drizzle-orm';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { queueMailNow, siteMailFrom } from '../outbox';
import { passwordChangedMail } from '../platform/mail/password-mails';
import { memberMailInfo } from '../platform/accounts/member-mail-info';
import { hashPassword, verifyPassword } from '../platform/passwords/passwords';
import { endSessions } from '../platform/accounts/sessions';

/** The message key (and field issue) of a wrong current password. */
export const CURRENT_PASSWORD_WRONG = 'password.current_wrong';

/**
 * docs/product.md §10 Password and password reset: a logged-in member changes the password.
 * The current password must be right (else `validation_failed` with an issue on
 * `currentPassword`, nothing changes); then the new argon2id hash is stored, every other
 * session of the member ends (`sessionId` is the one doing it), and a mail tells the member,
 * with a link to /reset-password in case it was not them.
 * @returns how many other sessions ended.
 */
export async function changePassword(
  ctx: AppContext,
  input: {
    userId: number;
    sessionId: string;
    currentPassword: string;
    newPassword: string;
    site: { name: string };
    origin: string;
  },
): Promise<Result<{ endedSessions: number }, 'validation_failed'>> {
  const [account] = await ctx.db
    .select({ passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  const usable = account && account.status !== 'deleted' ? account : null;
  const valid = await verifyPassword(usable?.passwordHash ?? null, input.currentPassword);
  if (!valid) {
    return fail('validation_failed', CURRENT_PASSWORD_WRONG, [
      { path: 'currentPassword', message: CURRENT_PASSWORD_WRONG },
    ]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  // The new password and the "password changed" notice commit together (outbox).
  await queueMailNow(ctx, 'password_changed', async (tx) => {
    await tx.db.update(users).set({ passwordHash }).where(eq(users.id, input.userId));
    const member = await memberMailInfo(tx, input.userId);
    if (!member) return null;
    const message = passwordChangedMail({
      to: member.email,
      name: member.name,
      locale: member.locale,
      siteName: input.site.name,
      from: siteMailFrom(ctx, input.site.name),
      resetLink: `${input.origin}/reset-password`,
    });
    return { message, userId: member.id };
  });
  const endedSessions = await endSessions(ctx, input.userId, { exceptSessionId: input.sessionId });
  return ok({ endedSessions });
}
