import { useState, type FormEvent } from 'react';
import { loginContract } from '~/shared/contracts/auth';
import type { Locale } from '~/shared/locales';
import { safeNextPath } from '~/shared/rules/safe-next';
import { resumeStep } from '~/shared/rules/signup-steps';
import { failureCode, failureMessageKey } from '../../stores/failures';
import { logIn } from '../../stores/session';
import { fieldErrors } from '../shell/field-errors';
import { TextField } from '../shell/TextField';
import { usePrefilledInputs } from '../shell/use-prefilled-inputs';
import { useT } from '../shell/use-t';
import '~/styles/account-password.css';
import { useHydrated } from '../shell/use-hydrated-store';

interface Props {
  locale: Locale;
  /** Where to go after login (a same-site path). */
  next: string;
  /** Offer "create a free account" (false where signups are closed to this visitor). */
  showSignup?: boolean;
}

/**
 * Login form: e-mail + password → `POST /api/login.php`, then on to `next`. A suspended member
 * sees the suspension message; a banned one goes to /pages/ban.
 */
export default function LoginForm({ locale, next, showSignup = true }: Props) {
  // A press before the island hydrated must not submit the password form natively (docs/architecture.md §6).
  const hydrated = useHydrated();
  const t = useT(locale);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = usePrefilledInputs(['email', 'password'] as const, (typed) => {
    if (typed.email) setEmail(typed.email);
    if (typed.password) setPassword(typed.password);
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = loginContract.body.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const user = await logIn(parsed.data.email, parsed.data.password);
      // A member who stopped during signup continues the wizard (docs/product.md §2 resume). `next` is
      // checked again here: whoever renders this form, the browser never leaves the site (docs/product.md §5).
      const target = resumeStep(user.profile.lastSignupStep) === null ? safeNextPath(next, '/members') : '/signup';
      window.location.assign(target);
    } catch (error) {
      // docs/product.md §13 Member actions: a banned member is shown why, on /pages/ban.
      if (failureCode(error) === 'account_banned') {
        window.location.assign('/pages/ban');
        return;
      }
      setBusy(false);
      setFormError(failureMessageKey(error));
    }
  };

  return (
    <form ref={formRef} className="card auth-card" method="post" onSubmit={onSubmit} noValidate>
      {formError && (
        <div className="alert alert-danger" role="alert">
          {t(formError)}
          {formError === 'login.invalid_credentials' && (
            <>
              {' '}
              <a href="/reset-password">{t('password.forgot_link')}</a>
            </>
          )}
        </div>
      )}
      <TextField
        label={t('login.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email ? t(errors.email) : null}
      />
      <TextField
        label={t('login.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password ? t(errors.password) : null}
      />
      <p className="login-forgot">
        <a href="/reset-password">{t('password.forgot_link')}</a>
      </p>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy || !hydrated}>
        {busy ? t('login.submitting') : t('login.submit')}
      </button>
      {showSignup && (
        <p className="auth-switch">
          {t('login.no_account')} <a href="/signup">{t('login.signup_link')}</a>
        </p>
      )}
    </form>
  );
}
