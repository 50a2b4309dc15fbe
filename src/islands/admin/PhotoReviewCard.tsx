import { useState, type FormEvent } from 'react';
import { consoleT, consoleText, type ConsoleLocale, type ConsoleText } from '~/shared/console-i18n';
import { PHOTO_REJECT_REASONS, type PhotoForReview, type PhotoRejectReason } from '~/shared/contracts/admin/photos';
import { checkRejection } from '../../stores/admin/photos';
import { SelectField } from '../shell/SelectField';
import { TextField } from '../shell/TextField';
import { ErrorAlert } from './AdminLoadState';
import { formatAge } from './use-admin-load';

interface Badge {
  text: string;
  tone: 'danger' | 'plain' | 'muted';
}

/**
 * A stored photo's URL: the app serves every stored file at `/media/<key>` whatever the site's
 * `cdn_prefix`, and the console's pages load images from their own origin.
 */
const mediaUrl = (key: string) => `/media/${key}`;

const percent = (value: number) => `${Math.round(value * 100)}%`;

/** What the screening found, most serious first, as badges (docs/product.md §13 Screening). */
export function screeningBadges(locale: ConsoleLocale, photo: PhotoForReview): Badge[] {
  const t = consoleT(locale);
  const { screening } = photo;
  const badges: Badge[] = [];
  if (!screening) return [{ text: t('photos.not_screened'), tone: 'muted' }];
  if (!screening.scored)
    return [{ text: t('photos.unscored', { reason: screening.unscoredReason ?? '' }), tone: 'muted' }];
  if (screening.looksUnderage)
    badges.push({ text: t('photos.under_21', { age: screening.youngestAge ?? '?' }), tone: 'danger' });
  const nudity = t('photos.nudity', { percent: percent(screening.explicit) });
  if (photo.nudity) badges.push({ text: nudity, tone: 'danger' });
  else if (screening.explicit >= 0.3) badges.push({ text: nudity, tone: 'plain' });
  if (screening.faces === 0) badges.push({ text: t('photos.no_face'), tone: 'danger' });
  if (screening.sexy >= 0.5)
    badges.push({ text: t('photos.suggestive', { percent: percent(screening.sexy) }), tone: 'plain' });
  if (screening.faces !== null && screening.faces > 1)
    badges.push({ text: t('photos.faces', { n: screening.faces }), tone: 'muted' });
  if (badges.length === 0) badges.push({ text: t('photos.nothing_flagged'), tone: 'muted' });
  return badges;
}

interface Props {
  locale: ConsoleLocale;
  photo: PhotoForReview;
  selected: boolean;
  busy: boolean;
  error: ConsoleText | null;
  onSelect(selected: boolean): void;
  onApprove(): void;
  onReject(reason: PhotoRejectReason, note: string): void;
}

/** One photo waiting for review: the photo, its member and site, the screening badges, approve and reject. */
export function PhotoReviewCard({ locale, photo, selected, busy, error, onSelect, onApprove, onReject }: Props) {
  const t = consoleT(locale);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [formError, setFormError] = useState<ConsoleText | null>(null);
  const titleId = `photo-${photo.id}-member`;
  const ageSeconds = (Date.now() - new Date(photo.uploadedAt).getTime()) / 1000;
  const reasonOptions = [
    { value: '', label: t('photos.choose_reason_option') },
    ...PHOTO_REJECT_REASONS.map((value) => ({ value, label: t(`photo_reasons.${value}`) })),
  ];

  function submitReject(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = checkRejection(reason, note);
    setFormError(problem);
    if (!problem) onReject(reason as PhotoRejectReason, note.trim());
  }

  return (
    <article
      className="admin-photo photo-review-card"
      aria-labelledby={titleId}
      data-selected={selected || undefined}
      data-priority={photo.reviewPriority}
    >
      <a className="photo-review-image" href={mediaUrl(photo.filename)} target="_blank" rel="noopener noreferrer">
        <img
          src={mediaUrl(photo.thumbFilename)}
          alt={t('photos.photo_alt', { name: photo.memberName })}
          loading="lazy"
          width={photo.width}
          height={photo.height}
        />
      </a>
      <div className="admin-photo-body">
        <h2 id={titleId} className="photo-review-member">
          <a href={`/admin/members/${photo.memberId}`}>{photo.memberName}</a>
        </h2>
        <p className="photo-review-meta muted">
          {photo.siteName} ·{' '}
          <time dateTime={photo.uploadedAt}>{t('reports.ago', { age: formatAge(locale, ageSeconds) })}</time>
          {photo.isMain && ` · ${t('photos.main_photo')}`}
        </p>
        <ul className="photo-review-badges" aria-label={t('photos.screening')}>
          {screeningBadges(locale, photo).map((badge) => (
            <li
              key={badge.text}
              className={badge.tone === 'plain' ? 'admin-badge' : `admin-badge admin-badge-${badge.tone}`}
            >
              {badge.text}
            </li>
          ))}
        </ul>
        <label className="photo-review-select">
          <input type="checkbox" checked={selected} disabled={busy} onChange={(e) => onSelect(e.target.checked)} />
          {t('photos.select')}
        </label>
        <div className="photo-review-actions">
          <button type="button" className="btn btn-primary btn-small" disabled={busy} onClick={onApprove}>
            {t('photos.approve')}
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={busy}
            aria-expanded={rejecting}
            onClick={() => setRejecting(!rejecting)}
          >
            {t('photos.reject')}
          </button>
        </div>
        {rejecting && (
          <form
            className="photo-review-reject"
            onSubmit={submitReject}
            aria-label={t('photos.reject_label', { name: photo.memberName })}
          >
            <SelectField
              label={t('credits.reason')}
              value={reason}
              options={reasonOptions}
              onChange={setReason}
              disabled={busy}
            />
            <TextField
              label={reason === 'other' ? t('photos.note') : t('photos.note_optional')}
              value={note}
              maxLength={500}
              disabled={busy}
              onChange={(e) => setNote(e.target.value)}
            />
            {formError && (
              <p className="field-error" role="alert">
                {consoleText(locale, formError)}
              </p>
            )}
            <button type="submit" className="btn btn-small photo-review-reject-button" disabled={busy}>
              {t('photos.reject_submit')}
            </button>
          </form>
        )}
        <ErrorAlert locale={locale} error={error} />
      </div>
    </article>
  );
}
