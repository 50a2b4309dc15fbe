import type { Locale } from '~/shared/locales';
import { useT } from '../shell/use-t';
import { LikeButton } from './LikeButton';
import { MemberSafety } from './MemberSafety';
import { MessageButton } from './MessageButton';

interface Props {
  locale: Locale;
  profile: { id: number; name: string };
  isLoggedIn: boolean;
  chatsAvailable: boolean;
  /** The viewer blocked this member: only Unblock and Report (docs/product.md §10 Blocked members). */
  blocked?: boolean;
}

/**
 * Like/unlike and message buttons of the profile page (docs/product.md §2 /members/:memberId),
 * with block and report behind a "⋯" menu (Unblock instead of block for a member the viewer
 * blocked, whose page shows nothing else). On phones they form a bar fixed above the bottom
 * navigation, so they stay in reach while reading the profile.
 */
export default function ProfileActions({ locale, profile, isLoggedIn, chatsAvailable, blocked = false }: Props) {
  const t = useT(locale);
  if (blocked)
    return (
      <div className="profile-actions profile-actions-blocked" data-testid="profile-actions">
        <MemberSafety profile={profile} t={t} trigger="menu" blocked />
      </div>
    );
  return (
    <div className="profile-actions" data-testid="profile-actions">
      <LikeButton profile={profile} isLoggedIn={isLoggedIn} t={t} variant="full" />
      {(!isLoggedIn || chatsAvailable) && (
        <MessageButton profile={profile} isLoggedIn={isLoggedIn} t={t} variant="full" />
      )}
      {isLoggedIn && <MemberSafety profile={profile} t={t} trigger="menu" />}
    </div>
  );
}
