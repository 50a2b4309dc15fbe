import type { TFunction } from 'i18next';
import { openModal } from '../../stores/modal';

/**
 * SPEC §6: visitors cannot like or message. Instead of the action they get a
 * friendly prompt to join, coming back to the member's profile afterwards.
 */
export function promptSignup(t: TFunction, profile: { id: number; name: string }, intent: 'like' | 'message'): void {
  const next = `/members/${profile.id}`;
  openModal({
    kind: 'info',
    title: t(intent === 'like' ? 'member.prompt_like_title' : 'member.prompt_message_title', { name: profile.name }),
    body: t('member.prompt_text'),
    action: { label: t('member.join_cta'), href: `/signup?profile=${profile.id}&next=${encodeURIComponent(next)}` },
  });
}
