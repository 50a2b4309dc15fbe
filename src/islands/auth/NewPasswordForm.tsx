import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import type { Locale } from '~/shared/locales';
import { resumeStep } from '~/shared/rules/signup-steps';
import { $passwordReset, resetPassword } from '../../stores/password';
import { fieldMessage } from '../shell/field-errors';
import { NewPasswordFields } from '../account/NewPasswordFields';
import { useT } from '../shell/use-t';
import '~/styles/account-password.css';
import { useHydrated } from '../shell/use-hydrated-store';

const TOKEN_FAILURES = new Set(['invalid_token', 'expired_token']);

/**
 * /reset-password/do (docs/product.md §10): the new password twice. Success logs this device in
 * and goes to the members area (or back into an unfinished signup); a link that stopped working
 * meanwhile offers a new one.
 */
export default function NewPasswordForm({ locale, token }: { locale: Locale; token: string }) {
  // A press before the island hydrated must not submit the password form natively (docs/architecture.md §6).
  const hydrated = useHydrated();
  const t = useT(locale);
  const state = useStore($passwordReset);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const error = (field: string) => fieldMessage(t, state.fieldErrors, field);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const user = await resetPassword(token, { password, confirm });
    if (user) window.location.assign(resumeStep(user.profile.lastSignupStep) === null ? '/members' : '/signup');
  };

  const linkFailed = state.code !== null && TOKEN_FAILURES.has(state.code);
  return (
    <form
      className="card auth-card password-card"
      method="post"
      onSubmit={onSubmit}
      noValidate
      data-testid="new-password-form"
    >
      {state.error && (
        <div className="alert alert-danger" role="alert">
          {t(state.error)}
          {linkFailed && (
            <>
              {' '}
              <a href="/reset-password">{t('password.link_new')}</a>
            </>
          )}
        </div>
      )}
      <NewPasswordFields
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        error={error}
        labels={{ password: t('password.new'), confirm: t('password.confirm') }}
      />
      <button
        type="submit"
        className="btn btn-primary btn-block"
        disabled={state.status === 'busy' || state.status === 'done' || !hydrated}
      >
        {state.status === 'busy' || state.status === 'done' ? t('password.saving') : t('password.reset_submit')}
      </button>
    </form>
  );
}
