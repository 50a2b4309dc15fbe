import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { NAME_MAX_LENGTH } from '~/shared/constants';
import type { User } from '~/shared/contracts/profile';
import { $profileSections, saveProfileSection } from '../../stores/account-profile';
import { showToast } from '../../stores/toasts';
import { TextField } from '../shell/TextField';
import type { useT } from '../shell/use-t';
import { AboutFields, dateOfBirthValue, type AboutValue } from '../signup/AboutFields';
import { SectionSave } from './SectionSave';

/** Name, gender, date of birth and the optional profile fields (docs/product.md §10 /profile, §5). */
export function ProfileBasicsForm({
  t,
  user,
  localeTag,
}: {
  t: ReturnType<typeof useT>;
  user: User;
  localeTag: string;
}) {
  const { errors } = useStore($profileSections).basics;
  const [name, setName] = useState(user.profile.name);
  const [about, setAbout] = useState<AboutValue>({
    gender: user.profile.gender ?? '',
    dob: (user.profile.date_of_birth ?? '').split('-'),
    fields: user.profile.fields,
  });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const date = dateOfBirthValue(about.dob);
    // A removed answer is sent as null: the server keeps answers it is not told about.
    const fields: Record<string, string | null> = { ...about.fields };
    for (const field of Object.keys(user.profile.fields)) if (!(field in about.fields)) fields[field] = null;
    const saved = await saveProfileSection(
      'basics',
      {
        name,
        gender: (about.gender || null) as User['profile']['gender'],
        date_of_birth: date.value || null,
        fields,
      },
      { incompleteDate: date.incomplete },
    );
    if (saved) showToast({ message: t('account_profile.saved'), kind: 'success' });
  };

  return (
    <section className="card account-section" aria-labelledby="profile-basics-title" data-testid="profile-basics">
      <h2 id="profile-basics-title">{t('account_profile.basics_title')}</h2>
      <form onSubmit={save} noValidate>
        <TextField
          label={t('signup.name')}
          name="name"
          autoComplete="given-name"
          maxLength={NAME_MAX_LENGTH}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name ? t(errors.name, { count: NAME_MAX_LENGTH }) : null}
        />
        <AboutFields t={t} localeTag={localeTag} value={about} onChange={setAbout} errors={errors} />
        <SectionSave t={t} section="basics" />
      </form>
    </section>
  );
}
