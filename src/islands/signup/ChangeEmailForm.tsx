import { useState, type FormEvent } from 'react';
import type { Locale } from '~/shared/locales';
import { emailRule } from '~/shared/rules/signup-rules';
import { failureMessageKey } from '../../stores/failures';
import { changeEmail } from '../../stores/signup';
import { TextField } from '../shell/TextField';
import { useT } from '../shell/use-t';
import { issueMessageKey } from '~/shared/contracts/issue-keys';

/** Corrects a mistyped address after signup and sends the confirmation link again. */
export default function ChangeEmailForm({ locale, currentEmail }: { locale: Locale; currentEmail: string }) {
  const t = useT(locale);
  const [email, setEmail] = useState(currentEmail);
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'saving' | 'sent'>('idle');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailRule.safeParse(email);
    if (!parsed.success)
      return setError(parsed.error.issues[0] ? issueMessageKey(parsed.error.issues[0]) : 'validation.email');
    setError(null);
    setState('saving');
    try {
      await changeEmail(parsed.data);
      setState('sent');
    } catch (failure) {
      setState('idle');
      setError(failureMessageKey(failure));
    }
  };

  if (state === 'sent') {
    return (
      <div className="card auth-card" role="status" data-testid="email-changed">
        <h2>{t('wizard.done_title')}</h2>
        <p>{t('wizard.done_text', { email })}</p>
        <a className="btn btn-primary btn-block" href="/members">
          {t('wizard.to_members')}
        </a>
      </div>
    );
  }
  return (
    <form className="card auth-card" onSubmit={submit} noValidate>
      <TextField
        label={t('signup.email')}
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error ? t(error) : null}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={state === 'saving'}>
        {t('wizard.send_new_link')}
      </button>
    </form>
  );
}
