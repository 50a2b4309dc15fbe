import { callAdmin } from '~/client/admin-api';
import {
  adminAffiliateReportContract,
  adminPostbackAttemptsContract,
  adminPostbacksContract,
  adminResendPostbackContract,
  type PostbackView,
} from '~/shared/contracts/admin/affiliates';
import type { ConsoleText } from '~/shared/console-i18n';
import { failureCode } from './errors';

/** docs/product.md §13 Affiliates: the lander report of a site for UTC days `from`–`to`, per day when `byDay`. */
export function fetchLanderReport({
  site,
  from,
  to,
  byDay,
}: {
  site: string;
  from: string;
  to: string;
  byDay: boolean;
}) {
  return callAdmin(adminAffiliateReportContract, { query: { site, from, to, byDay: byDay ? '1' : undefined } });
}

/** The postback log's filters; empty values are left out. */
export interface PostbackFilter {
  site?: string;
  network?: string;
  status?: PostbackView['status'];
  event?: PostbackView['event'];
}

/** One page of postbacks, newest first, older than `before` when given. */
export function fetchPostbacks({ filter, before }: { filter: PostbackFilter; before?: number }) {
  return callAdmin(adminPostbacksContract, { query: { ...filter, before } });
}

/** The attempts to send postback `id`, oldest first (`version` only makes a new load after a resend). */
export function fetchPostbackAttempts({ id }: { id: number; version?: number }) {
  return callAdmin(adminPostbackAttemptsContract, { params: { id } });
}

/** Makes postback `id` due again (the sender delivers it within seconds). */
export function resendPostback(id: number) {
  return callAdmin(adminResendPostbackContract, { params: { id } });
}

/** The precise text of a refused resend, or null for the generic one. */
export function resendErrorText(error: unknown): ConsoleText | null {
  return failureCode(error) === 'conflict' ? { key: 'postbacks.sending_now' } : null;
}
