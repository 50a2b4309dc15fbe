import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { consoleT, consoleText, type ConsoleLocale, type ConsoleText } from '~/shared/console-i18n';
import { createPhotoReviewStore, fetchPhotoQueue } from '../../stores/admin/photos';
import { SelectField } from '../shell/SelectField';
import { ErrorAlert } from './AdminLoadState';
import { PhotoReviewCard } from './PhotoReviewCard';
import { useAdminLoad } from './use-admin-load';

interface Props {
  locale: ConsoleLocale;
  /** Every site (package name and name), for the filter. */
  sites: { value: string; label: string }[];
}

/** A review notice in words (a rejection names its reason, in lower case but for German). */
function noticeText(locale: ConsoleLocale, notice: ConsoleText): string {
  const reason = notice.values?.reason;
  if (reason === undefined) return consoleText(locale, notice);
  const label = consoleT(locale)(`photo_reasons.${reason}`);
  // German nouns keep their capital.
  return consoleT(locale)(notice.key, { reason: locale === 'de' ? label : label.toLocaleLowerCase(locale) });
}

/**
 * docs/product.md §13 Photo review: the queue of new member photos as a grid, most urgent first
 * (explicit or looking under 21, then no face), with approve, reject with a reason, and approving
 * every selected photo of the page at once. Reviewed photos leave the grid; an emptied page loads
 * the next photos.
 */
export default function PhotoReview({ locale, sites }: Props) {
  const t = consoleT(locale);
  const [site, setSite] = useState('');
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors.at(-1);
  const load = useAdminLoad(fetchPhotoQueue, { site, after });
  const [store] = useState(() => createPhotoReviewStore());
  const { reviewed, selected, busy, errors, notice, bulkError } = useStore(store.$state);
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

  function showPage(next: string[]) {
    setCursors(next);
    store.newPage();
  }

  return (
    <section className="admin-panel" aria-labelledby="photos-title">
      <h1 id="photos-title">{t('photos.title')}</h1>
      <p className="muted">{t('photos.intro')}</p>
      <div className="admin-toolbar photo-review-toolbar">
        <SelectField
          label={t('common.site')}
          value={site}
          options={[{ value: '', label: t('common.all_sites') }, ...sites]}
          onChange={(value) => {
            setSite(value);
            showPage([]);
          }}
        />
        <p className="photo-review-count" aria-live="polite">
          {load.data ? (
            <>
              <strong>{waiting}</strong> {t('photos.waiting')}
            </>
          ) : (
            ' '
          )}
        </p>
      </div>
      <div role="status" className={notice ? 'admin-notice admin-notice-success' : 'visually-hidden'}>
        {notice && noticeText(locale, notice)}
      </div>
      {load.error && (
        <p className="alert alert-danger" role="alert">
          {t('photos.load_failed')} {consoleText(locale, load.error)}{' '}
          <button type="button" className="btn btn-small btn-secondary" onClick={load.reload}>
            {t('common.try_again')}
          </button>
        </p>
      )}
      {!load.data && load.loading && <p className="admin-empty">{t('photos.loading')}</p>}
      {load.data && photos.length === 0 && !load.loading && (
        <p className="admin-empty">{cursors.length > 0 ? t('photos.page_done') : t('photos.empty')}</p>
      )}
      {photos.length > 0 && (
        <>
          <div className="admin-actions photo-review-bulk">
            <label className="photo-review-select">
              <input
                ref={selectAll}
                type="checkbox"
                checked={selectedHere.length === photos.length}
                onChange={(e) => store.selectOnly(e.target.checked ? photos.map((photo) => photo.id) : [])}
              />
              {t('photos.select_all')}
            </label>
            <button
              type="button"
              className="btn btn-primary btn-small"
              disabled={selectedHere.length === 0 || busy.size > 0}
              onClick={() => void store.approveSelected(photos.map((photo) => photo.id))}
            >
              {t('photos.approve_selected', { n: selectedHere.length })}
            </button>
          </div>
          <ErrorAlert locale={locale} error={bulkError} />
          <div className="admin-grid photo-review-grid" aria-busy={load.loading}>
            {photos.map((photo) => (
              <PhotoReviewCard
                key={photo.id}
                locale={locale}
                photo={photo}
                selected={selected.has(photo.id)}
                busy={busy.has(photo.id)}
                error={errors[photo.id] ?? null}
                onSelect={(on) => store.select(photo.id, on)}
                onApprove={() => void store.approve(photo.id)}
                onReject={(reason, note) => void store.reject(photo.id, reason, note)}
              />
            ))}
          </div>
        </>
      )}
      {(cursors.length > 0 || load.data?.next) && (
        <nav className="admin-actions photo-review-pages" aria-label={t('photos.pages')}>
          {cursors.length > 0 && (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => showPage(cursors.slice(0, -1))}
            >
              {t('members.previous')}
            </button>
          )}
          {load.data?.next && (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => showPage([...cursors, load.data!.next!])}
            >
              {t('members.next')}
            </button>
          )}
        </nav>
      )}
    </section>
  );
}
