import type { TFunction } from 'i18next';
import { useRef, useState, type FormEvent } from 'react';
import { REPORT_REASONS, type ReportReason } from '~/shared/contracts/values';
import { blockMember, reportMember, unblockMember } from '../../stores/safety';
import { showToast } from '../../stores/toasts';
import { OverflowMenu } from '../shell/OverflowMenu';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { UnblockDialog } from './UnblockDialog';

/** Message key per reason, spelled out for the locale check. */
const REASON_KEYS: Record<ReportReason, string> = {
  fake: 'safety.reason_fake',
  spam: 'safety.reason_spam',
  harassment: 'safety.reason_harassment',
  underage: 'safety.reason_underage',
  inappropriate: 'safety.reason_inappropriate',
  other: 'safety.reason_else',
};

interface Props {
  profile: { id: number; name: string };
  /** The conversation with this member, when reporting from the chat. */
  conversation?: number;
  t: TFunction;
  /** 'links' (default): two quiet links; 'menu': both behind a "⋯" menu button. */
  trigger?: 'links' | 'menu';
  /**
   * The viewer blocked this member (docs/product.md §10 Blocked members): Unblock (a button and
   * the menu's first item) takes the place of Block; after it the page reloads with the profile.
   */
  blocked?: boolean;
}

/**
 * Block and report: blocking asks for confirmation, then leaves for
 * the members list; a report takes a reason and optional details and is
 * stored for moderation (/complaints explains the process).
 */
export function MemberSafety({ profile, conversation, t, trigger = 'links', blocked = false }: Props) {
  const blockDialog = useRef<HTMLDialogElement>(null);
  const unblockDialog = useRef<HTMLDialogElement>(null);
  const reportDialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState<ReportReason>('fake');
  const [details, setDetails] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const block = async () => {
    setBusy(true);
    const failure = await blockMember(profile.id);
    setBusy(false);
    if (failure) {
      setError(failure);
      return;
    }
    blockDialog.current?.close();
    showToast({ message: t('safety.blocked_toast', { name: profile.name }), kind: 'success' });
    window.location.assign('/members');
  };
  const unblock = async () => {
    setBusy(true);
    const failure = await unblockMember(profile.id);
    if (failure) {
      setBusy(false);
      setError(failure);
      return;
    }
    unblockDialog.current?.close();
    showToast({ message: t('safety.unblocked_toast', { name: profile.name }), kind: 'success' });
    window.location.reload();
  };
  const report = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const failure = await reportMember({ profile: profile.id, conversation, reason, details });
    setBusy(false);
    if (failure) {
      setError(failure);
      return;
    }
    reportDialog.current?.close();
    setDetails('');
    showToast({ message: t('safety.reported_toast'), kind: 'success' });
  };

  const openBlock = () => (setError(null), blockDialog.current?.showModal());
  const openReport = () => (setError(null), reportDialog.current?.showModal());
  const openUnblock = () => (setError(null), unblockDialog.current?.showModal());
  const firstAction = blocked
    ? { label: t('safety.unblock', { name: profile.name }), onSelect: openUnblock }
    : { label: t('safety.block', { name: profile.name }), onSelect: openBlock };

  return (
    <div className={`member-safety member-safety-${trigger}`}>
      {blocked && trigger === 'menu' && (
        <button type="button" className="btn btn-primary" onClick={openUnblock}>
          {t('safety.unblock', { name: profile.name })}
        </button>
      )}
      {trigger === 'menu' ? (
        <OverflowMenu
          label={t('safety.more_actions', { name: profile.name })}
          items={[firstAction, { label: t('safety.report', { name: profile.name }), onSelect: openReport }]}
        />
      ) : (
        <>
          <button type="button" className="btn btn-link" onClick={firstAction.onSelect}>
            {firstAction.label}
          </button>
          <button type="button" className="btn btn-link" onClick={openReport}>
            {t('safety.report', { name: profile.name })}
          </button>
        </>
      )}

      <ConfirmDialog
        dialog={blockDialog}
        titleId={`block-title-${profile.id}`}
        title={t('safety.block_title', { name: profile.name })}
        text={t('safety.block_text', { name: profile.name })}
        confirmLabel={t('safety.block_confirm')}
        danger
        t={t}
        busy={busy}
        error={error}
        onConfirm={() => void block()}
      />

      {blocked && (
        <UnblockDialog
          dialog={unblockDialog}
          member={profile}
          t={t}
          busy={busy}
          error={error}
          onConfirm={() => void unblock()}
        />
      )}

      <dialog ref={reportDialog} className="modal" aria-labelledby={`report-title-${profile.id}`}>
        <form className="modal-content" onSubmit={(event) => void report(event)}>
          <h2 id={`report-title-${profile.id}`}>{t('safety.report_title', { name: profile.name })}</h2>
          <fieldset className="report-reasons">
            <legend>{t('safety.reason')}</legend>
            {REPORT_REASONS.map((value) => (
              <label key={value} className="radio">
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />
                {t(REASON_KEYS[value])}
              </label>
            ))}
          </fieldset>
          <label className="field">
            <span className="field-label">{t('safety.details')}</span>
            <textarea
              className="input"
              rows={3}
              maxLength={1000}
              value={details}
              onChange={(event) => setDetails(event.target.value)}
            />
          </label>
          <p className="muted">
            <a href="/complaints" target="_blank" rel="noopener">
              {t('safety.how_we_handle')}
            </a>
          </p>
          {error && (
            <p className="field-error" role="alert">
              {t(error)}
            </p>
          )}
          <div className="modal-actions">
            <button type="button" className="btn btn-secondary" onClick={() => reportDialog.current?.close()}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t('safety.report_send')}
            </button>
          </div>
        </form>
      </dialog>
    </div>
  );
}
