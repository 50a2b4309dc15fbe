import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DELETE_REASONS, type DeleteReason } from '~/shared/contracts/values';
import type { Locale } from '~/shared/locales';
import {
  $accountDeletion,
  acceptOffer,
  cancelDeletion,
  confirmDeletion,
  declineOffer,
  loadDeleteOfferState,
  startDeletion,
} from '../../stores/account-deletion';
import { SelectField } from '../shell/SelectField';
import { TextField } from '../shell/TextField';
import { useT } from '../shell/use-t';
import '~/styles/account-delete.css';
import { useHydrated } from '../shell/use-hydrated-store';

/** The label of each reason (literal keys, so the locale check sees them used). */
const REASON_KEYS: Record<DeleteReason, string> = {
  found_someone: 'account_delete.reason_found_someone',
  not_enough_members: 'account_delete.reason_not_enough_members',
  too_many_messages: 'account_delete.reason_too_many_messages',
  privacy: 'account_delete.reason_privacy',
  other: 'account_delete.reason_another',
};

/**
 * /profile "Delete my account" (docs/product.md §10): what deleting means, then the site's
 * one-time stay offer (if any), then password and optional reason; on success the member
 * leaves for /account-deleted.
 */
export default function DeleteAccountSection({ locale }: { locale: Locale }) {
  // A press before the island hydrated must not submit the password form natively (docs/architecture.md §6).
  const hydrated = useHydrated();
  const t = useT(locale);
  const state = useStore($accountDeletion);
  const [password, setPassword] = useState('');
  const [reason, setReason] = useState<DeleteReason | ''>('');
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    void loadDeleteOfferState();
  }, []);
  // Each step replaces the section's content: keep keyboard and screen-reader users in it.
  useEffect(() => {
    if (state.step !== 'intro') heading.current?.focus();
  }, [state.step]);

  const onConfirm = async (event: FormEvent) => {
    event.preventDefault();
    if (await confirmDeletion(password, reason || null)) window.location.assign('/account-deleted');
  };
  const onCancel = () => {
    setPassword('');
    cancelDeletion();
  };

  return (
    <section
      className="card account-section account-danger account-delete"
      aria-labelledby="account-delete-title"
      data-testid="delete-account"
    >
      <h2 id="account-delete-title" ref={heading} tabIndex={-1}>
        {state.step === 'offer'
          ? t('account_delete.offer_title')
          : state.step === 'stayed'
            ? t('account_delete.stayed_title')
            : t('account_delete.title')}
      </h2>
      {state.error && (
        <div className="alert alert-danger" role="alert">
          {t(state.error)}
        </div>
      )}

      {state.step === 'intro' && (
        <>
          <p>{t('account_delete.intro')}</p>
          <ul className="account-delete-list">
            <li>{t('account_delete.what_profile')}</li>
            <li>{t('account_delete.what_messages')}</li>
            <li>{t('account_delete.what_credits')}</li>
          </ul>
          {state.acceptedPercent !== null && (
            <p className="account-delete-saved">
              {t('account_delete.accepted_reminder', { percent: state.acceptedPercent })}
            </p>
          )}
          <div className="account-actions">
            <button
              type="button"
              className="btn account-delete-btn"
              disabled={state.busy}
              onClick={() => void startDeletion()}
            >
              {t('account_delete.start')}
            </button>
          </div>
        </>
      )}

      {state.step === 'offer' && state.offerPercent !== null && (
        <div className="account-delete-offer" data-testid="delete-offer">
          <p className="account-delete-offer-text">{t('account_delete.offer_text', { percent: state.offerPercent })}</p>
          <div className="account-actions">
            <button type="button" className="btn btn-primary" disabled={state.busy} onClick={() => void acceptOffer()}>
              {t('account_delete.offer_accept', { percent: state.offerPercent })}
            </button>
            <button type="button" className="btn btn-secondary" disabled={state.busy} onClick={declineOffer}>
              {t('account_delete.offer_decline')}
            </button>
          </div>
        </div>
      )}

      {state.step === 'stayed' && (
        <div role="status">
          <p>{t('account_delete.stayed_text', { percent: state.acceptedPercent ?? 0 })}</p>
        </div>
      )}

      {state.step === 'confirm' && (
        <form method="post" onSubmit={(event) => void onConfirm(event)} noValidate>
          <p>{t('account_delete.confirm_text')}</p>
          <SelectField
            label={t('account_delete.reason_label')}
            value={reason}
            disabled={state.busy}
            onChange={(value) => setReason(value as DeleteReason | '')}
            options={[
              { value: '', label: t('account_delete.reason_none') },
              ...DELETE_REASONS.map((value) => ({ value, label: t(REASON_KEYS[value]) })),
            ]}
          />
          <TextField
            label={t('account_delete.password_label')}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            disabled={state.busy}
            onChange={(event) => setPassword(event.target.value)}
            error={state.fieldErrors.password ? t(state.fieldErrors.password) : null}
          />
          <div className="account-actions">
            <button type="submit" className="btn account-delete-btn" disabled={state.busy || !hydrated}>
              {state.busy ? t('account_delete.deleting') : t('account_delete.confirm')}
            </button>
            <button type="button" className="btn btn-secondary" disabled={state.busy} onClick={onCancel}>
              {t('account_delete.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
