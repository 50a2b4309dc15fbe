import { Fragment } from 'react';
import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import type { MemberRecord } from '~/shared/contracts/admin/members';
import { formatDay, statusText } from './member-format';
import { formatTime } from './use-admin-load';

interface Props {
  locale: ConsoleLocale;
  record: MemberRecord;
}

/** The member's account and profile: main photo, address, site, dates, place and what the profile says. */
export function MemberProfileCard({ locale, record }: Props) {
  const t = consoleT(locale);
  const { account, profile } = record;
  const place = [profile.city, profile.countryregion, profile.country].filter(Boolean).join(', ');
  const fields = Object.entries(profile.fields);
  const yesNo = (value: boolean) => (value ? t('profile.yes') : t('profile.no'));
  return (
    <section className="admin-panel" aria-labelledby="member-profile-title">
      <h2 id="member-profile-title">{t('profile.title')}</h2>
      <div className="admin-member-card">
        {profile.mainPhoto ? (
          <figure className="admin-member-photo">
            <img
              src={profile.mainPhoto.url}
              alt={t('profile.main_photo_of', { name: profile.name || t('payments.member_ref', { id: account.id }) })}
            />
            {profile.mainPhoto.reviewStatus !== 'approved' && (
              <figcaption>
                <span className="admin-badge admin-badge-muted">
                  {t('profile.photo_status', { status: statusText(locale, profile.mainPhoto.reviewStatus) })}
                </span>
              </figcaption>
            )}
          </figure>
        ) : (
          <div className="admin-member-photo admin-member-nophoto">{t('profile.no_photo')}</div>
        )}
        <dl className="admin-kv">
          <dt>{t('operators.email')}</dt>
          <dd className="admin-mono">{account.email ?? t('profile.email_removed')}</dd>
          <dt>{t('common.site')}</dt>
          <dd>
            {account.siteName} <span className="muted admin-mono">{account.site}</span>
          </dd>
          <dt>{t('members.joined')}</dt>
          <dd>{formatTime(locale, account.createdAt)}</dd>
          <dt>{t('profile.last_active')}</dt>
          <dd>{profile.lastActiveAt ? formatTime(locale, profile.lastActiveAt) : '—'}</dd>
          {account.deletedAt && (
            <>
              <dt>{t('member_state.deleted')}</dt>
              <dd>
                {formatTime(locale, account.deletedAt)}
                {account.deleteReason && <span className="muted"> ({account.deleteReason})</span>}
              </dd>
            </>
          )}
          {account.bannedAt && (
            <>
              <dt>{t('member_state.banned')}</dt>
              <dd>{formatTime(locale, account.bannedAt)}</dd>
            </>
          )}
          <dt>{t('profile.gender')}</dt>
          <dd>{profile.gender ?? '—'}</dd>
          <dt>{t('profile.age')}</dt>
          <dd>
            {profile.age ?? '—'}
            {profile.dateOfBirth && (
              <span className="muted"> ({t('profile.born', { day: formatDay(locale, profile.dateOfBirth) })})</span>
            )}
          </dd>
          <dt>{t('profile.place')}</dt>
          <dd>{place || '—'}</dd>
          <dt>{t('profile.language')}</dt>
          <dd>{profile.language}</dd>
          <dt>{t('profile.signup_step')}</dt>
          <dd>{t('profile.step_of', { step: profile.lastSignupStep })}</dd>
          <dt>{t('profile.in_search')}</dt>
          <dd>{yesNo(profile.isVisible)}</dd>
          <dt>{t('profile.photos')}</dt>
          <dd>
            {t('profile.photo_counts', {
              approved: profile.photos.approved,
              pending: profile.photos.pending,
              rejected: profile.photos.rejected,
            })}
            {profile.hasNudity && <span className="admin-badge admin-badge-danger">{t('profile.nudity')}</span>}
          </dd>
          {account.isDemo && (
            <>
              <dt>{t('profile.demo')}</dt>
              <dd>{t('profile.yes')}</dd>
            </>
          )}
        </dl>
      </div>
      {profile.personal && (
        <>
          <h3 className="admin-member-subtitle">{t('profile.about')}</h3>
          <p className="admin-member-personal">{profile.personal}</p>
        </>
      )}
      {fields.length > 0 && (
        <>
          <h3 className="admin-member-subtitle">{t('profile.fields')}</h3>
          <dl className="admin-kv">
            {fields.map(([name, value]) => (
              <Fragment key={name}>
                <dt>{name.replace(/_/g, ' ')}</dt>
                <dd>{value.replace(/_/g, ' ')}</dd>
              </Fragment>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
