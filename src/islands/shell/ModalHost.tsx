import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $modal, closeModal } from '../../stores/modal';

/**
 * The modal system: a native <dialog> opened with showModal(), so the rest of
 * the page is inert (focus stays inside) and Escape closes it; focus returns
 * to where it was.
 */
export function ModalHost({ closeLabel, moreLabel }: { closeLabel: string; moreLabel: string }) {
  const modal = useStore($modal);
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<Element | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (modal && !element.open) {
      returnFocus.current = document.activeElement;
      element.showModal();
    } else if (!modal && element.open) {
      element.close();
      if (returnFocus.current instanceof HTMLElement) returnFocus.current.focus();
    }
  }, [modal]);

  return (
    <dialog
      ref={dialog}
      className={`modal modal-${modal?.kind ?? 'info'}`}
      aria-labelledby="modal-title"
      aria-describedby="modal-body"
      onClose={() => closeModal()}
      onClick={(event) => event.target === dialog.current && closeModal()}
      data-testid="modal"
    >
      {modal && (
        <div className="modal-content">
          <h2 id="modal-title">{modal.title}</h2>
          <div id="modal-body" className="modal-body">
            {modal.body.split('\n\n').map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
          <div className="modal-actions">
            {modal.href && (
              <a className="btn btn-secondary" href={modal.href} target="_blank" rel="noopener">
                {moreLabel}
              </a>
            )}
            <button
              type="button"
              className={`btn ${modal.action ? 'btn-secondary' : modal.kind === 'danger' ? 'btn-danger' : 'btn-primary'}`}
              onClick={closeModal}
              autoFocus={!modal.action}
            >
              {closeLabel}
            </button>
            {modal.action && (
              <a className="btn btn-primary" href={modal.action.href} autoFocus data-testid="modal-action">
                {modal.action.label}
              </a>
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}
