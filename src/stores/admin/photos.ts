import { atom } from 'nanostores';
import { callAdmin } from '~/client/admin-api';
import {
  adminApprovePhotoContract,
  adminApprovePhotosContract,
  adminPhotoQueueContract,
  adminRejectPhotoContract,
  type PhotoRejectReason,
} from '~/shared/contracts/admin/photos';
import type { ConsoleText } from '~/shared/console-i18n';
import { adminFailure, failureCode } from './errors';

/** Photos one page of the review grid shows. */
const PHOTO_PAGE_SIZE = 24;

/** One page of the photo queue (docs/product.md §13 Photo review), most urgent first, after cursor `after`. */
export function fetchPhotoQueue({ site, after }: { site: string; after?: string }) {
  return callAdmin(adminPhotoQueueContract, { query: { limit: PHOTO_PAGE_SIZE, after, site: site || undefined } });
}

/** The review state of the photos on the page: which are reviewed, selected, in flight, and what failed. */
export interface PhotoReviewState {
  reviewed: ReadonlySet<number>;
  selected: ReadonlySet<number>;
  busy: ReadonlySet<number>;
  /** A failure per photo id. */
  errors: Readonly<Record<number, ConsoleText>>;
  /** What the last review did. */
  notice: ConsoleText | null;
  bulkError: ConsoleText | null;
}

/** The API calls the review store makes (replaceable in tests). */
export interface PhotoReviewCalls {
  approve(id: number): Promise<unknown>;
  reject(id: number, reason: PhotoRejectReason, note: string): Promise<unknown>;
  approveMany(ids: number[]): Promise<{ approved: number[]; skipped: number[] }>;
}

const apiCalls: PhotoReviewCalls = {
  approve: (id) => callAdmin(adminApprovePhotoContract, { params: { id } }),
  reject: (id, reason, note) =>
    callAdmin(adminRejectPhotoContract, { params: { id }, body: { reason, ...(note ? { note } : {}) } }),
  approveMany: (ids) => callAdmin(adminApprovePhotosContract, { body: { ids } }),
};

/** A photo reviewed by someone else meanwhile (or deleted by its member): it simply leaves the page. */
const isAlreadyReviewed = (error: unknown) => ['conflict', 'not_found'].includes(failureCode(error) ?? '');

const EMPTY: PhotoReviewState = {
  reviewed: new Set(),
  selected: new Set(),
  busy: new Set(),
  errors: {},
  notice: null,
  bulkError: null,
};

const toggled = <T>(set: ReadonlySet<T>, value: T, on: boolean) => {
  const next = new Set(set);
  if (on) next.add(value);
  else next.delete(value);
  return next;
};

/**
 * The photo review's store: approve or reject one photo, approve the selected ones at once;
 * reviewed photos (here or, per the server's refusal, by someone else) leave the page.
 */
export function createPhotoReviewStore(calls: PhotoReviewCalls = apiCalls) {
  const $state = atom<PhotoReviewState>(EMPTY);
  const patch = (change: (state: PhotoReviewState) => Partial<PhotoReviewState>) =>
    $state.set({ ...$state.get(), ...change($state.get()) });
  const markReviewed = (ids: number[]) =>
    patch((state) => ({
      reviewed: new Set([...state.reviewed, ...ids]),
      selected: new Set([...state.selected].filter((id) => !ids.includes(id))),
    }));

  async function review(id: number, call: () => Promise<unknown>, done: ConsoleText): Promise<void> {
    patch((state) => {
      const { [id]: _dropped, ...errors } = state.errors;
      return { busy: toggled(state.busy, id, true), errors };
    });
    try {
      await call();
      markReviewed([id]);
      patch(() => ({ notice: done }));
    } catch (error) {
      if (isAlreadyReviewed(error)) {
        markReviewed([id]);
        patch(() => ({ notice: { key: 'photos.already_reviewed' } }));
      } else patch((state) => ({ errors: { ...state.errors, [id]: adminFailure(error) } }));
    } finally {
      patch((state) => ({ busy: toggled(state.busy, id, false) }));
    }
  }

  return {
    $state,
    select(id: number, on: boolean): void {
      patch((state) => ({ selected: toggled(state.selected, id, on) }));
    },
    /** Selects exactly `ids` (all on the page, or none). */
    selectOnly(ids: number[]): void {
      patch(() => ({ selected: new Set(ids) }));
    },
    approve(id: number): Promise<void> {
      return review(id, () => calls.approve(id), { key: 'photos.approved' });
    },
    reject(id: number, reason: PhotoRejectReason, note: string): Promise<void> {
      return review(id, () => calls.reject(id, reason, note), { key: 'photos.rejected', values: { reason } });
    },
    /** Approves the selected photos among `ids` (the page's); the ones reviewed meanwhile are skipped. */
    async approveSelected(ids: number[]): Promise<void> {
      const chosen = ids.filter((id) => $state.get().selected.has(id));
      if (chosen.length === 0) return;
      patch(() => ({ busy: new Set(chosen), bulkError: null }));
      try {
        const result = await calls.approveMany(chosen);
        markReviewed([...result.approved, ...result.skipped]);
        const approved = result.approved.length;
        const skipped = result.skipped.length;
        const notice: ConsoleText =
          skipped > 0
            ? { key: 'photos.bulk_approved_skipped', values: { count: approved, skipped } }
            : { key: 'photos.bulk_approved', values: { count: approved } };
        patch(() => ({ notice }));
      } catch (error) {
        patch(() => ({ bulkError: adminFailure(error) }));
      } finally {
        patch(() => ({ busy: new Set() }));
      }
    },
    /** Another page or site: nothing selected or reviewed on it yet (the notice stays). */
    newPage(): void {
      patch(() => ({ reviewed: new Set(), selected: new Set(), errors: {}, bulkError: null }));
    },
  };
}

/** The error of the reject form, or null when it may be sent ('other' needs a note). */
export function checkRejection(reason: string, note: string): ConsoleText | null {
  if (!reason) return { key: 'photos.choose_reason' };
  if (reason === 'other' && !note.trim()) return { key: 'photos.need_note' };
  return null;
}
