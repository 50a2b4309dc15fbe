import type { TFunction } from 'i18next';
import type { PublicProfile } from '~/shared/contracts/profile';
import { LOCALE_TAGS, type Locale } from '~/shared/locales';
import type { GridItem } from '../../stores/webcams';
import { LikeButton } from '../members/LikeButton';
import { MessageButton } from '../members/MessageButton';
import { UserIcon } from '../shell/icons';
import { CamCard } from './CamCard';
import { ProfileCard } from './ProfileCard';

export interface GridOptions {
  locale: Locale;
  cdnPrefix: string;
  countryNames: Map<string, string>;
  isLoggedIn: boolean;
  /** Show like / message / visit actions on the cards (not on the likes page, docs/product.md §2). */
  withActions: boolean;
  /** The chat pages exist in this build (MEMBER_ROUTES): members get a message action. */
  chatsAvailable: boolean;
  t: TFunction;
}

/** Card actions (docs/product.md §2 search list): like, message, visit. */
export function CardActions({
  profile,
  isLoggedIn,
  chatsAvailable,
  t,
}: {
  profile: PublicProfile;
  isLoggedIn: boolean;
  chatsAvailable: boolean;
  t: TFunction;
}) {
  return (
    <>
      <LikeButton profile={profile} isLoggedIn={isLoggedIn} t={t} variant="icon" />
      {(!isLoggedIn || chatsAvailable) && (
        <MessageButton profile={profile} isLoggedIn={isLoggedIn} t={t} variant="icon" />
      )}
      <a
        className="btn btn-icon"
        href={`/members/${profile.id}`}
        aria-label={t('member.visit', { name: profile.name })}
        title={t('member.visit', { name: profile.name })}
      >
        <UserIcon />
      </a>
    </>
  );
}

/** One member card with the grid's options applied. */
export function MemberCard({
  profile,
  options,
  href,
  newLabel,
  priority = false,
}: {
  profile: PublicProfile;
  options: GridOptions;
  href?: string;
  newLabel?: string;
  /** The photo is above the fold: loaded first, not lazily. */
  priority?: boolean;
}) {
  const { locale, cdnPrefix, countryNames, isLoggedIn, withActions, chatsAvailable, t } = options;
  return (
    <ProfileCard
      profile={profile}
      cdnPrefix={cdnPrefix}
      countryName={profile.country ? countryNames.get(profile.country) : undefined}
      onlineLabel={t('member.online')}
      locale={locale}
      languageLabel={LOCALE_TAGS[profile.language].label}
      actions={
        withActions ? (
          <CardActions profile={profile} isLoggedIn={isLoggedIn} chatsAvailable={chatsAvailable} t={t} />
        ) : undefined
      }
      href={href}
      newLabel={newLabel}
      priority={priority}
    />
  );
}

/**
 * The cards of a result list, member cards and (for eligible members) webcam cards. The photos
 * of the first `priorityCards` member cards (counted without webcam cards, so the cards keep
 * their priority when webcam cards arrive) load first, the others lazily.
 */
export function ResultsGrid({
  items,
  options,
  label,
  priorityCards = 0,
}: {
  items: GridItem[];
  options: GridOptions;
  label: string;
  priorityCards?: number;
}) {
  let profileIndex = 0;
  return (
    <ul className="member-grid" aria-label={label}>
      {items.map((item) =>
        item.kind === 'profile' ? (
          <MemberCard
            key={item.profile.id}
            profile={item.profile}
            options={options}
            priority={profileIndex++ < priorityCards}
          />
        ) : (
          <CamCard key={`cam-${item.block}-${item.variant}`} cam={item.cam} variant={item.variant} t={options.t} />
        ),
      )}
    </ul>
  );
}
