import { adminErrorText } from '~/client/admin-api';
import type { ReportOutcome } from '~/shared/contracts/admin/moderation';
import type { ReportReason } from '~/shared/contracts/values';

/** Texts of the reports queue and moderation actions (docs/product.md §13): plain English, no i18n. */

/** A report reason as the queue names it. */
export const REASON_LABELS: Record<ReportReason, string> = {
  fake: 'Fake or scam',
  spam: 'Spam',
  harassment: 'Harassment',
  underage: 'Under 18',
  inappropriate: 'Inappropriate',
  other: 'Other',
};

/** What the member was told a report led to, for the success notice ("Mark was warned"). */
export function outcomeText(outcome: ReportOutcome, name: string, days?: number): string {
  switch (outcome) {
    case 'dismissed':
      return 'dismissed without action';
    case 'warned':
      return `${name} was sent a warning`;
    case 'photo_removed':
      return `a photo of ${name} was removed`;
    case 'about_cleared':
      return `${name}’s about-me was cleared`;
    case 'suspended':
      return `${name} is suspended for ${days ?? '?'} ${days === 1 ? 'day' : 'days'}`;
    case 'banned':
      return `${name} is banned`;
  }
}

/** Why the server refused a moderation action (its message key), in words. */
const REFUSALS: Record<string, string> = {
  'admin.report_resolved': 'This report was resolved meanwhile, perhaps by another moderator.',
  'admin.report_not_found': 'This report no longer exists.',
  'admin.member_not_found': 'This member no longer exists.',
  'admin.member_deleted': 'The member deleted their account: there is nothing to act on.',
  'admin.member_banned': 'The member is banned already.',
  'admin.member_not_restricted': 'The member is neither suspended nor banned.',
  'admin.photo_not_found': 'That photo is gone (deleted meanwhile?).',
};

/** The text of a failed moderation call: the precise refusal when the server named one. */
export function moderationErrorText(error: unknown): string {
  const key = error instanceof Error ? error.message : '';
  return REFUSALS[key] ?? adminErrorText(error);
}

/** Whether a failure says the report was resolved already (it then leaves the queue). */
export function isResolvedElsewhere(error: unknown): boolean {
  return error instanceof Error && error.message === 'admin.report_resolved';
}
