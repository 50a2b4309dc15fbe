import type { Locale } from '~/shared/locales';
import { useT } from './use-t';

export type ActivateReminderState = 'pending' | 'sending' | 'sent' | 'error';

interface Props {
  locale: Locale;
  email: string;
  state: ActivateReminderState;
  /** Sends the activation mail again; absent → no resend button. */
  onResend?: () => void;
  /** i18n key of why the last resend failed (e.g. `errors.rate_limited`); default `activate.error`. */
  errorKey?: string | null;
}

/** Reminder for a member whose e-mail address is not confirmed yet (docs/product.md §2 activate-reminder). */
export function ActivateReminder({ locale, email, state, onResend, errorKey }: Props) {
  const t = useT(locale);
  return (
    <div
      className={`activate-reminder activate-reminder-${state}`}
      role={state === 'error' ? 'alert' : 'status'}
      data-testid="activate-reminder"
    >
      <p>
        <strong>{t('activate.title')}</strong> {t('activate.text', { email })}
      </p>
      {state === 'sent' && <p className="muted">{t('activate.sent')}</p>}
      {state === 'error' && <p>{t(errorKey ?? 'activate.error')}</p>}
      {onResend && state !== 'sent' && (
        <button type="button" className="btn btn-secondary btn-small" onClick={onResend} disabled={state === 'sending'}>
          {state === 'sending' ? t('activate.sending') : t('activate.resend')}
        </button>
      )}
    </div>
  );
}
