import { useState, type FormEvent } from 'react';
import {
  PHOTO_REJECT_REASON_LABELS,
  PHOTO_REJECT_REASONS,
  type PhotoForReview,
  type PhotoRejectReason,
} from '~/shared/contracts/admin/photos';
import { SelectField } from '../shell/SelectField';
import { TextField } from '../shell/TextField';
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
export function screeningBadges(photo: PhotoForReview): Badge[] {
  const { screening } = photo;
  const badges: Badge[] = [];
  if (!screening) return [{ text: 'Not screened yet', tone: 'muted' }];
  if (!screening.scored) return [{ text: `Could not be screened (${screening.unscoredReason})`, tone: 'muted' }];
  if (screening.looksUnderage) badges.push({ text: `Looks under 21 (≈${screening.youngestAge})`, tone: 'danger' });
  if (photo.nudity) badges.push({ text: `Nudity ${percent(screening.explicit)}`, tone: 'danger' });
  else if (screening.explicit >= 0.3) badges.push({ text: `Nudity ${percent(screening.explicit)}`, tone: 'plain' });
  if (screening.faces === 0) badges.push({ text: 'No face', tone: 'danger' });
  if (screening.sexy >= 0.5) badges.push({ text: `Suggestive ${percent(screening.sexy)}`, tone: 'plain' });
  if (screening.faces !== null && screening.faces > 1) badges.push({ text: `${screening.faces} faces`, tone: 'muted' });
  if (badges.length === 0) badges.push({ text: 'Nothing flagged', tone: 'muted' });
  return badges;
}

interface Props {
  photo: PhotoForReview;
  selected: boolean;
  busy: boolean;
  error: string | null;
  onSelect(selected: boolean): void;
  onApprove(): void;
  onReject(reason: PhotoRejectReason, note: string): void;
}

const REASON_OPTIONS = [
  { value: '', label: 'Choose a reason' },
  ...PHOTO_REJECT_REASONS.map((reason) => ({ value: reason, label: PHOTO_REJECT_REASON_LABELS[reason] })),
];

/** One photo waiting for review: the photo, its member and site, the screening badges, approve and reject. */
export function PhotoReviewCard({ photo, selected, busy, error, onSelect, onApprove, onReject }: Props) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const titleId = `photo-${photo.id}-member`;
  const ageSeconds = (Date.now() - new Date(photo.uploadedAt).getTime()) / 1000;

  function submitReject(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason) return setFormError('Choose a reason.');
    if (reason === 'other' && !note.trim()) return setFormError('Add a note saying why.');
    setFormError(null);
    onReject(reason as PhotoRejectReason, note.trim());
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
          alt={`Photo by ${photo.memberName} (opens full size)`}
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
          {photo.siteName} · <time dateTime={photo.uploadedAt}>{formatAge(ageSeconds)} ago</time>
          {photo.isMain && ' · main photo'}
        </p>
        <ul className="photo-review-badges" aria-label="Screening">
          {screeningBadges(photo).map((badge) => (
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
          Select
        </label>
        <div className="photo-review-actions">
          <button type="button" className="btn btn-primary btn-small" disabled={busy} onClick={onApprove}>
            Approve
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={busy}
            aria-expanded={rejecting}
            onClick={() => setRejecting(!rejecting)}
          >
            Reject…
          </button>
        </div>
        {rejecting && (
          <form
            className="photo-review-reject"
            onSubmit={submitReject}
            aria-label={`Reject the photo by ${photo.memberName}`}
          >
            <SelectField label="Reason" value={reason} options={REASON_OPTIONS} onChange={setReason} disabled={busy} />
            <TextField
              label={reason === 'other' ? 'Note' : 'Note (optional)'}
              value={note}
              maxLength={500}
              disabled={busy}
              onChange={(e) => setNote(e.target.value)}
            />
            {formError && (
              <p className="field-error" role="alert">
                {formError}
              </p>
            )}
            <button type="submit" className="btn btn-small photo-review-reject-button" disabled={busy}>
              Reject and remove
            </button>
          </form>
        )}
        {error && (
          <p className="alert alert-danger" role="alert">
            {error}
          </p>
        )}
      </div>
    </article>
  );
}
