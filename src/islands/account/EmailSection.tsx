import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { Locale } from '~/shared/locales';
import {
  $emailChange,
  cancelEmailChange,
  loadEmailChange,
  requestEmailChange,
  resendEmailChange,
  suggestNewEmail,
} from '../../stores/email-change';
import { fieldMessage } from '../shell/field-errors';
import { TextField } from '../shell/TextField';
import { useT } from '../shell/use-t';
import '~/styles/account.css';
import '~/styles/account-email.css';
import { useHydrated } from '../shell/use-hydrated-store';

/**
 * /profile "E-mail address" section (docs/product.md §10 E-mail change): the address in force;
 * a form for a new address and the current password; while a change waits for confirmation,
 * where the link went, that the old address stays until then, "send again" and "cancel".
 */
export default function EmailSection({ locale }: { locale: Locale }) {
  // A press before the island hydrated must not submit the password form natively (docs/architecture.md §6).
  const hydrated = useHydrated();
  const t = useT(locale);
  const state = useStore($emailChange);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const error = (field: string) => fieldMessage(t, state.fieldErrors, field);

  useEffect(() => {
    void loadEmailChange();
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await requestEmailChange(email, password)) {
      setEmail('');
      setPassword('');
    }
  };
  const current = state.status?.email ?? '';
  const pending = state.status?.pending ?? null;

  return (
    <section
      id="email"
      className="card account-section account-email"
      aria-labelledby="account-email-title"
      data-testid="email-section"
    >
      <h2 id="account-email-title">{t('email_change.title')}</h2>
      <p className="account-email-current">
        {t('email_change.current')} <strong data-testid="current-email">{current}</strong>
      </p>
      {state.error && (
        <div className="alert alert-danger" role="alert">
          {t(state.error)}
        </div>
      )}

      {pending ? (
        <div className="account-email-pending" role="status" data-testid="email-pending">
          <p>
            {t('email_change.pending_sent')} <strong>{pending.email}</strong>
          </p>
          <p>
            {t('email_change.pending_until')} <strong>{current}</strong>
          </p>
          <p className="muted">{t('email_change.pending_hint')}</p>
          {state.notice === 'resent' && <p className="account-email-notice">{t('email_change.resent')}</p>}
          <div className="account-actions">
            <button
              type="button"
              className="btn btn-secondary"
              disabled={state.busy}
              onClick={() => void resendEmailChange()}
            >
              {t('email_change.resend')}
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={state.busy}
              onClick={() => void cancelEmailChange()}
            >
              {t('email_change.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <form method="post" onSubmit={(event) => void onSubmit(event)} noValidate>
          {state.notice === 'cancelled' && (
            <p className="account-email-notice" role="status">
              {t('email_change.cancelled')}
            </p>
          )}
          <p className="muted">{t('email_change.intro')}</p>
          <TextField
            label={t('email_change.new_email')}
            type="email"
            name="new-email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            onBlur={() => suggestNewEmail(email)}
            error={error('email')}
          />
          {state.suggestion && (
            <p className="field-hint account-email-suggestion">
              {t('signup.did_you_mean')}{' '}
              <button
                type="button"
                className="account-email-suggestion-use"
                onClick={() => {
                  setEmail(state.suggestion ?? email);
                  suggestNewEmail('');
                }}
              >
                {state.suggestion}
              </button>
            </p>
          )}
          <TextField
            label={t('email_change.password')}
            type="password"
            name="email-change-password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={error('password')}
          />
          <div className="account-actions">
            <button type="submit" className="btn btn-primary" disabled={state.busy || !state.status || !hydrated}>
              {state.busy ? t('email_change.sending') : t('email_change.submit')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
