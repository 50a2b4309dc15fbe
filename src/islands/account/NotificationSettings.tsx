import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { NotificationChannel, NotificationKind } from '~/shared/contracts/notifications';
import type { Locale } from '~/shared/locales';
import {
  $notificationSettings,
  loadNotificationSettings,
  setNotificationSetting,
} from '../../stores/notification-settings';
import { useT } from '../shell/use-t';
import { PushOnThisBrowser } from './PushOnThisBrowser';
import '~/styles/account.css';
import '~/styles/account-notifications.css';

const KINDS: { kind: NotificationKind; title: string; text: string }[] = [
  { kind: 'message', title: 'notifications.kind_message', text: 'notifications.kind_message_text' },
  { kind: 'like', title: 'notifications.kind_like', text: 'notifications.kind_like_text' },
];
const CHANNELS: { channel: NotificationChannel; label: string }[] = [
  { channel: 'mail', label: 'notifications.channel_mail' },
  { channel: 'push', label: 'notifications.channel_push' },
];

/**
 * /notifications (docs/product.md §10 Notifications): per kind — new message, new like — an
 * e-mail and a push switch, each saved at once with a status line; then
 * push on this browser.
 */
export default function NotificationSettings({ locale, siteName }: { locale: Locale; siteName: string }) {
  const t = useT(locale);
  const state = useStore($notificationSettings);
  useEffect(() => void loadNotificationSettings(), []);
  const saved = state.lastSave;

  return (
    <>
      <section
        className="card account-section notify-section"
        aria-labelledby="notify-title"
        aria-busy={state.status === 'loading'}
        data-testid="notification-settings"
      >
        <h2 id="notify-title">{t('notifications.section_title')}</h2>
        <p className="muted">{t('notifications.section_text')}</p>
        {state.status === 'loading' && <p className="muted">{t('notifications.loading')}</p>}
        {state.status === 'failed' && (
          <div className="alert alert-danger notify-load-failed" role="alert">
            <span>{t('notifications.load_failed')}</span>
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => void loadNotificationSettings()}
            >
              {t('notifications.retry')}
            </button>
          </div>
        )}
        {state.settings && (
          <div className="notify-kinds">
            {KINDS.map(({ kind, title, text }) => (
              <fieldset className="notify-kind" key={kind} data-kind={kind}>
                <legend>{t(title, { site: siteName })}</legend>
                <p className="muted notify-kind-text">{t(text, { site: siteName })}</p>
                <div className="notify-switches">
                  {CHANNELS.map(({ channel, label }) => {
                    const key = `${kind}_${channel}` as const;
                    return (
                      <label className="notify-switch" key={key}>
                        <input
                          type="checkbox"
                          role="switch"
                          name={key}
                          checked={state.settings![key]}
                          aria-checked={state.settings![key]}
                          onChange={(event) => void setNotificationSetting(key, event.target.checked)}
                          data-testid={`notify-${key}`}
                        />
                        <span>{t(label)}</span>
                      </label>
                    );
                  })}
                </div>
              </fieldset>
            ))}
          </div>
        )}
        <p className="notify-status" role="status" aria-live="polite" data-testid="notify-status">
          {state.saving.length > 0
            ? t('notifications.saving')
            : saved?.outcome === 'saved'
              ? t('notifications.saved')
              : ''}
        </p>
        {state.saving.length === 0 && saved?.outcome === 'failed' && (
          <div className="alert alert-danger" role="alert">
            {t(saved.message ?? 'errors.internal')}
          </div>
        )}
      </section>
      <PushOnThisBrowser t={t} />
    </>
  );
}
