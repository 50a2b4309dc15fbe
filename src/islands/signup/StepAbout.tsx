import { useEffect, useState } from 'react';
import type { User } from '~/shared/contracts/profile';
import { checkDateOfBirth } from '~/shared/rules/profile-rules';
import { goToStep } from '../../stores/signup';
import { restoreProfileDraft, saveProfileDraft } from '../../stores/signup-draft';
import type { useT } from '../shell/use-t';
import { AboutFields, dateOfBirthValue, type AboutValue } from './AboutFields';

/**
 * Step 4: optional gender, date of birth (18+) and profile fields (docs/product.md §2, §5); the
 * date of birth chosen but not yet saved comes back after a reload (docs/product.md §3 drafts).
 */
export function StepAbout({
  t,
  user,
  localeTag,
}: {
  t: ReturnType<typeof useT>;
  user: User | null;
  localeTag: string;
}) {
  const [about, setAbout] = useState<AboutValue>(() => ({
    gender: user?.profile.gender ?? '',
    dob: (user?.profile.date_of_birth ?? '').split('-'),
    fields: user?.profile.fields ?? {},
  }));
  const memberId = user?.profile.id;
  // The draft is in this browser only: restored after hydration, so the first render matches the server's.
  useEffect(() => {
    const dob = memberId === undefined ? null : restoreProfileDraft(memberId).dateOfBirth;
    if (dob) setAbout((current) => ({ ...current, dob }));
  }, [memberId]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (next: AboutValue) => {
    setAbout(next);
    if (user && next.dob !== about.dob) saveProfileDraft(user.profile.id, { dateOfBirth: next.dob });
  };

  const save = async () => {
    const date = dateOfBirthValue(about.dob);
    if (date.incomplete || (date.value && checkDateOfBirth(date.value, new Date()))) {
      setError('profile.date_of_birth_error');
      return;
    }
    setBusy(true);
    try {
      await goToStep(5, {
        gender: (about.gender || null) as User['profile']['gender'],
        date_of_birth: date.value || null,
        fields: about.fields,
      });
    } catch (failure) {
      console.warn('saving the profile failed', failure);
      setError('errors.internal');
      setBusy(false);
    }
  };

  return (
    <div className="wizard-step" data-testid="step-4">
      <h1>{t('wizard.about_title')}</h1>
      <AboutFields
        t={t}
        localeTag={localeTag}
        value={about}
        onChange={change}
        errors={error === 'profile.date_of_birth_error' ? { date_of_birth: error } : {}}
      />
      {error && error !== 'profile.date_of_birth_error' && (
        <p className="field-error" role="alert">
          {t(error)}
        </p>
      )}
      <button type="button" className="btn btn-primary btn-block" onClick={save} disabled={busy}>
        {t('wizard.continue')}
      </button>
    </div>
  );
}
