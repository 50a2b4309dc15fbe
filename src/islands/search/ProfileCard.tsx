import type { ReactNode } from 'react';
import type { PublicProfile } from '~/shared/contracts/profile';
import { showsLanguageBadge } from '~/shared/rules/member-rules';

interface Props {
  profile: PublicProfile;
  cdnPrefix: string;
  countryName: string | undefined;
  onlineLabel: string;
  /** The page's locale: the card shows the member's language when it differs (docs/product.md §9). */
  locale: string;
  languageLabel: string;
  /** Action buttons (like, message, visit) shown along the bottom; none on the likes page (docs/product.md §2). */
  actions?: ReactNode;
  /** Where the card leads; default the member's profile. */
  href?: string;
  /** A "new" ribbon (a received like not yet seen). */
  newLabel?: string;
  /** Above the fold: the photo is fetched with high priority and not lazily. */
  priority?: boolean;
}

/** Photo-led member card (docs/product.md Visual direction): 4:5 photo, name + age, place, online dot. */
export function ProfileCard({
  profile,
  cdnPrefix,
  countryName,
  onlineLabel,
  locale,
  languageLabel,
  actions,
  href,
  newLabel,
  priority = false,
}: Props) {
  // The server's coarse presence (docs/product.md §3), the same on the server and in the browser.
  const isOnline = profile.presence === 'online';
  const place = [profile.city, countryName ?? profile.country].filter(Boolean).join(', ');
  return (
    <li className={`member-card${actions ? ' has-actions' : ''}`} data-testid="member-card" data-member-id={profile.id}>
      {profile.main_image ? (
        <img
          src={`${cdnPrefix}/${profile.main_image.thumb_filename}`}
          alt=""
          width={240}
          height={300}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
        />
      ) : (
        <div className="member-card-initial" aria-hidden="true">
          {profile.name.slice(0, 1).toUpperCase()}
        </div>
      )}
      {showsLanguageBadge(profile, locale) && (
        <span className="language-badge" title={languageLabel} data-testid="language-badge">
          {profile.language.toUpperCase()}
        </span>
      )}
      {newLabel && (
        <span className="new-badge" data-testid="new-like">
          {newLabel}
        </span>
      )}
      <a className="member-card-link" href={href ?? `/members/${profile.id}`}>
        <span className="member-card-name">
          {isOnline && <span className="online-dot" role="img" aria-label={onlineLabel} />}
          <span>
            {profile.name}
            {profile.age !== null && `, ${profile.age}`}
          </span>
        </span>
        {place && <span className="member-card-place">{place}</span>}
      </a>
      {actions && <div className="member-card-actions">{actions}</div>}
    </li>
  );
}

/** Placeholder cards while a page loads. */
export function SkeletonCards({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="member-card skeleton" aria-hidden="true" />
      ))}
    </>
  );
}
