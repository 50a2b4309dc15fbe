import { useEffect, useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '~/shared/constants';
import type { Locale } from '~/shared/locales';
import { emailRule, isNameEqualToEmail, nameFromEmail, nameRule, passwordRule } from '~/shared/rules/signup-rules';
import { $emailCheck, checkEmailAddress, emailCheckErrorKey } from '../../stores/email-check';
import { failureIssues, failureMessageKey } from '../../stores/failures';
import { signUp } from '../../stores/session';
import { restoreAccountDraft, saveAccountDraft } from '../../stores/signup-draft';
import { openModal } from '../../stores/modal';
import { useStore } from '@nanostores/react';
import { fieldErrors, fieldMessage } from '../shell/field-errors';
import { TextField } from '../shell/TextField';
import { usePrefilledInputs } from '../shell/use-prefilled-inputs';
import { useT } from '../shell/use-t';
import { buildSignupPayload } from './signup-payload';
import { issueMessageKey } from '~/shared/contracts/issue-keys';
import { useHydrated } from '../shell/use-hydrated-store';

interface Props {
  locale: Locale;
  /** Where the new member goes after the account exists (unless `onCreated` takes over). */
  next: string;
  /** Continues the wizard instead of leaving the page. */
  onCreated?: () => Promise<void>;
}

type Field = 'email' | 'name' | 'password';
const RULES = { email: emailRule, name: nameRule, password: passwordRule };

/** Signup wizard step 0 (docs/product.md §2): e-mail, name, password → account created and logged in. */
export default function SignupForm({ locale, next, onCreated }: Props) {
  // A press before the island hydrated must not submit the password form natively (docs/architecture.md §6).
  const hydrated = useHydrated();
  const t = useT(locale);
  const [values, setValues] = useState({ email: '', name: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailCheck = useStore($emailCheck);
  const formRef = usePrefilledInputs(['email', 'name', 'password'] as const, (typed) =>
    setValues((prev) => ({ ...prev, ...typed })),
  );
  // docs/product.md §3 Signup form drafts: the e-mail and name typed earlier in this browser come
  // back after hydration (what was typed before it wins); from then on every change is kept.
  const [isDraftRestored, setDraftRestored] = useState(false);
  useEffect(() => {
    const draft = restoreAccountDraft();
    setValues((prev) => ({ ...prev, email: prev.email || draft.email, name: prev.name || draft.name }));
    setDraftRestored(true);
  }, []);
  useEffect(() => {
    if (isDraftRestored) saveAccountDraft({ email: values.email, name: values.name });
  }, [isDraftRestored, values.email, values.name]);
  useEffect(() => {
    // A restored address is checked as a typed one is (status, suggestion, token).
    if (isDraftRestored && values.email) void checkEmailAddress(values.email);
    // Once, when the draft is back: later changes are checked as they are typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isDraftRestored]);

  const validate = (field: Field, current = values): string | undefined => {
    const result = RULES[field].safeParse(current[field]);
    if (!result.success) return result.error.issues[0] && issueMessageKey(result.error.issues[0]);
    if (field === 'name' && isNameEqualToEmail(current.name, current.email)) return 'signup.name_equal_to_email';
    return undefined;
  };

  const onBlur = (field: Field) => setErrors((prev) => ({ ...prev, [field]: validate(field) }));

  const onEmailChange = (email: string) => {
    setValues((prev) => ({ ...prev, email }));
    void checkEmailAddress(email);
  };

  const onEmailBlur = () => {
    // docs/product.md §5: an empty name is prefilled from the part before the @.
    const name = values.name.trim() === '' && values.email.includes('@') ? nameFromEmail(values.email) : values.name;
    const next = { ...values, name };
    setValues(next);
    setErrors((prev) => ({
      ...prev,
      email: validate('email', next),
      ...(name !== values.name ? { name: validate('name', next) } : {}),
    }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found: Partial<Record<Field, string>> = {};
    for (const field of ['email', 'name', 'password'] as const) {
      const message = validate(field);
      if (message) found[field] = message;
    }
    const refused = emailCheckErrorKey(values.email);
    if (refused) found.email = refused;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await signUp(
        buildSignupPayload(values, {
          locale,
          url: new URL(window.location.href),
          referrer: document.referrer,
          userAgent: navigator.userAgent,
          timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          token:
            (emailCheck.status === 'new' || emailCheck.status === 'deleted') &&
            emailCheck.checkedEmail === values.email.trim()
              ? emailCheck.token
              : null,
        }),
      );
      if (onCreated) await onCreated();
      else window.location.assign(next);
    } catch (error) {
      // docs/product.md §8: account creation failure shows the error and re-enables the form.
      setBusy(false);
      const issues = failureIssues(error);
      if (issues.length > 0) setErrors(fieldErrors(issues));
      setFormError(failureMessageKey(error));
    }
  };

  const errorText = (field: Field) => fieldMessage(t, errors, field);

  return (
    <form ref={formRef} className="card auth-card" method="post" onSubmit={onSubmit} noValidate>
      {formError && (
        <div className="alert alert-danger" role="alert">
          {t(formError)}
          {formError === 'signup.existing_account_active' && (
            <>
              {' '}
              <a href="/login">{t('signup.login_link')}</a>
            </>
          )}
        </div>
      )}
      <TextField
        label={t('signup.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        onChange={(e) => onEmailChange(e.target.value)}
        onBlur={onEmailBlur}
        error={errorText('email')}
      />
      {emailCheck.suggestion && (
        <p className="field-hint suggestion">
          {t('signup.did_you_mean')}{' '}
          <button
            type="button"
            className="chip chip-button"
            onClick={() => {
              setValues((prev) => ({ ...prev, email: emailCheck.suggestion ?? prev.email }));
              void checkEmailAddress(emailCheck.suggestion ?? '');
            }}
          >
            {emailCheck.suggestion}
          </button>
        </p>
      )}
      <EmailStatus t={t} status={emailCheck.status} />
      <TextField
        label={t('signup.name')}
        name="name"
        autoComplete="given-name"
        maxLength={150}
        value={values.name}
        onChange={(e) => setValues((prev) => ({ ...prev, name: e.target.value }))}
        onBlur={() => onBlur('name')}
        error={errorText('name')}
      />
      <TextField
        label={t('signup.password')}
        type="password"
        name="password"
        autoComplete="new-password"
        value={values.password}
        onChange={(e) => setValues((prev) => ({ ...prev, password: e.target.value }))}
        onBlur={() => onBlur('password')}
        error={errorText('password')}
        hint={t('signup.password_hint', { count: PASSWORD_MIN_LENGTH })}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy || !hydrated}>
        {busy ? t('signup.submitting') : t('signup.submit')}
      </button>
      <p className="legal-note">
        {t('signup.legal_before')}{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => openModal({ kind: 'content', title: t('legal.terms_title'), body: t('legal.terms_summary') })}
        >
          {t('legal.terms_title')}
        </button>{' '}
        {t('signup.legal_and')}{' '}
        <button
          type="button"
          className="link-button"
          onClick={() =>
            openModal({ kind: 'content', title: t('legal.privacy_title'), body: t('legal.privacy_summary') })
          }
        >
          {t('legal.privacy_title')}
        </button>
        .
      </p>
      <p className="auth-switch">
        {t('signup.have_account')} <a href="/login">{t('signup.login_link')}</a>
      </p>
    </form>
  );
}

/** docs/product.md §8 messages for an address that cannot sign up (or, deleted, signs up anew), with the way forward. */
function EmailStatus({ t, status }: { t: (key: string) => string; status: string }) {
  if (status === 'active' || status === 'not_confirmed') {
    return (
      <p className="field-error" role="alert" data-testid="email-status">
        {t('signup.existing_account_active')} <a href="/login">{t('signup.login_link')}</a>
      </p>
    );
  }
  // docs/product.md §10 Account deletion: a deleted account's address may sign up again (a new account).
  if (status === 'deleted') {
    return (
      <p className="field-hint" role="status" data-testid="email-status">
        {t('signup.deleted_account_exists')} <a href="/pages/service">{t('signup.service_link')}</a>
      </p>
    );
  }
  if (status === 'invalid') {
    return (
      <p className="field-error" role="alert" data-testid="email-status">
        {t('signup.invalid_email')}
      </p>
    );
  }
  return null;
}
