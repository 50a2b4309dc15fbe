import { useEffect } from 'react';
import type { Locale } from '~/shared/locales';
import { openModal } from '../../stores/modal';
import { useT } from '../shell/use-t';
import { LikeButton } from './LikeButton';
import { MemberSafety } from './MemberSafety';
import { MessageButton } from './MessageButton';

interface Props {
  locale: Locale;
  profile: { id: number; name: string };
  isLoggedIn: boolean;
  chatsAvailable: boolean;
}

/**
 * Like/unlike and message buttons of the profile page (docs/product.md §2 /members/:memberId),
 * with block and report behind a "⋯" menu. On phones they form a bar fixed
 * above the bottom navigation, so they stay in reach while reading the profile.
 */
export default function ProfileActions({ locale, profile, isLoggedIn, chatsAvailable }: Props) {
  const t = useT(locale);
  useEffect(() => {
    // /members/:id/chat could not open the conversation (docs/product.md §8 chat start failure).
    const url = new URL(window.location.href);
    if (url.searchParams.get('chat') !== 'failed') return;
    openModal({ kind: 'danger', title: t('chat.start_error_title'), body: t('chat.start_error_body') });
    url.searchParams.delete('chat');
    window.history.replaceState(window.history.state, '', url);
  }, [t]);
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
