import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import type { ReportOutcome } from '~/shared/contracts/admin/moderation';
import type { ReportReason } from '~/shared/contracts/values';

/** Texts of the reports queue and moderation actions (docs/product.md §13), in the console's language. */

/** A report reason as the queue names it ("Fake or scam"). */
export function reasonText(locale: ConsoleLocale, reason: ReportReason): string {
  return consoleT(locale)(`reasons.${reason}`);
}

/** What the member was told a report led to, for the success notice ("Mark was sent a warning"). */
export function outcomeText(locale: ConsoleLocale, outcome: ReportOutcome, name: string, days?: number): string {
  const t = consoleT(locale);
  if (outcome === 'suspended') return t('report_outcome.suspended', { name, count: days ?? 0 });
  return t(`report_outcome.${outcome}`, { name });
}
