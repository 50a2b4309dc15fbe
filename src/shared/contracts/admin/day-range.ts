import type { z } from 'zod';

/** The longest period of a console report (UTC days, both ends included). */
export const MAX_REPORT_DAYS = 366;

/**
 * Checks a `from`–`to` range of UTC days (`YYYY-MM-DD`, both included) of a console query:
 * `to` not before `from` (`validation.period_reversed`), at most MAX_REPORT_DAYS days
 * (`validation.period_too_long`). An absent end is not checked.
 */
export function checkDayRange(range: { from?: string; to?: string }, check: z.RefinementCtx): void {
  if (!range.from || !range.to) return;
  const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1;
  if (days < 1) check.addIssue({ code: 'custom', path: ['to'], message: 'validation.period_reversed' });
  else if (days > MAX_REPORT_DAYS)
    check.addIssue({ code: 'custom', path: ['to'], message: 'validation.period_too_long' });
}
