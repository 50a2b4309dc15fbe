import { callAdmin } from '~/client/admin-api';
import {
  adminBanMemberContract,
  adminReportActionContract,
  adminReportContract,
  adminReportsContract,
  adminSuspendMemberContract,
  adminUnbanMemberContract,
  adminWarnMemberContract,
  SUSPEND_DAYS_MAX,
  SUSPEND_DAYS_MIN,
  type ReportAction,
} from '~/shared/contracts/admin/moderation';
import type { ConsoleText } from '~/shared/console-i18n';

/** docs/product.md §13 Member actions: the optional reason kept in the audit log (blank = none). */
const reasonBody = (reason: string) => ({ reason: reason.trim() || undefined });

/** The error of a suspension's days, or null when whole days from SUSPEND_DAYS_MIN to SUSPEND_DAYS_MAX. */
export function checkSuspendDays(days: number): ConsoleText | null {
  return Number.isInteger(days) && days >= SUSPEND_DAYS_MIN && days <= SUSPEND_DAYS_MAX
    ? null
    : { key: 'moderation.days_invalid', values: { min: SUSPEND_DAYS_MIN, max: SUSPEND_DAYS_MAX } };
}

/** Suspends a member for `days`; resolves with the member's state (suspendedUntil). */
export function suspendMember(id: number, days: number, reason: string) {
  return callAdmin(adminSuspendMemberContract, { params: { id }, body: { days, ...reasonBody(reason) } });
}

/** Bans a member. */
export function banMember(id: number, reason: string) {
  return callAdmin(adminBanMemberContract, { params: { id }, body: reasonBody(reason) });
}

/** Lifts a member's ban or suspension. */
export function liftRestriction(id: number, reason: string) {
  return callAdmin(adminUnbanMemberContract, { params: { id }, body: reasonBody(reason) });
}

/** Mails a member a warning. */
export function warnMember(id: number, reason: string) {
  return callAdmin(adminWarnMemberContract, { params: { id }, body: reasonBody(reason) });
}

/** A page of the reports queue (queue order), after report `after` when given, with the SLA figures. */
export function fetchReports(after?: number) {
  return callAdmin(adminReportsContract, { query: { after } });
}

/** One report with both members and their conversation. */
export function fetchReport(id: number) {
  return callAdmin(adminReportContract, { params: { id } });
}

/** Resolves a report with an action (dismiss, warn, remove a photo, clear about-me, suspend, ban). */
export function actOnReport(id: number, action: ReportAction) {
  return callAdmin(adminReportActionContract, { params: { id }, body: action });
}
