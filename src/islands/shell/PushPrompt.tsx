import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { browserPushEnvironment } from '../../client/push';
import { shouldShowPushPrompt } from '../../shared/rules/push-rules';
import { $push, subscribePush } from '../../stores/push';
import { showToast } from '../../stores/toasts';
import type { useT } from './use-t';

const DISMISSED = 'amora_push_prompt_dismissed';

/** The push offer (SPEC §5 rule), dismissible for this browser. */
export function PushPrompt({ t, isLoggedIn, pushKey }: { t: ReturnType<typeof useT>; isLoggedIn: boolean; pushKey: string | null }) {
  const push = useStore($push);
  // Starts hidden: the server cannot read this browser's choice.
  const [dismissed, setDismissed] = useState(true);
  useEffect(() => setDismissed(localStorage.getItem(DISMISSED) === '1'), []);
  const [busy, setBusy] = useState(false);
  const visible =
    !dismissed &&
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
    const result = await subscribePush(browserPushEnvironment, pushKey);
    setBusy(false);
    if (typeof result === 'string' && result.startsWith('{')) showToast({ message: t('shell.push_enabled'), kind: 'success' });
    else if (result === 'denied') showToast({ message: t('shell.push_denied'), kind: 'error' });
    else showToast({ message: t('shell.push_failed'), kind: 'error' });
  };
  const dismiss = () => {
    localStorage.setItem(DISMISSED, '1');
    setDismissed(true);
  };

  return (
    <section className="shell-banner" aria-labelledby="push-prompt-title" data-testid="push-prompt">
      <div>
        <h2 id="push-prompt-title">{t('shell.push_title')}</h2>
        <p>{t('shell.push_text')}</p>
      </div>
      <div className="shell-banner-actions">
        <button type="button" className="btn btn-primary btn-small" onClick={enable} disabled={busy}>
          {t('shell.push_enable')}
        </button>
        <button type="button" className="btn btn-ghost btn-small" onClick={dismiss}>
          {t('shell.not_now')}
        </button>
      </div>
    </section>
  );
}
