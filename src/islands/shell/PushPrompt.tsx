import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { shouldShowPushPrompt } from '~/shared/rules/push-rules';
import { $push, enablePush } from '../../stores/push';
import { $pushPrompt, dismissPushPrompt, isPushPromptDue } from '../../stores/push-prompt';
import { showToast } from '../../stores/toasts';
import { BellIcon } from './icons';
import type { useT } from './use-t';

/**
 * The push offer (docs/product.md §5 rule): only after a like or a message in this
 * session, never again in a session where it was declined, at most once a week
 * after a decline. Pages with a card grid hold a slot (`data-shell-prompt-slot`)
 * where it shows as an inline card in the flow; elsewhere it is a slim banner
 * docked above the bottom navigation.
 */
export function PushPrompt({
  t,
  isLoggedIn,
  pushKey,
}: {
  t: ReturnType<typeof useT>;
  isLoggedIn: boolean;
  pushKey: string | null;
}) {
  const push = useStore($push);
  // Starts hidden (not loaded): the server cannot read this browser's choice. AppShell, which
  // mounts this offer, reads the memory when it hydrates (the install offer needs it too).
  const memory = useStore($pushPrompt);
  const [slot, setSlot] = useState<Element | null>(null);
  useEffect(() => setSlot(document.querySelector('[data-shell-prompt-slot]')), []);
  const [busy, setBusy] = useState(false);
  const visible =
    isPushPromptDue(memory, Date.now()) &&
    push.subscription !== 'unknown' &&
    shouldShowPushPrompt({
      isLoggedIn,
      isCapable: push.isCapable,
      isSubscribed: push.isSubscribed,
      isDenied: push.subscription === 'denied',
      pushKey,
    });
  if (!visible || !pushKey) return null;

  const enable = async () => {
    setBusy(true);
    const result = await enablePush(pushKey);
    setBusy(false);
    if (typeof result === 'string' && result.startsWith('{'))
      showToast({ message: t('shell.push_enabled'), kind: 'success' });
    else if (result === 'denied') showToast({ message: t('shell.push_denied'), kind: 'error' });
    else showToast({ message: t('shell.push_failed'), kind: 'error' });
  };
  const dismiss = () => dismissPushPrompt();

  const banner = (
    <section className="shell-banner shell-banner-slim" aria-labelledby="push-prompt-title" data-testid="push-prompt">
      <span className="shell-banner-icon" aria-hidden="true">
        <BellIcon />
      </span>
      <div className="shell-banner-text">
        <h2 id="push-prompt-title">{t('shell.push_title')}</h2>
        <p>{t('shell.push_text')}</p>
      </div>
      <div className="shell-banner-actions">
        <button type="button" className="btn btn-primary btn-small" onClick={enable} disabled={busy}>
          {t('shell.push_enable_short')}
        </button>
        <button type="button" className="btn btn-ghost btn-small" onClick={dismiss}>
          {t('shell.not_now')}
        </button>
      </div>
    </section>
  );
  return slot ? createPortal(banner, slot) : banner;
}
