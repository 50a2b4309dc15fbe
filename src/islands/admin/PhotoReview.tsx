import { useEffect, useRef, useState } from 'react';
import { adminErrorText, callAdmin } from '~/client/admin-api';
import {
  adminApprovePhotoContract,
  adminApprovePhotosContract,
  adminPhotoQueueContract,
  adminRejectPhotoContract,
  PHOTO_REJECT_REASON_LABELS,
  type PhotoRejectReason,
} from '~/shared/contracts/admin/photos';
import { SelectField } from '../shell/SelectField';
import { PhotoReviewCard } from './PhotoReviewCard';
import { useAdminLoad } from './use-admin-load';

const PAGE_SIZE = 24;

interface Props {
  /** Every site (package name and name), for the filter. */
  sites: { value: string; label: string }[];
}

/** A photo reviewed by someone else meanwhile (or deleted by its member): it simply leaves the page. */
const isAlreadyReviewed = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'conflict' || code === 'not_found';
};

/**
 * docs/product.md §13 Photo review: the queue of new member photos as a grid, most urgent first
 * (explicit or looking under 21, then no face), with approve, reject with a reason, and approving
 * every selected photo of the page at once. Reviewed photos leave the grid; an emptied page loads
 * the next photos.
 */
export default function PhotoReview({ sites }: Props) {
  const [site, setSite] = useState('');
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors.at(-1);
  const load = useAdminLoad(
    () => callAdmin(adminPhotoQueueContract, { query: { limit: PAGE_SIZE, after, site: site || undefined } }),
    JSON.stringify([site, after]),
  );
  const [reviewed, setReviewed] = useState<Set<number>>(new Set());
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState<Set<number>>(new Set());
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [notice, setNotice] = useState('');
  const [bulkError, setBulkError] = useState<string | null>(null);
  const selectAll = useRef<HTMLInputElement>(null);

  const photos = (load.data?.photos ?? []).filter((photo) => !reviewed.has(photo.id));
  const reviewedHere = (load.data?.photos ?? []).length - photos.length;
  const waiting = Math.max(0, (load.data?.total ?? 0) - reviewedHere);
  const selectedHere = photos.filter((photo) => selected.has(photo.id));

  const emptiedPage = useRef<unknown>(null);
  useEffect(() => {
    // A page whose photos were all reviewed shows the next ones waiting (one reload per page answer).
    const page = load.data;
    if (!page || page.photos.length === 0 || photos.length > 0 || emptiedPage.current === page) return;
    emptiedPage.current = page;
    load.reload();
  }, [load, photos.length]);
  useEffect(() => {
    if (selectAll.current)
      selectAll.current.indeterminate = selectedHere.length > 0 && selectedHere.length < photos.length;
  }, [selectedHere.length, photos.length]);

  const change = <T,>(set: Set<T>, value: T, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(value);
    else next.delete(value);
    return next;
  };
  const markReviewed = (ids: number[]) => {
    setReviewed((current) => new Set([...current, ...ids]));
    setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))));
  };

  async function act(id: number, call: () => Promise<unknown>, done: string) {
    setBusy((current) => change(current, id, true));
    setErrors(({ [id]: _dropped, ...rest }) => rest);
    try {
      await call();
      markReviewed([id]);
      setNotice(done);
    } catch (error) {
      if (isAlreadyReviewed(error)) {
        markReviewed([id]);
        setNotice('That photo was already reviewed by someone else.');
      } else setErrors((current) => ({ ...current, [id]: adminErrorText(error) }));
    } finally {
      setBusy((current) => change(current, id, false));
    }
  }

  const approve = (id: number) =>
    act(id, () => callAdmin(adminApprovePhotoContract, { params: { id } }), 'Photo approved: it shows everywhere now.');
  const reject = (id: number, reason: PhotoRejectReason, note: string) =>
    act(
      id,
      () => callAdmin(adminRejectPhotoContract, { params: { id }, body: { reason, ...(note ? { note } : {}) } }),
      `Photo rejected (${PHOTO_REJECT_REASON_LABELS[reason].toLowerCase()}) and removed.`,
    );

  async function approveSelected() {
    const ids = selectedHere.map((photo) => photo.id);
    setBusy(new Set(ids));
    setBulkError(null);
    try {
      const result = await callAdmin(adminApprovePhotosContract, { body: { ids } });
      markReviewed([...result.approved, ...result.skipped]);
      const count = result.approved.length;
      const skipped = result.skipped.length;
      setNotice(
        `Approved ${count} photo${count === 1 ? '' : 's'}.` +
          (skipped > 0 ? ` ${skipped} had already been reviewed by someone else.` : ''),
      );
    } catch (error) {
      setBulkError(adminErrorText(error));
    } finally {
      setBusy(new Set());
    }
  }

  function showPage(next: string[]) {
    setCursors(next);
    setSelected(new Set());
    setReviewed(new Set());
  }

  return (
    <section className="admin-panel" aria-labelledby="photos-title">
      <h1 id="photos-title">Photo review</h1>
      <p className="muted">
        New member photos, most urgent first: explicit or looking under 21, then no face found. An approved photo shows
        everywhere; a rejected one is removed from the member’s gallery and from storage.
      </p>
      <div className="admin-toolbar photo-review-toolbar">
        <SelectField
          label="Site"
          value={site}
          options={[{ value: '', label: 'All sites' }, ...sites]}
          onChange={(value) => {
            setSite(value);
            showPage([]);
          }}
        />
        <p className="photo-review-count" aria-live="polite">
          {load.data ? (
            <>
              <strong>{waiting}</strong> waiting
            </>
          ) : (
            ' '
          )}
        </p>
      </div>
      <div role="status" className={notice ? 'admin-notice admin-notice-success' : 'visually-hidden'}>
        {notice}
      </div>
      {load.error && (
        <p className="alert alert-danger" role="alert">
          The photos could not be loaded. {load.error}{' '}
          <button type="button" className="btn btn-small btn-secondary" onClick={load.reload}>
            Try again
          </button>
        </p>
      )}
      {!load.data && load.loading && <p className="admin-empty">Loading photos…</p>}
      {load.data && photos.length === 0 && !load.loading && (
        <p className="admin-empty">
          {cursors.length > 0 ? 'No more photos waiting on this page.' : 'No photos waiting for review.'}
        </p>
      )}
      {photos.length > 0 && (
        <>
          <div className="admin-actions photo-review-bulk">
            <label className="photo-review-select">
              <input
                ref={selectAll}
                type="checkbox"
                checked={selectedHere.length === photos.length}
                onChange={(e) => setSelected(e.target.checked ? new Set(photos.map((photo) => photo.id)) : new Set())}
              />
              Select all on this page
            </label>
            <button
              type="button"
              className="btn btn-primary btn-small"
              disabled={selectedHere.length === 0 || busy.size > 0}
              onClick={approveSelected}
            >
              Approve selected ({selectedHere.length})
            </button>
          </div>
          {bulkError && (
            <p className="alert alert-danger" role="alert">
              {bulkError}
            </p>
          )}
          <div className="admin-grid photo-review-grid" aria-busy={load.loading}>
            {photos.map((photo) => (
              <PhotoReviewCard
                key={photo.id}
                photo={photo}
                selected={selected.has(photo.id)}
                busy={busy.has(photo.id)}
                error={errors[photo.id] ?? null}
                onSelect={(on) => setSelected((current) => change(current, photo.id, on))}
                onApprove={() => approve(photo.id)}
                onReject={(reason, note) => reject(photo.id, reason, note)}
              />
            ))}
          </div>
        </>
      )}
      {(cursors.length > 0 || load.data?.next) && (
        <nav className="admin-actions photo-review-pages" aria-label="Pages of the queue">
          {cursors.length > 0 && (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => showPage(cursors.slice(0, -1))}
            >
              Previous page
            </button>
          )}
          {load.data?.next && (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => showPage([...cursors, load.data!.next!])}
            >
              Next page
            </button>
          )}
        </nav>
      )}
    </section>
  );
}
