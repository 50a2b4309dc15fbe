import { ApiError, callApi } from '../client/api';
import type { ReportReason } from '~/shared/contracts/safety';
import * as routes from '~/shared/contracts/routes';

/**
 * Block, unblock and report actions. They resolve to null on success or the
 * i18n key of the error to show in the dialog.
 */
export async function blockMember(profile: number): Promise<string | null> {
  try {
    await callApi(routes.block, { body: { profile } });
    return null;
  } catch (error) {
    return error instanceof ApiError ? error.message : 'errors.network';
  }
}

/** Unblocks a member (docs/product.md §10 Blocked members; idempotent). */
export async function unblockMember(profile: number): Promise<string | null> {
  try {
    await callApi(routes.unblock, { body: { profile } });
    return null;
  } catch (error) {
    return error instanceof ApiError ? error.message : 'errors.network';
  }
}

export async function reportMember(input: {
  profile: number;
  conversation?: number;
  reason: ReportReason;
  details: string;
}): Promise<string | null> {
  try {
    await callApi(routes.report, {
      body: {
        profile: input.profile,
        conversation: input.conversation,
        reason: input.reason,
        details: input.details.trim() || undefined,
      },
    });
    return null;
  } catch (error) {
    return error instanceof ApiError ? error.message : 'errors.network';
  }
}
