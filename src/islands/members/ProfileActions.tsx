import type { Locale } from '../../shared/locales';
import { useT } from '../shell/use-t';
import { LikeButton } from './LikeButton';
import { MessageButton } from './MessageButton';

interface Props {
  locale: Locale;
  profile: { id: number; name: string };
  isLoggedIn: boolean;
  chatsAvailable: boolean;
}

/** Like/unlike and message buttons of the profile page (SPEC §2 /members/:memberId). */
export default function ProfileActions({ locale, profile, isLoggedIn, chatsAvailable }: Props) {
  const t = useT(locale);
  return (
    <div className="profile-actions">
      <LikeButton profile={profile} isLoggedIn={isLoggedIn} t={t} variant="full" />
      {(!isLoggedIn || chatsAvailable) && <MessageButton profile={profile} isLoggedIn={isLoggedIn} t={t} variant="full" />}
    </div>
  );
}
