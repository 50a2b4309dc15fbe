import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { EmailChangeStatus } from '~/shared/contracts/email-change';
import { fail, ok, type Result } from '~/shared/errors';
import { memberMailInfo, type MemberMailInfo } from '../platform/accounts/member-mail-info';
import { verifyPassword } from '../platform/passwords/passwords';
import type { AppContext } from '../context';
import { accountTokens, users } from '../db/schema';
import { queueMailNow, siteMailFrom } from '../outbox';
import { emailChangeConfirmMail, emailChangeNoticeMail } from '../platform/mail/email-change-mails';
import { issueAccountToken } from '../platform/security/account-tokens';
import { findAccount } from '../platform/accounts/find-account';

/** docs/product.md §10 E-mail change: the confirmation link works for 24 hours (ms). */
export const CONFIRM_LINK_TTL_MS = 24 * 60 * 60_000;
/** docs/product.md §10 E-mail change: the undo link to the old address works for 7 days (ms). */
export const UNDO_LINK_TTL_MS = 7 * 24 * 60 * 60_000;

/** Message keys of the field issues a request can get. */
export const EMAIL_CHANGE_PASSWORD_WRONG = 'email_change.password_wrong';
export const EMAIL_CHANGE_SAME_ADDRESS = 'email_change.same_address';
export const EMAIL_CHANGE_ADDRESS_TAKEN = 'email_change.address_taken';

/** Where the site's links point and how its mails are signed. */
export interface MailSite {
  name: string;
  origin: string;
}

/** The live pending change of a member: the newest unused, unexpired `mail_change` token for the current address. */
async function pendingChange(
  ctx: AppContext,
  member: MemberMailInfo,
): Promise<{ email: string; expiresAt: Date } | null> {
  const [row] = await ctx.db
    .select({ data: accountTokens.data, expiresAt: accountTokens.expiresAt })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, member.id),
        eq(accountTokens.purpose, 'mail_change'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, ctx.clock.now()),
      ),
    )
    .orderBy(desc(accountTokens.createdAt), desc(accountTokens.id))
    .limit(1);
  // A link asked for while the account had another address cannot be confirmed any more.
  if (!row || row.data.oldEmail !== member.email || typeof row.data.email !== 'string') return null;
  return { email: row.data.email, expiresAt: row.expiresAt };
}

async function statusOf(ctx: AppContext, member: MemberMailInfo): Promise<EmailChangeStatus> {
  const pending = await pendingChange(ctx, member);
  return {
    email: member.email,
    pending: pending ? { email: pending.email, expiresAt: pending.expiresAt.toISOString() } : null,
  };
}

/** Loads a live (not deleted) member; a session never belongs to anything else. */
async function liveMember(ctx: AppContext, userId: number): Promise<MemberMailInfo> {
  const member = await memberMailInfo(ctx, userId);
  if (!member || member.status === 'deleted') throw new Error(`account ${userId} is not live`);
  return member;
}

/** docs/product.md §10 E-mail change: the address in force and the change waiting for confirmation. */
export async function emailChangeStatus(ctx: AppContext, userId: number): Promise<EmailChangeStatus> {
  return statusOf(ctx, await liveMember(ctx, userId));
}

/** Issues a new confirmation link for `newEmail` (voiding the earlier one) and mails it to that address. */
async function sendConfirmation(ctx: AppContext, member: MemberMailInfo, newEmail: string, site: MailSite) {
  // The link and its mail commit together (outbox).
  await queueMailNow(ctx, 'email_change_confirm', async (tx) => ({
    userId: member.id,
    message: emailChangeConfirmMail({
      to: newEmail,
      name: member.name,
      locale: member.locale,
      siteName: site.name,
      from: siteMailFrom(ctx, site.name),
      link: `${site.origin}/mail-change/do?token=${await issueAccountToken(tx, {
        userId: member.id,
        purpose: 'mail_change',
        ttlMs: CONFIRM_LINK_TTL_MS,
        data: { email: newEmail, oldEmail: member.email },
        replace: true,
      })}`,
    }),
  }));
}

