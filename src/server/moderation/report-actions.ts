import { eq } from 'drizzle-orm';
import type { MemberModerationView, ReportAction, ReportOutcome } from '~/shared/contracts/admin/moderation';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { reports } from '../db/schema';
import type { OperatorActor } from '../platform/audit/audit-log';
import { banMember, suspendMember } from './account-actions';
import { clearAbout, removeMemberPhoto, warnMember } from './content-actions';
import { actOnMember, withReason, type ActionFailure, type MemberActionInput } from './moderation-action';

/** The outcome each report action records. */
const OUTCOME_OF: Record<ReportAction['action'], ReportOutcome> = {
  dismiss: 'dismissed',
  warn: 'warned',
  remove_photo: 'photo_removed',
  clear_about: 'about_cleared',
  suspend: 'suspended',
  ban: 'banned',
};

/**
 * docs/product.md §13 Reports queue: closes report `reportId` without acting on the member
 * (`dismissed`); the reporter is not mailed. `conflict` when it was resolved already.
 */
export function dismissReport(
  ctx: AppContext,
  actor: OperatorActor,
  input: MemberActionInput & { reportId: number },
): Promise<Result<MemberModerationView, ActionFailure>> {
  return actOnMember(ctx, actor, input, async () =>
    ok({
      outcome: 'dismissed',
      audit: {
        action: 'report.dismiss',
        objectType: 'report',
        objectId: input.reportId,
        before: { status: 'open' },
        after: { status: 'reviewed', outcome: 'dismissed', ...withReason(input.reason) },
      },
    }),
  );
}

/**
 * docs/product.md §13 Reports queue: works open report `reportId` with one action on the reported
 * member (dismiss, warn, remove a photo, clear the about-me, suspend for `days`, ban), which
 * resolves the report with that outcome in the same transaction and audit row (`note` becomes the
 * audit row's reason). `not_found` for an unknown report (or photo), `conflict` when the report
 * was resolved already or the action does not fit the member's state.
 * @returns the outcome and the member's account state after it.
 */
export async function actOnReport(
  ctx: AppContext,
  actor: OperatorActor,
  reportId: number,
  action: ReportAction,
): Promise<Result<{ reportId: number; outcome: ReportOutcome; member: MemberModerationView }, ActionFailure>> {
  const [report] = await ctx.db.select({ memberId: reports.profileId }).from(reports).where(eq(reports.id, reportId));
  if (!report) return fail('not_found', 'admin.report_not_found');
  const input = { memberId: report.memberId, reportId, reason: action.note };
  const done = await (() => {
    switch (action.action) {
      case 'dismiss':
        return dismissReport(ctx, actor, input);
      case 'warn':
        return warnMember(ctx, actor, input);
      case 'remove_photo':
        return removeMemberPhoto(ctx, actor, { ...input, photoId: action.photoId });
      case 'clear_about':
        return clearAbout(ctx, actor, input);
      case 'suspend':
        return suspendMember(ctx, actor, { ...input, days: action.days });
      case 'ban':
        return banMember(ctx, actor, input);
    }
  })();
  if (!done.ok) return done;
  return ok({ reportId, outcome: OUTCOME_OF[action.action], member: done.value });
}
