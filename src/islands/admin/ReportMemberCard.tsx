import type { ReportDetail } from '~/shared/contracts/admin/moderation';
import { AdminConfirmAction } from './AdminConfirmAction';
import { MemberStatusBadges } from './MemberStatusBadges';
import { moderationErrorText } from './report-format';
import { formatTime } from './use-admin-load';

interface Props {
  member: ReportDetail['member'];
  /** Whether the report is open: only then photos and the about-me can be acted on from here. */
  canAct: boolean;
  /** Removes a photo or clears the about-me through the report; resolves with the notice, or throws. */
  perform(action: { action: 'remove_photo'; photoId: number } | { action: 'clear_about' }): Promise<string>;
  onDone(notice: string): void;
}

/**
 * The reported member as the moderator judges them (docs/product.md §13 Reports queue): account
 * state, facts, every photo (each removable) and the about-me (clearable). Removing or clearing
 * resolves the report.
 */
export function ReportMemberCard({ member, canAct, perform, onDone }: Props) {
  const place = [member.city, member.country].filter(Boolean).join(', ');
  const name = member.name || `Member #${member.memberId}`;
  return (
    <section className="admin-report-section" aria-labelledby="report-member-title">
      <div className="admin-report-member-head">
        <h3 id="report-member-title">{name}</h3>
        <MemberStatusBadges
          status={member.status}
          suspendedUntil={member.suspendedUntil}
          banned={member.bannedAt !== null}
        />
      </div>
      <dl className="admin-kv">
        <dt>Age</dt>
        <dd>{member.age ?? '—'}</dd>
        <dt>Gender</dt>
        <dd>{member.gender ?? '—'}</dd>
        <dt>Place</dt>
        <dd>{place || '—'}</dd>
        <dt>Site</dt>
        <dd className="admin-mono">{member.site}</dd>
        <dt>Joined</dt>
        <dd>{formatTime(member.joinedAt)}</dd>
        <dt>Last active</dt>
        <dd>{formatTime(member.lastActiveAt)}</dd>
        <dt>Open reports</dt>
        <dd>{member.openReports}</dd>
      </dl>
      <p>
        <a href={`/admin/members/${member.memberId}`}>Open the member’s record</a>
      </p>

      <h4>Photos ({member.photos.length})</h4>
      {member.photos.length === 0 ? (
        <p className="muted">No photos.</p>
      ) : (
        <ul className="admin-grid admin-report-photos">
          {member.photos.map((photo, index) => (
            <li key={photo.id} className="admin-photo">
              <a href={photo.url} target="_blank" rel="noopener noreferrer">
                <img src={photo.thumbUrl} alt={`Photo ${index + 1} of ${name} (opens full size)`} loading="lazy" />
              </a>
              <div className="admin-photo-body">
                <span className="admin-actions">
                  {photo.isMain && <span className="admin-badge">Main</span>}
                  {photo.reviewStatus === 'pending' && (
                    <span className="admin-badge admin-badge-muted">Not reviewed</span>
                  )}
                  {photo.nudity && <span className="admin-badge admin-badge-danger">Nudity</span>}
                </span>
                {canAct && (
                  <AdminConfirmAction
                    label={`Remove photo ${index + 1}`}
                    question="Remove this photo for good? This resolves the report."
                    confirmLabel="Remove"
                    danger
                    run={() => perform({ action: 'remove_photo', photoId: photo.id })}
                    onDone={onDone}
                    errorText={moderationErrorText}
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      <h4>About me</h4>
      {member.about ? (
        <>
          <p className="admin-member-personal admin-report-quote">{member.about}</p>
          {canAct && (
            <AdminConfirmAction
              label="Clear the about-me"
              question="Empty the member’s about-me text? This resolves the report."
              confirmLabel="Clear it"
              danger
              run={() => perform({ action: 'clear_about' })}
              onDone={onDone}
              errorText={moderationErrorText}
            />
          )}
        </>
      ) : (
        <p className="muted">Empty.</p>
      )}
    </section>
  );
}
