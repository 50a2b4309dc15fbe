import { useEffect, useState } from 'react';
import { pagePushKey } from '../../stores/page';
import { $push, disablePush, enablePush, startPush, type PushState } from '../../stores/push';
import { useHydratedStore } from '../shell/use-hydrated-store';
import type { useT } from '../shell/use-t';

/**
 * "Push on this browser" on /notifications (docs/product.md §10 Notifications): a switch that
 * subscribes this browser (asking permission) or unsubscribes it and removes it from the
 * account; says plainly when the browser cannot show notifications or the member blocked them.
 */
/** What the server renders (and the browser's first render, before hydration): not known yet. */
const PUSH_UNKNOWN: PushState = { subscription: 'unknown', isCapable: false, isSubscribed: false, lastMessage: null };

export function PushOnThisBrowser({ t }: { t: ReturnType<typeof useT> }) {
  const push = useHydratedStore($push, PUSH_UNKNOWN);
  const [pushKey, setPushKey] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setPushKey(pagePushKey());
    if ($push.get().subscription === 'unknown') void startPush();
  }, []);

  const toggle = async (on: boolean) => {
    setBusy(true);
    setFailed(false);
    if (on && pushKey) {
      const result = await enablePush(pushKey);
      setFailed(result === false);
    } else if (!on) {
      await disablePush();
    }
    setBusy(false);
  };

  let body;
  if (push.subscription === 'unknown') body = <p className="muted">{t('notifications.push_checking')}</p>;
  else if (push.subscription === 'denied')
    body = (
      <p className="notify-note notify-note-blocked" data-testid="push-blocked">
        {t('notifications.push_blocked')}
      </p>
    );
  else if (!push.isCapable || (!pushKey && !push.isSubscribed))
    body = (
      <p className="notify-note" data-testid="push-unsupported">
        {t('notifications.push_unsupported')}
      </p>
    );
  else
    body = (
      <>
        <label className="notify-switch notify-switch-wide">
          <input
            type="checkbox"
            role="switch"
            checked={push.isSubscribed}
            aria-checked={push.isSubscribed}
            disabled={busy}
            onChange={(event) => void toggle(event.target.checked)}
            data-testid="push-browser-switch"
          />
          <span>{t('notifications.push_switch')}</span>
        </label>
        <p className="muted notify-push-state" role="status" aria-live="polite">
          {busy
            ? t('notifications.saving')
            : push.isSubscribed
              ? t('notifications.push_on')
              : t('notifications.push_off')}
        </p>
        {failed && (
          <div className="alert alert-danger" role="alert">
            {t('notifications.push_failed')}
          </div>
        )}
      </>
    );

  return (
    <section
      className="card account-section notify-section"
      aria-labelledby="notify-push-title"
      data-testid="push-browser"
    >
      <h2 id="notify-push-title">{t('notifications.push_title')}</h2>
      <p className="muted">{t('notifications.push_text')}</p>
      {body}
    </section>
  );
}
