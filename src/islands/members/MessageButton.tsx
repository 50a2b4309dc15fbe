import type { TFunction } from 'i18next';
import { ChatIcon } from '../shell/icons';
import { promptSignup } from './signup-prompt';

interface Props {
  profile: { id: number; name: string };
  isLoggedIn: boolean;
  t: TFunction;
  variant: 'icon' | 'full';
}

/**
 * Message action: members go to the conversation with this member
 * (`/members/:memberId/chat`, docs/product.md §2); visitors get the join prompt (docs/product.md §6).
 */
export function MessageButton({ profile, isLoggedIn, t, variant }: Props) {
  const label = t('member.message', { name: profile.name });
  const className = `btn ${variant === 'icon' ? 'btn-icon' : 'btn-secondary'} message-button`;
  const content = (
    <>
      <ChatIcon />
      {variant === 'full' && <span>{t('member.message_short')}</span>}
    </>
  );
  if (!isLoggedIn) {
    return (
      <button
        type="button"
        className={className}
        aria-label={variant === 'icon' ? label : undefined}
        title={variant === 'icon' ? label : undefined}
        data-testid="message-button"
        onClick={() => promptSignup(t, profile, 'message')}
      >
        {content}
      </button>
    );
  }
  return (
    <a
      className={className}
      href={`/members/${profile.id}/chat`}
      aria-label={variant === 'icon' ? label : undefined}
      title={variant === 'icon' ? label : undefined}
      data-testid="message-button"
    >
      {content}
    </a>
  );
}
