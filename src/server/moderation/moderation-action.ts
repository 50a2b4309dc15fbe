import { and, eq } from 'drizzle-orm';
import type { MemberModerationView, ReportOutcome } from '~/shared/contracts/admin/moderation';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { reports, users } from '../db/schema';
import { recordAudit, type AuditEntry, type OperatorActor } from '../platform/audit/audit-log';
import { loadMemberModeration } from './member-state';
import { nudgeOutbox } from '../outbox';
import { queueReporterMail } from './moderation-mails';

/** The member an action works on, its `users` row locked for the action's transaction. */
export interface ModeratedMember {
  id: number;
  site: string;
  status: 'not_confirmed' | 'active' | 'deleted';
  suspendedUntil: Date | null;
  bannedAt: Date | null;
}

/** What an action did, for its report, its audit row and what follows the commit. */
export interface ActionPlan {
  /** The report's outcome; null for an action that cannot resolve a report (lifting a restriction). */
  outcome: ReportOutcome | null;
  audit: Omit<AuditEntry, 'reportId'>;
  /** Work after the commit (files, session notices, mails); each failure is logged, never thrown. */
  afterCommit?: () => Promise<void> | void;
}

export type ActionFailure = 'not_found' | 'conflict';

/**
 * Applies one change to member `memberId` in the caller's transaction, after the member (and the
 * report) were locked and found: checks come first and fail before writing anything; then it
 * writes its change and describes it.
 */
export type ApplyAction = (tx: Db, member: ModeratedMember, now: Date) => Promise<Result<ActionPlan, ActionFailure>>;

/** The member, and the report the action works (none for an action outside a report). */
export interface ActionTarget {
  memberId: number;
  reportId?: number;
}

/**
 * docs/product.md §13 Member actions, Reports queue: runs one operator action in one database
 * transaction: locks the report (`not_found` when unknown or about another member, `conflict`
 * with `admin.report_resolved` when no longer open) and the member's `users` row (`not_found`),
 * applies the change, resolves the report (`reviewed`, outcome, time, operator) and writes the
 * audit row (with the report id). After the commit: the plan's follow-up work, and for a report
 * resolved with an action (not dismissed) the reporter's "we acted on your report" mail.
 * The row order (report, users, then profiles and the rest) is the same in every action and in
 * the suspension job, so concurrent actions wait for each other instead of deadlocking.
 * @returns the outcome and the report id (null outside a report).
 */
export async function runModerationAction(
  ctx: AppContext,
  actor: OperatorActor,
  target: ActionTarget,
  apply: ApplyAction,
): Promise<Result<{ outcome: ReportOutcome | null; reportId: number | null }, ActionFailure>> {
  const now = ctx.clock.now();
  const done = await ctx.db.transaction(async (tx) => {
    let reporterId: number | null = null;
    if (target.reportId !== undefined) {
      const [report] = await tx
        .select({ profileId: reports.profileId, reporterId: reports.reporterId, status: reports.status })
        .from(reports)
        .where(eq(reports.id, target.reportId))
        .for('update');
      if (!report || report.profileId !== target.memberId) return fail('not_found', 'admin.report_not_found');
      if (report.status !== 'open') return fail('conflict', 'admin.report_resolved');
      reporterId = report.reporterId;
    }
    const [member] = await tx
      .select({
        id: users.id,
        site: users.site,
        status: users.status,
        suspendedUntil: users.suspendedUntil,
        bannedAt: users.bannedAt,
      })
      .from(users)
      .where(eq(users.id, target.memberId))
      .for('update');
    if (!member) return fail('not_found', 'admin.member_not_found');
    const plan = await apply(tx, member, now);
    if (!plan.ok) return plan;
    if (target.reportId !== undefined) {
      if (plan.value.outcome === null) throw new Error(`${plan.value.audit.action} cannot resolve a report`);
      await tx
        .update(reports)
        .set({ status: 'reviewed', outcome: plan.value.outcome, resolvedAt: now, resolvedBy: actor.id })
        .where(and(eq(reports.id, target.reportId), eq(reports.status, 'open')));
    }
    await recordAudit(tx, actor, { ...plan.value.audit, reportId: target.reportId ?? null }, now);
    const outcome = plan.value.outcome;
    if (reporterId !== null && outcome !== null && outcome !== 'dismissed')
      await queueReporterMail({ ...ctx, db: tx }, reporterId);
    return ok({ plan: plan.value, reporterId });
  });
  if (!done.ok) return done;
  const { plan } = done.value;
  // Mails the action queued (warning, report outcome) go out now.
  nudgeOutbox(ctx);
  try {
    await plan.afterCommit?.();
  } catch (error) {
    ctx.log.warn('moderation follow-up failed', { memberId: target.memberId, action: plan.audit.action, error });
  }
  return ok({ outcome: plan.outcome, reportId: target.reportId ?? null });
}

/** What every member action takes: the member, the report it works (if any), the operator's reason. */
export interface MemberActionInput extends ActionTarget {
  reason?: string;
}

/** `{ reason }` for an audit row's `after`, when the operator gave one. */
export const withReason = (reason: string | undefined) => (reason ? { reason } : {});

/**
 * Runs `apply` as an operator action on a member (`runModerationAction`), then answers the
 * member's account state after it.
 */
export async function actOnMember(
  ctx: AppContext,
  actor: OperatorActor,
  target: ActionTarget,
  apply: ApplyAction,
): Promise<Result<MemberModerationView, ActionFailure>> {
  const done = await runModerationAction(ctx, actor, target, apply);
  if (!done.ok) return done;
  const view = await loadMemberModeration(ctx, target.memberId);
  return view ? ok(view) : fail('not_found', 'admin.member_not_found');
}