/**
 * docs/product.md §10 E-mail change: a logged-in member asks to use `email` from now on.
 * The current password must be right (`validation_failed`, issue on `password`); the address
 * must differ from the current one (issue on `email`) and belong to no other account of the
 * site, deleted ones included (`account_exists`). Then the new address gets a confirmation
 * link (24 h; an earlier one stops working) and the current address a notice with an undo
 * link (7 days). Nothing about the account changes until the link is opened.
 */
export async function requestEmailChange(
  ctx: AppContext,
  input: { userId: number; email: string; password: string; site: MailSite },
): Promise<Result<EmailChangeStatus, 'validation_failed' | 'account_exists'>> {
  const member = await liveMember(ctx, input.userId);
  const [account] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, member.id))
    .limit(1);
  if (!(await verifyPassword(account?.passwordHash ?? null, input.password))) {
    return fail('validation_failed', EMAIL_CHANGE_PASSWORD_WRONG, [
      { path: 'password', message: EMAIL_CHANGE_PASSWORD_WRONG },
    ]);
  }
  const email = input.email.trim().toLowerCase();
  if (email === member.email.toLowerCase()) {
    return fail('validation_failed', EMAIL_CHANGE_SAME_ADDRESS, [
      { path: 'email', message: EMAIL_CHANGE_SAME_ADDRESS },
    ]);
  }
  // The same check as signup: a deleted account's address is free again (docs/product.md §10).
  const holder = await findAccount(ctx, member.site, email);
  if (holder && holder.status !== 'deleted') return fail('account_exists', EMAIL_CHANGE_ADDRESS_TAKEN);

  await sendConfirmation(ctx, member, email, input.site);
  // Not `replace`: a later change must not void the undo link of an earlier one (the owner's).
  // `issuedAt` (ms) lets an undo void the undo links of later changes only.
  await queueMailNow(ctx, 'email_change_notice', async (tx) => {
    const undoToken = await issueAccountToken(tx, {
      userId: member.id,
      purpose: 'mail_change_undo',
      ttlMs: UNDO_LINK_TTL_MS,
      data: { email: member.email, newEmail: email, issuedAt: ctx.clock.now().getTime() },
    });
    return {
      userId: member.id,
      message: emailChangeNoticeMail({
        to: member.email,
        name: member.name,
        locale: member.locale,
        siteName: input.site.name,
        from: siteMailFrom(ctx, input.site.name),
        newEmail: email,
        undoLink: `${input.site.origin}/notifications?undo=${undoToken}#email-change-incorrect`,
      }),
    };
  });
  return ok(await statusOf(ctx, member));
}

/**
 * docs/product.md §10 E-mail change "send again": a new confirmation link to the pending
 * address (the previous link stops working). `not_found` when nothing is pending.
 */
export async function resendEmailChange(
  ctx: AppContext,
  input: { userId: number; site: MailSite },
): Promise<Result<EmailChangeStatus, 'not_found'>> {
  const member = await liveMember(ctx, input.userId);
  const pending = await pendingChange(ctx, member);
  if (!pending) return fail('not_found', 'email_change.nothing_pending');
  await sendConfirmation(ctx, member, pending.email, input.site);
  return ok(await statusOf(ctx, member));
}

/**
 * docs/product.md §10 E-mail change "cancel": the pending confirmation link stops working; the
 * address stays as it is. The undo link already mailed keeps working (it only ends sessions then).
 */
export async function cancelEmailChange(ctx: AppContext, userId: number): Promise<EmailChangeStatus> {
  const member = await liveMember(ctx, userId);
  await ctx.db
    .update(accountTokens)
    .set({ usedAt: ctx.clock.now() })
    .where(
      and(eq(accountTokens.userId, member.id), eq(accountTokens.purpose, 'mail_change'), isNull(accountTokens.usedAt)),
    );
  return statusOf(ctx, member);
}
