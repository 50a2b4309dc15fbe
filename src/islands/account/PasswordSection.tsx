import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import type { Locale } from '~/shared/locales';
import { $passwordChange, changePassword } from '../../stores/password';
import { fieldMessage } from '../shell/field-errors';
import { TextField } from '../shell/TextField';
import { NewPasswordFields } from './NewPasswordFields';
import { useT } from '../shell/use-t';
import '~/styles/account.css';
import '~/styles/account-password.css';
import { useHydrated } from '../shell/use-hydrated-store';

/**
 * /profile "Password" section (docs/product.md §10 Password and password reset): current
 * password, new password twice. On success the member's other devices are logged out and a
 * mail confirms the change.
 */
export default function PasswordSection({ locale }: { locale: Locale }) {
  // A press before the island hydrated must not submit the password form natively (docs/architecture.md §6).
  const hydrated = useHydrated();
  const t = useT(locale);
  const state = useStore($passwordChange);
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const error = (field: string) => fieldMessage(t, state.fieldErrors, field);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await changePassword({ currentPassword, password, confirm })) {
      setCurrentPassword('');
      setPassword('');
      setConfirm('');
    }
  };

  return (
    <section className="card account-section" aria-labelledby="account-password-title" data-testid="password-section">
      <h2 id="account-password-title">{t('password.section_title')}</h2>
      <p className="muted">{t('password.section_text')}</p>
      <form method="post" onSubmit={onSubmit} noValidate>
        {state.status === 'done' && (
          <div className="alert alert-success" role="status">
            {t('password.changed')}
          </div>
        )}
        {state.error && (
          <div className="alert alert-danger" role="alert">
            {t(state.error)}
          </div>
        )}
        <TextField
          label={t('password.current')}
          type="password"
          name="current-password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
          error={error('currentPassword')}
        />
        <NewPasswordFields
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          error={error}
          labels={{ password: t('password.new'), confirm: t('password.confirm') }}
        />
        <div className="account-actions">
          <button type="submit" className="btn btn-primary" disabled={state.status === 'busy' || !hydrated}>
            {state.status === 'busy' ? t('password.saving') : t('password.save')}
          </button>
          <a className="password-forgot" href="/reset-password">
            {t('password.forgot_current')}
          </a>
        </div>
      </form>
    </section>
  );
}
