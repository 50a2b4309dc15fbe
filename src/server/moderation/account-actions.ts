import { eq } from 'drizzle-orm';
import type { MemberModerationView } from '~/shared/contracts/admin/moderation';
import { fail, ok, type Result } from '~/shared/errors';
import { announceSessionsEnded } from '../platform/accounts/sessions';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { profiles, sessions, users } from '../db/schema';
import type { OperatorActor } from '../platform/audit/audit-log';
import { actOnMember, withReason, type ActionFailure, type MemberActionInput } from './moderation-action';

/**
 * docs/product.md §13 Member actions on the account: suspend for N days, ban, and lift either.
 * A suspended or banned member cannot log in (`account_suspended` / `account_banned`), every
 * session of theirs ends at once (open event streams close in every process), and their profile
 * is hidden from search, profile pages, likes and chats until the suspension passes or is lifted.
 */

const DAY_MS = 24 * 60 * 60_000;

/**
 * Sets the restriction columns (`set`), hides the profile and deletes every session of the
 * member, in `tx`. @returns whether the profile was visible before, and a notice for the
 * member's event streams to send after the commit.
 */
async function restrict(
  tx: Db,
  memberId: number,
  set: Partial<Pick<typeof users.$inferInsert, 'suspendedUntil' | 'bannedAt'>>,
): Promise<{ wasVisible: boolean; afterCommit: (ctx: AppContext) => Promise<void> }> {
  await tx.update(users).set(set).where(eq(users.id, memberId));
  const [before] = await tx.select({ isVisible: profiles.isVisible }).from(profiles).where(eq(profiles.id, memberId));
  await tx.update(profiles).set({ isVisible: false }).where(eq(profiles.id, memberId));
  const ended = await tx.delete(sessions).where(eq(sessions.userId, memberId)).returning({ id: sessions.id });
  return {
    wasVisible: before?.isVisible ?? false,
    afterCommit: async (ctx) => {
      if (ended.length > 0) await announceSessionsEnded(ctx, memberId);
    },
  };
}

/**
 * Suspends the member for `days` days (1–365) from now: a new suspension replaces a running one.
 * `conflict` for a deleted (`admin.member_deleted`) or banned (`admin.member_banned`) member.
 */
export function suspendMember(
  ctx: AppContext,
  actor: OperatorActor,
  input: MemberActionInput & { days: number },
): Promise<Result<MemberModerationView, ActionFailure>> {
  return actOnMember(ctx, actor, input, async (tx, member, now) => {
    if (member.status === 'deleted') return fail('conflict', 'admin.member_deleted');
    if (member.bannedAt) return fail('conflict', 'admin.member_banned');
    const until = new Date(now.getTime() + input.days * DAY_MS);
    const done = await restrict(tx, member.id, { suspendedUntil: until });
    return ok({
      outcome: 'suspended',
      audit: {
        action: 'member.suspend',
        objectType: 'member',
        objectId: member.id,
        before: { suspendedUntil: member.suspendedUntil?.toISOString() ?? null, isVisible: done.wasVisible },
        after: { suspendedUntil: until.toISOString(), isVisible: false, ...withReason(input.reason) },
      },
      afterCommit: () => done.afterCommit(ctx),
    });
  });
}

/**
 * Bans the member until an operator lifts it (a running suspension becomes the ban).
 * `conflict` for a deleted (`admin.member_deleted`) or already banned (`admin.member_banned`) member.
 */
export function banMember(
  ctx: AppContext,
  actor: OperatorActor,
  input: MemberActionInput,
): Promise<Result<MemberModerationView, ActionFailure>> {
  return actOnMember(ctx, actor, input, async (tx, member, now) => {
    if (member.status === 'deleted') return fail('conflict', 'admin.member_deleted');
    if (member.bannedAt) return fail('conflict', 'admin.member_banned');
    const done = await restrict(tx, member.id, { bannedAt: now, suspendedUntil: null });
    return ok({
      outcome: 'banned',
      audit: {
        action: 'member.ban',
        objectType: 'member',
        objectId: member.id,
        before: {
          bannedAt: null,
          suspendedUntil: member.suspendedUntil?.toISOString() ?? null,
          isVisible: done.wasVisible,
        },
        after: { bannedAt: now.toISOString(), suspendedUntil: null, isVisible: false, ...withReason(input.reason) },
      },
      afterCommit: () => done.afterCommit(ctx),
    });
  });
}

/**
 * Lifts a ban or a suspension (outside any report): the member may log in again and the profile
 * shows again, unless the account was deleted (a deleted account never becomes visible).
 * `conflict` (`admin.member_not_restricted`) when neither is set.
 */
export function liftRestriction(
  ctx: AppContext,
  actor: OperatorActor,
  input: Omit<MemberActionInput, 'reportId'>,
): Promise<Result<MemberModerationView, ActionFailure>> {
  return actOnMember(ctx, actor, { memberId: input.memberId }, async (tx, member) => {
    if (!member.bannedAt && !member.suspendedUntil) return fail('conflict', 'admin.member_not_restricted');
    const visible = member.status !== 'deleted';
    await tx.update(users).set({ bannedAt: null, suspendedUntil: null }).where(eq(users.id, member.id));
    const [before] = await tx
      .select({ isVisible: profiles.isVisible })
      .from(profiles)
      .where(eq(profiles.id, member.id));
    await tx.update(profiles).set({ isVisible: visible }).where(eq(profiles.id, member.id));
    return ok({
      outcome: null,
      audit: {
        action: member.bannedAt ? 'member.unban' : 'member.unsuspend',
        objectType: 'member',
        objectId: member.id,
        before: {
          bannedAt: member.bannedAt?.toISOString() ?? null,
          suspendedUntil: member.suspendedUntil?.toISOString() ?? null,
          isVisible: before?.isVisible ?? false,
        },
        after: { bannedAt: null, suspendedUntil: null, isVisible: visible, ...withReason(input.reason) },
      },
    });
  });
}
