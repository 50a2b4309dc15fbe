import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { GENDERS, MIN_AGE } from '~/shared/constants';
import type { User } from '~/shared/contracts/profile';
import { birthYearChoices, checkDateOfBirth } from '~/shared/rules/profile-rules';
import { $profileFields, loadProfileFields } from '../../stores/profile-fields';
import { goToStep } from '../../stores/signup';
import { SelectField } from '../shell/SelectField';
import type { useT } from '../shell/use-t';

const isIos = () => typeof navigator !== 'undefined' && /iphone|ipad|ipod/i.test(navigator.userAgent);
const pad = (value: string) => value.padStart(2, '0');

/** Step 4: optional gender, date of birth (18+) and profile fields (docs/product.md §2, §5). */
export function StepAbout({
  t,
  user,
  localeTag,
}: {
  t: ReturnType<typeof useT>;
  user: User | null;
  localeTag: string;
}) {
  const [gender, setGender] = useState(user?.profile.gender ?? '');
  const [dob, setDob] = useState(() => (user?.profile.date_of_birth ?? '').split('-'));
  const [fields, setFields] = useState<Record<string, string>>(user?.profile.fields ?? {});
  const allowed = useStore($profileFields);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const years = useMemo(() => birthYearChoices(new Date()), []);
  const [year = '', month = '', day = ''] = dob;
  const dateValue = year && month && day ? `${year}-${pad(month)}-${pad(day)}` : '';

  useEffect(() => {
    void loadProfileFields();
  }, []);

  const save = async () => {
    const partial = [year, month, day].some(Boolean) && !dateValue;
    if (partial || (dateValue && checkDateOfBirth(dateValue, new Date()))) {
      setError('profile.date_of_birth_error');
      return;
    }
    setBusy(true);
    try {
      await goToStep(5, {
        gender: (gender || null) as User['profile']['gender'],
        date_of_birth: dateValue || null,
        fields,
      });
    } catch (failure) {
      console.warn('saving the profile failed', failure);
      setError('errors.internal');
      setBusy(false);
    }
  };
  const optional = t('wizard.optional');
  const monthNames = Array.from({ length: 12 }, (_, i) =>
    new Intl.DateTimeFormat(localeTag, { month: 'long' }).format(new Date(2000, i, 1)),
  );

  return (
    <div className="wizard-step" data-testid="step-4">
      <h1>{t('wizard.about_title')}</h1>
      <SelectField
        label={`${t('wizard.gender')} ${optional}`}
        value={gender}
        onChange={setGender}
        options={[
          { value: '', label: t('wizard.no_answer') },
          ...GENDERS.map((g) => ({ value: g, label: t(`gender.${g}`) })),
        ]}
      />
      <fieldset className="field dob">
        <legend>{`${t('wizard.date_of_birth')} ${optional}`}</legend>
        {isIos() ? (
          <input
            type="date"
            className="input"
            aria-label={t('wizard.date_of_birth')}
            value={dateValue}
            onChange={(e) => setDob(e.target.value.split('-'))}
          />
        ) : (
          <div className="dob-selects">
            <select
              className="select"
              aria-label={t('wizard.day')}
              value={day}
              onChange={(e) => setDob([year, month, e.target.value])}
            >
              <option value="">{t('wizard.day')}</option>
              {Array.from({ length: 31 }, (_, i) => String(i + 1)).map((d) => (
                <option key={d} value={pad(d)}>
                  {d}
                </option>
              ))}
            </select>
            <select
              className="select"
              aria-label={t('wizard.month')}
              value={month}
              onChange={(e) => setDob([year, e.target.value, day])}
            >
              <option value="">{t('wizard.month')}</option>
              {monthNames.map((name, i) => (
                <option key={name} value={pad(String(i + 1))}>
                  {name}
                </option>
              ))}
            </select>
            <select
              className="select"
              aria-label={t('wizard.year')}
              value={year}
              onChange={(e) => setDob([e.target.value, month, day])}
            >
              <option value="">{t('wizard.year')}</option>
              {years.map((y) => (
                <option key={y} value={String(y)}>
                  {y}
                </option>
              ))}
            </select>
          </div>
        )}
        {error === 'profile.date_of_birth_error' && (
          <p className="field-error" role="alert">
            {t(error, { min_age: MIN_AGE })}
          </p>
        )}
      </fieldset>
      {Object.entries(allowed)
        .filter(([field]) => field !== 'gender')
        .map(([field, values]) => (
          <SelectField
            key={field}
            label={`${t(`profile_field.${field}.label`)} ${optional}`}
            value={fields[field] ?? ''}
            onChange={(value) =>
              setFields((prev) => {
                const next = { ...prev };
                if (value) next[field] = value;
                else delete next[field];
                return next;
              })
            }
            options={[
              { value: '', label: t('wizard.no_answer') },
              ...values.map((v) => ({ value: v, label: t(`profile_field.${field}.${v}`) })),
            ]}
          />
        ))}
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
