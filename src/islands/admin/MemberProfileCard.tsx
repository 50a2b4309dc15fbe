import { Fragment } from 'react';
import type { MemberRecord } from '~/shared/contracts/admin/members';
import { formatDay } from './member-format';
import { formatTime } from './use-admin-load';

interface Props {
  record: MemberRecord;
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The member's account and profile: main photo, address, site, dates, place and what the profile says. */
export function MemberProfileCard({ record }: Props) {
  const { account, profile } = record;
  const place = [profile.city, profile.countryregion, profile.country].filter(Boolean).join(', ');
  const fields = Object.entries(profile.fields);
  return (
    <section className="admin-panel" aria-labelledby="member-profile-title">
      <h2 id="member-profile-title">Profile</h2>
      <div className="admin-member-card">
        {profile.mainPhoto ? (
          <figure className="admin-member-photo">
            <img src={profile.mainPhoto.url} alt={`Main photo of ${profile.name || `member #${account.id}`}`} />
            {profile.mainPhoto.reviewStatus !== 'approved' && (
              <figcaption>
                <span className="admin-badge admin-badge-muted">Photo {profile.mainPhoto.reviewStatus}</span>
              </figcaption>
            )}
          </figure>
        ) : (
          <div className="admin-member-photo admin-member-nophoto">No photo</div>
        )}
        <dl className="admin-kv">
          <dt>E-mail</dt>
          <dd className="admin-mono">{account.email ?? 'Removed (deleted account)'}</dd>
          <dt>Site</dt>
          <dd>
            {account.siteName} <span className="muted admin-mono">{account.site}</span>
          </dd>
          <dt>Joined</dt>
          <dd>{formatTime(account.createdAt)}</dd>
          <dt>Last active</dt>
          <dd>{profile.lastActiveAt ? formatTime(profile.lastActiveAt) : '—'}</dd>
          {account.deletedAt && (
            <>
              <dt>Deleted</dt>
              <dd>
                {formatTime(account.deletedAt)}
                {account.deleteReason && <span className="muted"> ({account.deleteReason})</span>}
              </dd>
            </>
          )}
          {account.bannedAt && (
            <>
              <dt>Banned</dt>
              <dd>{formatTime(account.bannedAt)}</dd>
            </>
          )}
          <dt>Gender</dt>
          <dd>{profile.gender ?? '—'}</dd>
          <dt>Age</dt>
          <dd>
            {profile.age ?? '—'}
            {profile.dateOfBirth && <span className="muted"> (born {formatDay(profile.dateOfBirth)})</span>}
          </dd>
          <dt>Place</dt>
          <dd>{place || '—'}</dd>
          <dt>Language</dt>
          <dd>{profile.language}</dd>
          <dt>Signup step</dt>
          <dd>{profile.lastSignupStep} of 7</dd>
          <dt>In search</dt>
          <dd>{yesNo(profile.isVisible)}</dd>
          <dt>Photos</dt>
          <dd>
            {profile.photos.approved} approved, {profile.photos.pending} pending, {profile.photos.rejected} rejected
            {profile.hasNudity && <span className="admin-badge admin-badge-danger">Nudity flagged</span>}
          </dd>
          {account.isDemo && (
            <>
              <dt>Demo member</dt>
              <dd>Yes</dd>
            </>
          )}
        </dl>
      </div>
      {profile.personal && (
        <>
          <h3 className="admin-member-subtitle">About me</h3>
          <p className="admin-member-personal">{profile.personal}</p>
        </>
      )}
      {fields.length > 0 && (
        <>
          <h3 className="admin-member-subtitle">Profile fields</h3>
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
