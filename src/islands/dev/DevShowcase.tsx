import { TOAST_POSITIONS } from '~/shared/constants-shell';
import type { Locale } from '~/shared/locales';
import { endLoading, startLoading } from '../../stores/loading-bar';
import { openModal } from '../../stores/modal';
import { showToast } from '../../stores/toasts';
import { ActivateReminder } from '../shell/ActivateReminder';
import ActivateReminderBanner from '../shell/ActivateReminderBanner';
import { useT } from '../shell/use-t';

const LOADING_DEMOS = [
  { label: '1.5 s success', ms: 1500, ok: true },
  { label: '1.5 s error', ms: 1500, ok: false },
  { label: '100 ms (throttled)', ms: 100, ok: true },
];

/** Development-only showcase of shell components in each of their states (/_dev/*). */
export default function DevShowcase({ locale, tool }: { locale: Locale; tool: 'dialogs' | 'activate-reminder' }) {
  const t = useT(locale);
  if (tool === 'activate-reminder') {
    return (
      <div className="dev-grid">
        {(['pending', 'sending', 'sent', 'error'] as const).map((state) => (
          <section key={state}>
            <h2>{state}</h2>
            <ActivateReminder locale={locale} email="anna@example.com" state={state} onResend={() => undefined} />
          </section>
        ))}
        <section>
          <h2>interactive (really sends: log in as an unconfirmed member)</h2>
          <ActivateReminderBanner locale={locale} email="anna@example.com" />
        </section>
      </div>
    );
  }
  return (
    <div className="dev-grid">
      <section>
        <h2>Modals</h2>
        <div className="dev-actions">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() =>
              openModal({ kind: 'info', title: 'Info', body: 'An informational dialog.\n\nSecond paragraph.' })
            }
          >
            Info
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() =>
              openModal({ kind: 'danger', title: t('chat.start_error_title'), body: t('chat.start_error_body') })
            }
          >
            Danger
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() =>
              openModal({
                kind: 'content',
                title: 'Terms',
                body: 'Long legal text…\n\n'.repeat(20),
                href: '/pages/terms',
              })
            }
          >
            Content
          </button>
        </div>
      </section>
      <section>
        <h2>Toasts</h2>
        <div className="dev-actions">
          {TOAST_POSITIONS.map((position) => (
            <button
              key={position}
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => showToast({ message: position, position })}
            >
              {position}
            </button>
          ))}
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => showToast({ message: 'Saved', kind: 'success' })}
          >
            success
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => showToast({ message: 'Failed', kind: 'error' })}
          >
            error
          </button>
        </div>
      </section>
      <section>
        <h2>Loading bar</h2>
        <div className="dev-actions">
          {LOADING_DEMOS.map((demo) => (
            <button
              key={demo.label}
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                startLoading();
                setTimeout(() => endLoading(demo.ok), demo.ms);
              }}
            >
              {demo.label}
            </button>
          ))}
        </div>
      </section>
    </div>
  );
}
