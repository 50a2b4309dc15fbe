import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import { createLoginStore } from '../../stores/admin/auth';
import { TextField } from '../shell/TextField';
import { useHydrated } from '../shell/use-hydrated-store';
import { ErrorAlert } from './AdminLoadState';

/**
 * The console log-in (docs/product.md §13 Access): e-mail and password, then the authenticator
 * code; at the first log-in the authenticator is enrolled from a QR code and the recovery codes
 * are shown once. `next` is where a finished log-in goes (a console path).
 */
export default function AdminLogin({ locale, next }: { locale: ConsoleLocale; next: string }) {
  const t = consoleT(locale);
  // A press before the island hydrated must not submit the password form natively (docs/architecture.md §6).
  const hydrated = useHydrated();
  const [store] = useState(createLoginStore);
  const step = useStore(store.$step);
  const { busy, error } = useStore(store.action.$state);
  useEffect(() => {
    if (step.kind === 'done') window.location.assign(next);
  }, [step, next]);

  function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void store.submitPassword(String(form.get('email')), String(form.get('password')));
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void store.submitCode(String(new FormData(event.currentTarget).get('code')));
  }

  const alert = <ErrorAlert locale={locale} error={error} />;

  if (step.kind === 'codes') {
    return (
      <section className="admin-panel" aria-labelledby="codes-title">
        <h1 id="codes-title">{t('login.codes_title')}</h1>
        <p>{t('login.codes_text')}</p>
        <ul className="admin-codes" aria-label={t('login.codes_label')}>
          {step.codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <button type="button" className="btn btn-primary btn-block" onClick={() => window.location.assign(next)}>
          {t('login.codes_saved')}
        </button>
      </section>
    );
  }

  if (step.kind === 'code') {
    const { enrolment, recovery } = step;
    return (
      <section className="admin-panel" aria-labelledby="code-title">
        <h1 id="code-title">{enrolment ? t('login.enrol_title') : t('login.code_title')}</h1>
        {enrolment && (
          <>
            <p>{t('login.enrol_text')}</p>
            <div
              className="admin-qr"
              role="img"
              aria-label={t('login.qr_label')}
              dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
            />
            <p className="field-hint">
              {t('login.enrol_key')}{' '}
              <span className="admin-mono" data-testid="totp-secret">
                {enrolment.secret}
              </span>
            </p>
          </>
        )}
        {alert}
        <form method="post" onSubmit={submitCode} noValidate>
          {recovery ? (
            <TextField key="recovery" name="code" label={t('login.recovery_code')} autoComplete="off" required />
          ) : (
            <TextField
              key="code"
              name="code"
              label={t('login.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={7}
              required
            />
          )}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {enrolment ? t('login.confirm_and_log_in') : t('login.log_in')}
          </button>
        </form>
        {!enrolment && (
          <button type="button" className="btn btn-ghost btn-block" onClick={store.toggleRecovery}>
            {recovery ? t('login.use_code') : t('login.use_recovery')}
          </button>
        )}
      </section>
    );
  }

  return (
    <section className="admin-panel" aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      <p className="muted">{t('login.intro')}</p>
      {alert}
      <form method="post" onSubmit={submitPassword} noValidate>
        <TextField name="email" type="email" label={t('login.email')} autoComplete="username" required />
        <TextField
          name="password"
          type="password"
          label={t('login.password')}
          autoComplete="current-password"
          required
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || !hydrated}>
          {t('login.continue')}
        </button>
      </form>
    </section>
  );
}
