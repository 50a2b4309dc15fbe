import { useStore } from '@nanostores/react';
import { $profileSections, type ProfileSection } from '../../stores/account-profile';
import type { useT } from '../shell/use-t';

/** The save button of a /profile section with its form-level error (field errors sit under their fields). */
export function SectionSave({ t, section }: { t: ReturnType<typeof useT>; section: ProfileSection }) {
  const state = useStore($profileSections)[section];
  return (
    <div className="account-actions">
      <button type="submit" className="btn btn-primary" disabled={state.status === 'saving'}>
        {state.status === 'saving' ? t('account_profile.saving') : t('account_profile.save')}
      </button>
      {state.formError && (
        <p className="field-error" role="alert">
          {t(state.formError)}
        </p>
      )}
    </div>
  );
}
