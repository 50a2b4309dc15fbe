import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { GENDERS, MIN_AGE } from '~/shared/constants';
import { birthYearChoices } from '~/shared/rules/profile-rules';
import { $profileFields, loadProfileFields } from '../../stores/profile-fields';
import { SelectField } from '../shell/SelectField';
import type { useT } from '../shell/use-t';

const isIos = () => typeof navigator !== 'undefined' && /iphone|ipad|ipod/i.test(navigator.userAgent);
const pad = (value: string) => value.padStart(2, '0');

export interface AboutValue {
  gender: string;
  /** `[year, month, day]` as chosen (any part may be empty). */
  dob: string[];
  fields: Record<string, string>;
}

/** The chosen date as `YYYY-MM-DD` ('' when nothing or only part of it is chosen) and whether it is half chosen. */
export function dateOfBirthValue(dob: string[]): { value: string; incomplete: boolean } {
  const [year = '', month = '', day = ''] = dob;
  const value = year && month && day ? `${year}-${pad(month)}-${pad(day)}` : '';
  return { value, incomplete: [year, month, day].some(Boolean) && !value };
}

interface Props {
  t: ReturnType<typeof useT>;
  localeTag: string;
  value: AboutValue;
  onChange: (value: AboutValue) => void;
  /** Message keys by field (`date_of_birth`, `fields.<name>`). */
  errors?: Record<string, string>;
}

/**
 * Optional gender, date of birth (day/month/year selects, the native date input on iOS) and
 * the optional profile fields, as signup step 4 and /profile ask for them (docs/product.md §5).
 */
export function AboutFields({ t, localeTag, value, onChange, errors = {} }: Props) {
  const allowed = useStore($profileFields);
  const years = useMemo(() => birthYearChoices(new Date()), []);
  const [year = '', month = '', day = ''] = value.dob;
  const dateValue = dateOfBirthValue(value.dob).value;
  const setDob = (dob: string[]) => onChange({ ...value, dob });

  useEffect(() => {
    void loadProfileFields();
  }, []);

  const optional = t('wizard.optional');
  const monthNames = Array.from({ length: 12 }, (_, i) =>
    new Intl.DateTimeFormat(localeTag, { month: 'long' }).format(new Date(2000, i, 1)),
  );
  const fieldError = (path: string) => (errors[path] ? t(errors[path]) : null);

  return (
    <>
      <SelectField
        label={`${t('wizard.gender')} ${optional}`}
        value={value.gender}
        onChange={(gender) => onChange({ ...value, gender })}
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
        {errors.date_of_birth && (
          <p className="field-error" role="alert">
            {t(errors.date_of_birth, { min_age: MIN_AGE })}
          </p>
        )}
      </fieldset>
      {Object.entries(allowed)
        .filter(([field]) => field !== 'gender')
        .map(([field, values]) => (
          <SelectField
            key={field}
            label={`${t(`profile_field.${field}.label`)} ${optional}`}
            value={value.fields[field] ?? ''}
            error={fieldError(`fields.${field}`)}
            onChange={(answer) => {
              const fields = { ...value.fields };
              if (answer) fields[field] = answer;
              else delete fields[field];
              onChange({ ...value, fields });
            }}
            options={[
              { value: '', label: t('wizard.no_answer') },
              ...values.map((v) => ({ value: v, label: t(`profile_field.${field}.${v}`) })),
            ]}
          />
        ))}
    </>
  );
}
