import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { $likedIds, $pendingLikes, toggleLike } from '../../stores/likes';
import { HeartIcon } from '../shell/icons';
import { promptSignup } from './signup-prompt';

interface Props {
  profile: { id: number; name: string };
  isLoggedIn: boolean;
  t: TFunction;
  /** 'icon' on cards, 'full' (icon + text) on the profile page. */
  variant: 'icon' | 'full';
}

/** Like/unlike toggle (docs/product.md §4); visitors get the join prompt instead (docs/product.md §6). */
export function LikeButton({ profile, isLoggedIn, t, variant }: Props) {
  const likedIds = useStore($likedIds);
  const pending = useStore($pendingLikes).has(profile.id);
  const liked = likedIds.has(profile.id);
  const label = liked ? t('member.unlike', { name: profile.name }) : t('member.like', { name: profile.name });
  return (
    <button
      type="button"
      className={`btn ${variant === 'icon' ? 'btn-icon' : liked ? 'btn-secondary' : 'btn-primary'} like-button`}
      aria-pressed={isLoggedIn ? liked : undefined}
      aria-label={variant === 'icon' ? label : undefined}
      title={variant === 'icon' ? label : undefined}
      aria-busy={pending || undefined}
      data-testid="like-button"
      onClick={() => (isLoggedIn ? void toggleLike(profile.id) : promptSignup(t, profile, 'like'))}
    >
      <HeartIcon />
      {variant === 'full' && <span>{liked ? t('member.liked') : t('member.like_short')}</span>}
    </button>
  );
}
