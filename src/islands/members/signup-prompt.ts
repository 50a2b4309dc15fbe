import type { TFunction } from 'i18next';
import { openModal } from '../../stores/modal';
import { pageCanSignUp } from '../../stores/page';

/**
 * docs/product.md §6: visitors cannot like or message. Instead of the action they get a
 * friendly prompt to join, coming back to the member's profile afterwards;
 * where signups are closed to them, the prompt explains that and offers log-in.
 */
export function promptSignup(t: TFunction, profile: { id: number; name: string }, intent: 'like' | 'message'): void {
  const next = `/members/${profile.id}`;
  const canSignUp = pageCanSignUp();
  openModal({
    kind: 'info',
    title: t(intent === 'like' ? 'member.prompt_like_title' : 'member.prompt_message_title', { name: profile.name }),
    body: canSignUp ? t('member.prompt_text') : t('signup.invite_only'),
    action: canSignUp
      ? { label: t('member.join_cta'), href: `/signup?profile=${profile.id}&next=${encodeURIComponent(next)}` }
      : { label: t('signup.login_link'), href: `/login?next=${encodeURIComponent(next)}` },
  });
}
