import { UserIcon } from '../shell/icons';
import '~/styles/chat-deleted-member.css';

/** docs/product.md §10: the neutral placeholder shown instead of a deleted member's photo. */
export function DeletedMemberAvatar({ size }: { size?: 'large' }) {
  return (
    <span
      className={`chat-avatar chat-avatar-deleted${size === 'large' ? ' is-large' : ''}`}
      data-testid="deleted-member-avatar"
    >
      <UserIcon />
    </span>
  );
}
