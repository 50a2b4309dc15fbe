import type { TFunction } from 'i18next';
import type { RefObject } from 'react';

interface Props {
  dialog: RefObject<HTMLDialogElement | null>;
  member: { id: number; name: string };
  t: TFunction;
  busy: boolean;
  /** i18n key of the failure to show, or null. */
  error: string | null;
  onConfirm(): void;
  /** Called whenever the dialog closes (Cancel, Escape or after the unblock). */
  onClose?(): void;
}

/**
 * The "Unblock {name}?" confirmation (docs/product.md §10 Blocked members): unblocking lets the
 * member see the profile and write again, so it is never one stray tap. Opened with
 * `dialog.current.showModal()`; the caller closes it when the unblock went through.
 */
export function UnblockDialog({ dialog, member, t, busy, error, onConfirm, onClose }: Props) {
  const titleId = `unblock-title-${member.id}`;
  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} data-testid="unblock-dialog" onClose={onClose}>
      <div className="modal-content">
        <h2 id={titleId}>{t('safety.unblock_title', { name: member.name })}</h2>
        <p>{t('safety.unblock_text', { name: member.name })}</p>
        {error && (
          <p className="field-error" role="alert">
            {t(error)}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={() => dialog.current?.close()}>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={onConfirm}>
            {t('safety.unblock_confirm')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
