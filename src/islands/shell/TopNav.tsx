import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { User } from '~/shared/contracts/profile';
import { LOCALE_TAGS, type Locale } from '~/shared/locales';
import { $newLikes, $unreadMessages } from '../../stores/badges';
import { $user, initSession } from '../../stores/session';
import { watchSessionForSocialPolling } from '../../stores/social-polling';
import { ChatIcon, CoinIcon, HeartIcon, LoginIcon, SearchIcon, StarIcon, UserIcon } from './icons';
import { useHydratedStore } from './use-hydrated-store';
import { useT } from './use-t';

interface Props {
  locale: Locale;
  initialUser: User | null;
  siteName: string;
  cdnPrefix: string;
  currentPath: string;
  /** Member routes that exist in this build besides search (e.g. 'likes', 'chats'); they get nav items with badges. */
  memberRoutes: ('likes' | 'chats')[];
  /** Visitors get a join button (false where signups are closed to them: log-in only). */
  showJoin?: boolean;
  /** Developer preview (/_dev/top-nav): render these values instead of the session and badge stores. */
  preview?: { unread: number; likes: number };
}

/** Unread/new counter on a nav item; hidden at 0. */
function NavBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="nav-badge" aria-label={label} data-testid="nav-badge">
      {count > 99 ? '99+' : count}
    </span>
  );
}

/**
 * The member's credit balance (or "Premium" while premium runs) as a pill linking to /credits
 * (docs/product.md §11). Phones show the number only; the label says what it is.
 */
function BalancePill({ user, locale, current }: { user: User; locale: Locale; current: 'page' | undefined }) {
  const t = useT(locale);
  const amount = new Intl.NumberFormat(LOCALE_TAGS[locale].tag).format(user.credits);
  const low = !user.is_premium && user.credits <= 0;
  return (
    <a
      className={`nav-link nav-balance${user.is_premium ? ' is-premium' : ''}${low ? ' is-low' : ''}`}
      href="/credits"
      aria-current={current}
      aria-label={user.is_premium ? t('nav.premium_label') : t('nav.balance_label', { count: user.credits, amount })}
      data-testid="nav-balance"
    >
      <span className="nav-balance-pill">
        {user.is_premium ? <StarIcon filled /> : <CoinIcon />}
        {user.is_premium ? (
          <span>{t('nav.premium')}</span>
        ) : (
          <>
            <span className="nav-balance-amount">{amount}</span>{' '}
            <span className="nav-balance-unit">{t('credits.unit', { count: user.credits })}</span>
          </>
        )}
      </span>
    </a>
  );
}

/**
 * Top navigation (desktop) and bottom navigation (phones). Owns the session
 * store's start on every page: SSR user → `$user`, polling when logged in.
 * A member's avatar and name (and the Profile tab on phones) lead to /profile, where
 * "Log out" lives (docs/product.md §10 /profile); their credit balance (or premium) sits beside
 * them in the top bar on every width and leads to /credits. It follows `$user`, which each
 * message send updates.
 */
export default function TopNav({
  locale,
  initialUser,
  siteName,
  cdnPrefix,
  currentPath,
  memberRoutes,
  showJoin = true,
  preview,
}: Props) {
  const t = useT(locale);
  const storeUser = useStore($user);
  // Another island may fill the badges before this one hydrates (/chats starts the chat list from
  // the page's HTML): the server's zero until then, or React would find the HTML different.
  const storeUnread = useHydratedStore($unreadMessages, 0);
  const storeLikes = useHydratedStore($newLikes, 0);
  const unread = preview?.unread ?? storeUnread;
  const likes = preview?.likes ?? storeLikes;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    if (preview) return;
    const stopWatching = watchSessionForSocialPolling();
    initSession(initialUser);
    setHydrated(true);
    return stopWatching;
  }, [initialUser, preview]);
  const user = hydrated ? storeUser : initialUser;
  const current = (path: string) => (currentPath === path || currentPath.startsWith(`${path}/`) ? 'page' : undefined);

  const socialItems = user
    ? [
        ...(memberRoutes.includes('likes')
          ? [
              {
                href: '/likes',
                label: t('nav.likes'),
                icon: <HeartIcon />,
                count: likes,
                countLabel: t('nav.new_likes', { count: likes }),
              },
            ]
          : []),
        ...(memberRoutes.includes('chats')
          ? [
              {
                href: '/chats',
                label: t('nav.chats'),
                icon: <ChatIcon />,
                count: unread,
                countLabel: t('nav.unread', { count: unread }),
              },
            ]
          : []),
      ]
    : [];

  const avatar = user?.profile.main_image ? `${cdnPrefix}/${user.profile.main_image.thumb_filename}` : null;

  return (
    <>
      <header className="top-nav">
        <nav className="top-nav-inner" aria-label={t('nav.main')}>
          <a className="brand" href="/">
            <span className="brand-mark" aria-hidden="true">
              ♥
            </span>
            {siteName}
          </a>
          <ul className="nav-links">
            <li>
              <a className="nav-link" href="/members" aria-current={current('/members')}>
                <SearchIcon />
                {t('nav.search')}
              </a>
            </li>
            {socialItems.map((item) => (
              <li key={item.href}>
                <a className="nav-link" href={item.href} aria-current={current(item.href)}>
                  {item.icon}
                  {item.label}
                  <NavBadge count={item.count} label={item.countLabel} />
                </a>
              </li>
            ))}
          </ul>
          {user ? (
            <div className="nav-actions">
              <BalancePill user={user} locale={locale} current={current('/credits')} />
              <a
                className="nav-link nav-user"
                href="/profile"
                aria-current={current('/profile')}
                title={t('nav.profile')}
                data-testid="nav-user"
              >
                {avatar ? <img className="nav-avatar" src={avatar} alt="" width={36} height={36} /> : <UserIcon />}
                <span className="nav-user-name">{user.profile.name}</span>
              </a>
            </div>
          ) : (
            <div className="nav-actions">
              <a className="nav-link nav-hide-mobile" href="/login" aria-current={current('/login')}>
                {t('nav.login')}
              </a>
              {showJoin && (
                <a className="btn btn-primary btn-small" href="/signup">
                  {t('nav.signup')}
                </a>
              )}
            </div>
          )}
        </nav>
      </header>
      <nav className="bottom-nav" aria-label={t('nav.main')}>
        <a href="/members" aria-current={current('/members')}>
          <SearchIcon />
          {t('nav.search')}
        </a>
        {socialItems.map((item) => (
          <a key={item.href} href={item.href} aria-current={current(item.href)}>
            <span className="bottom-nav-icon">
              {item.icon}
              <NavBadge count={item.count} label={item.countLabel} />
            </span>
            {item.label}
          </a>
        ))}
        {user ? (
          <a href="/profile" aria-current={current('/profile')} data-testid="bottom-nav-profile">
            <UserIcon />
            {t('nav.profile')}
          </a>
        ) : (
          <>
            <a href="/login" aria-current={current('/login')}>
              <LoginIcon />
              {t('nav.login')}
            </a>
            {showJoin && (
              <a href="/signup" aria-current={current('/signup')}>
                <HeartIcon />
                {t('nav.signup')}
              </a>
            )}
          </>
        )}
      </nav>
    </>
  );
}
