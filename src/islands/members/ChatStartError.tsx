import { useEffect } from 'react';
import type { Locale } from '~/shared/locales';
import { openModal } from '../../stores/modal';
import { useT } from '../shell/use-t';

/**
 * The "Cannot start chat" danger modal (docs/product.md §8 chat start failure): `/members/:memberId/chat`
 * could not open the chat and sent the member back here with `?chat=failed` (to the profile, or the
 * search when there is no profile to show them). Shows the modal once and drops the parameter, so a
 * reload or Back does not show it again. Renders nothing.
 */
export default function ChatStartError({ locale }: { locale: Locale }) {
  const t = useT(locale);
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get('chat') !== 'failed') return;
    openModal({ kind: 'danger', title: t('chat.start_error_title'), body: t('chat.start_error_body') });
    url.searchParams.delete('chat');
    window.history.replaceState(window.history.state, '', url);
  }, [t]);
  return null;
}
