import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { PERSONAL_MAX_LENGTH } from '~/shared/contracts/values';
import type { User } from '~/shared/contracts/profile';
import { $profileSections, saveProfileSection } from '../../stores/account-profile';
import { showToast } from '../../stores/toasts';
import type { useT } from '../shell/use-t';
import { SectionSave } from './SectionSave';

/** About-me text (`personal`, at most 2,000 characters; docs/product.md §10 /profile). */
export function ProfileAboutMeForm({ t, user }: { t: ReturnType<typeof useT>; user: User }) {
  const { errors } = useStore($profileSections).about;
  const [personal, setPersonal] = useState(user.profile.personal ?? '');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (await saveProfileSection('about', { personal: personal.trim() || null }))
      showToast({ message: t('account_profile.saved'), kind: 'success' });
  };

  return (
    <section className="card account-section" aria-labelledby="profile-about-title" data-testid="profile-about">
      <h2 id="profile-about-title">{t('account_profile.about_title')}</h2>
      <form onSubmit={save} noValidate>
        <div className="field">
          <label htmlFor="profile-personal">
            {t('wizard.notes_label')} <span className="optional">{t('wizard.optional')}</span>
          </label>
          <textarea
            id="profile-personal"
            className="input notes"
            maxLength={PERSONAL_MAX_LENGTH}
            value={personal}
            onChange={(e) => setPersonal(e.target.value)}
            placeholder={t('wizard.notes_placeholder')}
            aria-invalid={errors.personal ? true : undefined}
            aria-describedby="profile-personal-count"
          />
          <p id="profile-personal-count" className="field-hint">
            {t('account_profile.characters_left', { count: PERSONAL_MAX_LENGTH - personal.length })}
          </p>
          {errors.personal && (
            <p className="field-error" role="alert">
              {t(errors.personal, { count: PERSONAL_MAX_LENGTH })}
            </p>
          )}
        </div>
        <SectionSave t={t} section="about" />
      </form>
    </section>
  );
}
