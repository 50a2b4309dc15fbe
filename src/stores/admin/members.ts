import { callAdmin } from '~/client/admin-api';
import {
  ADJUSTMENT_REASON_MAX,
  ADJUSTMENT_REASON_MIN,
  adminAdjustCreditsContract,
  adminDeleteMemberContract,
  adminFindMembersContract,
  adminGrantPremiumContract,
  adminMemberRecordContract,
  adminPasswordResetContract,
  adminResendActivationContract,
  adminRevokePremiumContract,
  CREDIT_ADJUSTMENT_MAX,
  PREMIUM_GRANT_MAX_DAYS,
} from '~/shared/contracts/admin/members';
import type { ConsoleText } from '~/shared/console-i18n';
import { failureCode } from './errors';

/** The member search (docs/product.md §13 Members): text (id, e-mail, name part), site ('' = all), page from 1. */
export interface MemberQuery {
  q: string;
  site: string;
  page: number;
}

/** One page (25) of members matching `query`, newest first. */
export function fetchMembers(query: MemberQuery) {
  return callAdmin(adminFindMembersContract, {
    query: { q: query.q || undefined, site: query.site || undefined, page: query.page },
  });
}

/** The search as the page's URL keeps it (`?q=&site=&page=`; empty values and page 1 left out). */
export function memberQueryUrl(query: MemberQuery, href: string): string {
  const url = new URL(href);
  for (const [name, value] of Object.entries({
    q: query.q,
    site: query.site,
    page: query.page > 1 ? query.page : '',
  })) {
    if (value === '') url.searchParams.delete(name);
    else url.searchParams.set(name, String(value));
  }
  return url.toString();
}

/** One member's whole record. */
export function fetchMemberRecord(id: number) {
  return callAdmin(adminMemberRecordContract, { params: { id } });
}

/** The field errors of a credit adjustment form; none when it may be sent. */
export function checkCreditAdjustment(
  amount: number,
  reason: string,
  balance: number,
): { amount?: ConsoleText; reason?: ConsoleText } {
  const found: { amount?: ConsoleText; reason?: ConsoleText } = {};
  if (!Number.isInteger(amount) || amount === 0 || Math.abs(amount) > CREDIT_ADJUSTMENT_MAX) {
    found.amount = { key: 'credits.amount_invalid', values: { max: CREDIT_ADJUSTMENT_MAX } };
  } else if (amount < 0 && -amount > balance) {
    found.amount = { key: 'credits.amount_too_low', values: { balance } };
  }
  if (reason.length < ADJUSTMENT_REASON_MIN || reason.length > ADJUSTMENT_REASON_MAX) {
    found.reason = {
      key: 'credits.reason_invalid',
      values: { min: ADJUSTMENT_REASON_MIN, max: ADJUSTMENT_REASON_MAX },
    };
  }
  return found;
}

/** Adds (positive) or takes (negative) whole credits with a reason; resolves with the new balance. */
export function adjustCredits(id: number, amount: number, reason: string) {
  return callAdmin(adminAdjustCreditsContract, { params: { id }, body: { amount, reason } });
}

/** The text of a refused adjustment. */
export function adjustErrorText(error: unknown): ConsoleText | null {
  return failureCode(error) === 'conflict' ? { key: 'credits.adjust_conflict' } : null;
}

/** The error of a premium grant's days, or null when 1 to PREMIUM_GRANT_MAX_DAYS whole days. */
export function checkPremiumDays(days: number): ConsoleText | null {
  return Number.isInteger(days) && days >= 1 && days <= PREMIUM_GRANT_MAX_DAYS
    ? null
    : { key: 'credits.days_invalid', values: { max: PREMIUM_GRANT_MAX_DAYS } };
}

/** Adds `days` of premium from the later of now and the current end; resolves with the new end. */
export function grantPremium(id: number, days: number) {
  return callAdmin(adminGrantPremiumContract, { params: { id }, body: { days } });
}

/** The text of a refused grant. */
export function grantErrorText(error: unknown): ConsoleText | null {
  return failureCode(error) === 'conflict' ? { key: 'credits.grant_conflict' } : null;
}

/** Ends premium now (cancelling a renewing plan); resolves with whether renewals were cancelled. */
export function revokePremium(id: number) {
  return callAdmin(adminRevokePremiumContract, { params: { id } });
}

/** The text of a call the payment provider could not complete (revoke, delete). */
export function providerErrorText(key: string) {
  return (error: unknown): ConsoleText | null =>
    failureCode(error) === 'payment_provider_unavailable' ? { key } : null;
}

/** Sends a new activation mail. */
export function resendActivation(id: number) {
  return callAdmin(adminResendActivationContract, { params: { id } });
}

/** Mails the member a password-reset link. */
export function sendPasswordReset(id: number) {
  return callAdmin(adminPasswordResetContract, { params: { id } });
}

/** The text of a refused support mail. */
export function mailErrorText(error: unknown): ConsoleText | null {
  if (failureCode(error) === 'rate_limited') return { key: 'support.rate_limited' };
  if (failureCode(error) === 'conflict') return { key: 'support.conflict' };
  return null;
}

/** Deletes the account (confirmed with its id). */
export function deleteMember(id: number) {
  return callAdmin(adminDeleteMemberContract, { params: { id }, body: { confirm: id } });
}
