import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import type { Locale } from '~/shared/locales';
import { $resetRequest, requestPasswordReset } from '../../stores/password';
import { TextField } from '../shell/TextField';
import { useT } from '../shell/use-t';
import '~/styles/account-password.css';

/**
 * /reset-password (docs/product.md §10): asks for the e-mail address and always answers
 * "if an account exists for this address, we sent a link" — it never tells whether one does.
 */
export default function ResetPasswordForm({ locale, initialEmail = '' }: { locale: Locale; initialEmail?: string }) {
  const t = useT(locale);
  const state = useStore($resetRequest);
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await requestPasswordReset(email)) setSentTo(email.trim());
  };

  if (sentTo !== null && state.status === 'done') {
    return (
      <div className="card auth-card password-card password-sent" role="status" data-testid="reset-sent">
        <p>
          <strong>{t('password.request_sent_title')}</strong>
        </p>
        <p>{t('password.request_sent', { email: sentTo })}</p>
        <p className="muted">{t('password.request_sent_hint')}</p>
        <button type="button" className="btn btn-secondary btn-block" onClick={() => setSentTo(null)}>
          {t('password.request_again')}
        </button>
        <p className="auth-switch">
          <a href="/login">{t('password.back_to_login')}</a>
        </p>
      </div>
    );
  }

  const fieldError = state.fieldErrors.email;
  return (
    <form className="card auth-card password-card" onSubmit={onSubmit} noValidate data-testid="reset-request-form">
      {state.error && (
        <div className="alert alert-danger" role="alert">
          {t(state.error)}
        </div>
      )}
      <TextField
        label={t('password.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={fieldError ? t(fieldError) : null}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={state.status === 'busy'}>
        {state.status === 'busy' ? t('password.request_sending') : t('password.request_submit')}
      </button>
      <p className="auth-switch">
        <a href="/login">{t('password.back_to_login')}</a>
      </p>
    </form>
  );
}
