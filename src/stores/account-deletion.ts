import { atom } from 'nanostores';
import { ApiError, callApi } from '../client/api';
import { deleteAccountContract, type DeleteReason } from '~/shared/contracts/account-deletion';
import { failureMessageKey } from './failures';
import * as routes from '~/shared/contracts/routes';
import { issueMessageKey } from '~/shared/contracts/issue-keys';

/**
 * Account deletion on /profile (docs/product.md §10), step by step: `intro` (what deleting
 * means) → `offer` (the site's one-time stay discount, when there is one) → `confirm`
 * (password and optional reason) → deleted; accepting the offer ends in `stayed`.
 */
export interface AccountDeletionState {
  step: 'intro' | 'offer' | 'confirm' | 'stayed';
  /** Percent of the offer on screen (step `offer`). */
  offerPercent: number | null;
  /** Percent off the next purchase the member accepted earlier, shown as a reminder. */
  acceptedPercent: number | null;
  busy: boolean;
  /** i18n key of a failure that is not about one field. */
  error: string | null;
  /** Field → i18n key (`password`, `reason`). */
  fieldErrors: Record<string, string>;
}

const INITIAL: AccountDeletionState = {
  step: 'intro',
  offerPercent: null,
  acceptedPercent: null,
  busy: false,
  error: null,
  fieldErrors: {},
};

export const $accountDeletion = atom<AccountDeletionState>(INITIAL);

function patch(change: Partial<AccountDeletionState>): void {
  $accountDeletion.set({ ...$accountDeletion.get(), ...change });
}

/** Loads whether an accepted offer is waiting (a failure only leaves the reminder out). */
export async function loadDeleteOfferState(): Promise<void> {
  try {
    const state = await callApi(routes.deleteOfferState, { quiet: true });
    patch({ acceptedPercent: state.accepted_percent });
  } catch (error) {
    console.warn('delete offer state failed', error);
  }
}

/**
 * "Delete my account": asks the server for the one-time offer (it is recorded as shown) and
 * goes to it, or straight to the confirmation when there is none — also when asking failed,
 * since the offer must never stand between a member and deleting.
 */
export async function startDeletion(): Promise<void> {
  patch({ busy: true, error: null, fieldErrors: {} });
  let percent: number | null = null;
  try {
    percent = (await callApi(routes.showDeleteOffer)).percent;
  } catch (error) {
    console.warn('delete offer failed', error);
  }
  patch({ busy: false, step: percent === null ? 'confirm' : 'offer', offerPercent: percent });
}

/** Declining the offer continues to the confirmation. */
export function declineOffer(): void {
  patch({ step: 'confirm', error: null });
}

/** Accepting the offer keeps the account (step `stayed`); a failure is shown on the offer. */
export async function acceptOffer(): Promise<void> {
  patch({ busy: true, error: null });
  try {
    const { percent } = await callApi(routes.acceptDeleteOffer);
    patch({ busy: false, step: 'stayed', acceptedPercent: percent, offerPercent: null });
  } catch (error) {
    patch({ busy: false, error: failureMessageKey(error) });
  }
}

/** Back to the start without deleting. */
export function cancelDeletion(): void {
  patch({ step: 'intro', busy: false, error: null, fieldErrors: {}, offerPercent: null });
}

/**
 * Deletes the account with the password (and optional reason).
 * @returns true when the account is gone (the caller leaves for /account-deleted); false with
 *   field errors (wrong or missing password) or a general error in the store.
 */
export async function confirmDeletion(password: string, reason: DeleteReason | null): Promise<boolean> {
  const body = { password, ...(reason ? { reason } : {}) };
  const parsed = deleteAccountContract.body.safeParse(body);
  if (!parsed.success) {
    patch({ fieldErrors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), issueMessageKey(i)])) });
    return false;
  }
  patch({ busy: true, error: null, fieldErrors: {} });
  try {
    await callApi(routes.deleteAccount, { body: parsed.data });
    patch({ busy: false });
    return true;
  } catch (error) {
    const issues = error instanceof ApiError ? error.issues : [];
    if (issues.length > 0) {
      patch({ busy: false, fieldErrors: Object.fromEntries(issues.map((i) => [i.path, i.message])) });
    } else {
      patch({ busy: false, error: failureMessageKey(error) });
    }
    return false;
  }
}

/** Back to the initial state (tests, leaving the page). */
export function resetAccountDeletion(): void {
  $accountDeletion.set(INITIAL);
}
