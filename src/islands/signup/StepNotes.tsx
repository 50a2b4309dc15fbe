import { useEffect, useState } from 'react';
import { PERSONAL_MAX_LENGTH } from '~/shared/contracts/values';
import type { User } from '~/shared/contracts/profile';
import { goToStep } from '../../stores/signup';
import { restoreProfileDraft, saveProfileDraft } from '../../stores/signup-draft';
import type { useT } from '../shell/use-t';

/**
 * Step 5: optional free-text notes about yourself (textarea 150 px high); notes typed but not yet
 * saved come back after a reload (docs/product.md §3 drafts, the signup message).
 */
export function StepNotes({ t, user }: { t: ReturnType<typeof useT>; user: User | null }) {
  const [personal, setPersonal] = useState(user?.profile.personal ?? '');
  const memberId = user?.profile.id;
  // The draft is in this browser only: restored after hydration, so the first render matches the server's.
  useEffect(() => {
    const draft = memberId === undefined ? null : restoreProfileDraft(memberId).personal;
    if (draft) setPersonal(draft);
  }, [memberId]);
  const change = (next: string) => {
    setPersonal(next);
    if (user) saveProfileDraft(user.profile.id, { personal: next });
  };
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await goToStep(6, { personal: personal.trim() || null });
    } catch (failure) {
      console.warn('saving the notes failed', failure);
      setBusy(false);
    }
  };
  return (
    <div className="wizard-step" data-testid="step-5">
      <h1>{t('wizard.notes_title')}</h1>
      <div className="field">
        <label htmlFor="wizard-notes">
          {t('wizard.notes_label')} <span className="optional">{t('wizard.optional')}</span>
        </label>
        <textarea
          id="wizard-notes"
          className="input notes"
          maxLength={PERSONAL_MAX_LENGTH}
          value={personal}
          onChange={(e) => change(e.target.value)}
          placeholder={t('wizard.notes_placeholder')}
        />
      </div>
      <button type="button" className="btn btn-primary btn-block" onClick={save} disabled={busy}>
        {t('wizard.continue')}
      </button>
    </div>
  );
}
