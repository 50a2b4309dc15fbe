import { useStore } from '@nanostores/react';
import { TOAST_POSITIONS } from '~/shared/constants-shell';
import { $toasts, dismissToast, pauseToast, resumeToast, type Toast } from '../../stores/toasts';

/** Renders the toasts of each of the nine positions (docs/product.md §9), with a 4 px progress bar. */
export function Toaster({ closeLabel }: { closeLabel: string }) {
  const toasts = useStore($toasts);
  return (
    <>
      {TOAST_POSITIONS.map((position) => {
        const here = toasts.filter((toast) => toast.position === position);
        if (here.length === 0) return null;
        return (
          <div key={position} className={`toast-region toast-${position}`}>
            {here.map((toast) => (
              <ToastView key={toast.id} toast={toast} closeLabel={closeLabel} />
            ))}
          </div>
        );
      })}
    </>
  );
}

function ToastView({ toast, closeLabel }: { toast: Toast; closeLabel: string }) {
  const pause = () => pauseToast(toast.id);
  const resume = () => resumeToast(toast.id);
  return (
    <div
      className={`toast toast-${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resume}
    >
      <p className="toast-message">{toast.message}</p>
      {toast.action && (
        <button
          type="button"
          className="btn btn-primary btn-small"
          onClick={() => {
            toast.action?.run();
            dismissToast(toast.id);
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button type="button" className="toast-close" aria-label={closeLabel} onClick={() => dismissToast(toast.id)}>
        ×
      </button>
      {toast.duration > 0 && (
        <span
          className="toast-progress"
          aria-hidden="true"
          style={{
            animationDuration: `${toast.duration}ms`,
            animationPlayState: toast.paused ? 'paused' : 'running',
          }}
        />
      )}
    </div>
  );
}
