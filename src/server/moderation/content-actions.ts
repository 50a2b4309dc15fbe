import { eq } from 'drizzle-orm';
import type { MemberModerationView } from '~/shared/contracts/admin/moderation';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { profiles } from '../db/schema';
import { removePhotoFiles, removePhotoRow } from '../media';
import type { OperatorActor } from '../platform/audit/audit-log';
import { actOnMember, withReason, type ActionFailure, type MemberActionInput } from './moderation-action';
import { queueWarningMail } from './moderation-mails';

/**
 * docs/product.md §13 Member actions on what a member shows or says: a warning mail, removing one
 * photo, clearing the about-me. Each is usable with or without a report (`reportId`).
 */

/**
 * Mails the member a neutral warning (in their language, after the commit) that their profile or
 * messages broke the rules. `conflict` (`admin.member_deleted`) for a deleted account.
 */
export function warnMember(
  ctx: AppContext,
  actor: OperatorActor,
  input: MemberActionInput,
): Promise<Result<MemberModerationView, ActionFailure>> {
  return actOnMember(ctx, actor, input, async (tx, member) => {
    if (member.status === 'deleted') return fail('conflict', 'admin.member_deleted');
    await queueWarningMail({ ...ctx, db: tx }, member.id);
    return ok({
      outcome: 'warned',
      audit: {
        action: 'member.warn',
        objectType: 'member',
        objectId: member.id,
        after: { warningMailed: true, ...withReason(input.reason) },
      },
    });
  });
}

/**
 * Removes photo `photoId` of the member like the member's own deletion does (positions, main
 * photo and nudity flag fixed; the files go after the commit). `not_found`
 * (`admin.photo_not_found`) when the member has no such photo.
 */
export function removeMemberPhoto(
  ctx: AppContext,
  actor: OperatorActor,
  input: MemberActionInput & { photoId: number },
): Promise<Result<MemberModerationView, ActionFailure>> {
  return actOnMember(ctx, actor, input, async (tx, member) => {
    const removed = await removePhotoRow(tx, member.id, input.photoId);
    if (!removed) return fail('not_found', 'admin.photo_not_found');
    return ok({
      outcome: 'photo_removed',
      audit: {
        action: 'photo.remove',
        objectType: 'photo',
        objectId: input.photoId,
        before: { memberId: member.id, filename: removed.filename, nudity: removed.nudity },
        after: { removed: true, ...withReason(input.reason) },
      },
      afterCommit: () => removePhotoFiles(ctx, removed),
    });
  });
}

/**
 * Empties the member's about-me (`profiles.personal`). The audit row keeps its length only: the
 * text is the member's own words, like a message.
 */
export function clearAbout(
  ctx: AppContext,
  actor: OperatorActor,
  input: MemberActionInput,
): Promise<Result<MemberModerationView, ActionFailure>> {
  return actOnMember(ctx, actor, input, async (tx, member) => {
    const [before] = await tx.select({ personal: profiles.personal }).from(profiles).where(eq(profiles.id, member.id));
    await tx.update(profiles).set({ personal: null }).where(eq(profiles.id, member.id));
    return ok({
      outcome: 'about_cleared',
      audit: {
        action: 'member.clear_about',
        objectType: 'member',
        objectId: member.id,
        before: { aboutLength: before?.personal?.length ?? 0 },
        after: { aboutLength: 0, ...withReason(input.reason) },
      },
    });
  });
}
