import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import type { ReportDetail } from '~/shared/contracts/admin/moderation';
import { AdminConfirmAction } from './AdminConfirmAction';
import { MemberStatusBadges } from './MemberStatusBadges';
import { formatTime } from './use-admin-load';

interface Props {
  locale: ConsoleLocale;
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
export function ReportMemberCard({ locale, member, canAct, perform, onDone }: Props) {
  const t = consoleT(locale);
  const place = [member.city, member.country].filter(Boolean).join(', ');
  const name = member.name || t('record.member', { id: member.memberId });
  return (
    <section className="admin-report-section" aria-labelledby="report-member-title">
      <div className="admin-report-member-head">
        <h3 id="report-member-title">{name}</h3>
        <MemberStatusBadges
          locale={locale}
          status={member.status}
          suspendedUntil={member.suspendedUntil}
          banned={member.bannedAt !== null}
        />
      </div>
      <dl className="admin-kv">
        <dt>{t('profile.age')}</dt>
        <dd>{member.age ?? '—'}</dd>
        <dt>{t('profile.gender')}</dt>
        <dd>{member.gender ?? '—'}</dd>
        <dt>{t('profile.place')}</dt>
        <dd>{place || '—'}</dd>
        <dt>{t('common.site')}</dt>
        <dd className="admin-mono">{member.site}</dd>
        <dt>{t('members.joined')}</dt>
        <dd>{formatTime(locale, member.joinedAt)}</dd>
        <dt>{t('profile.last_active')}</dt>
        <dd>{formatTime(locale, member.lastActiveAt)}</dd>
        <dt>{t('dashboard.open_reports')}</dt>
        <dd>{member.openReports}</dd>
      </dl>
      <p>
        <a href={`/admin/members/${member.memberId}`}>{t('report.open_record')}</a>
      </p>

      <h4>{t('report.photos', { n: member.photos.length })}</h4>
      {member.photos.length === 0 ? (
        <p className="muted">{t('report.no_photos')}</p>
      ) : (
        <ul className="admin-grid admin-report-photos">
          {member.photos.map((photo, index) => (
            <li key={photo.id} className="admin-photo">
              <a href={photo.url} target="_blank" rel="noopener noreferrer">
                <img src={photo.thumbUrl} alt={t('report.photo_alt', { n: index + 1, name })} loading="lazy" />
              </a>
              <div className="admin-photo-body">
                <span className="admin-actions">
                  {photo.isMain && <span className="admin-badge">{t('report.main')}</span>}
                  {photo.reviewStatus === 'pending' && (
                    <span className="admin-badge admin-badge-muted">{t('report.not_reviewed')}</span>
                  )}
                  {photo.nudity && <span className="admin-badge admin-badge-danger">{t('report.nudity')}</span>}
                </span>
                {canAct && (
                  <AdminConfirmAction
                    locale={locale}
                    label={t('report.remove_photo', { n: index + 1 })}
                    question={t('report.remove_question')}
                    confirmLabel={t('report.remove')}
                    danger
                    run={() => perform({ action: 'remove_photo', photoId: photo.id })}
                    onDone={onDone}
                  />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      <h4>{t('profile.about')}</h4>
      {member.about ? (
        <>
          <p className="admin-member-personal admin-report-quote">{member.about}</p>
          {canAct && (
            <AdminConfirmAction
              locale={locale}
              label={t('report.clear_about')}
              question={t('report.clear_question')}
              confirmLabel={t('report.clear')}
              danger
              run={() => perform({ action: 'clear_about' })}
              onDone={onDone}
            />
          )}
        </>
      ) : (
        <p className="muted">{t('report.empty_about')}</p>
      )}
    </section>
  );
}
