import type { TFunction } from 'i18next';
import type { RefObject } from 'react';

interface Props {
  dialog: RefObject<HTMLDialogElement | null>;
  /** The heading's element id (unique on the page). */
  titleId: string;
  title: string;
  text: string;
  confirmLabel: string;
  /** A confirm button in the danger colour (blocking, deleting). */
  danger?: boolean;
  t: TFunction;
  busy: boolean;
  /** i18n key of the failure to show, or null. */
  error: string | null;
  onConfirm(): void;
  /** Called whenever the dialog closes (Cancel, Escape or after the action). */
  onClose?(): void;
  testId?: string;
}

/**
 * A member-app confirmation in a modal `<dialog>` (opened with `dialog.current.showModal()`,
 * closed by Cancel, Escape or the caller once the action went through): a title, what will happen,
 * the failure if the action failed, Cancel and the confirm button.
 */
export function ConfirmDialog(props: Props) {
  const { dialog, titleId, t, busy, error } = props;
  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} data-testid={props.testId} onClose={props.onClose}>
      <div className="modal-content">
        <h2 id={titleId}>{props.title}</h2>
        <p>{props.text}</p>
        {error && (
          <p className="field-error" role="alert">
            {t(error)}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={() => dialog.current?.close()}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className={`btn ${props.danger ? 'btn-danger' : 'btn-primary'}`}
            disabled={busy}
            onClick={props.onConfirm}
          >
            {props.confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
