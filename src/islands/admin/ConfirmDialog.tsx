import { useEffect, useId, useRef, type ReactNode } from 'react';
import { consoleT, type ConsoleLocale, type ConsoleText } from '~/shared/console-i18n';
import { ErrorAlert } from './AdminLoadState';

interface Props {
  locale: ConsoleLocale;
  open: boolean;
  title: string;
  /** What will happen, in a few sentences. */
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  error: ConsoleText | null;
  onConfirm: () => void;
  /** Cancel, Escape or closing the dialog otherwise. */
  onCancel: () => void;
}

/**
 * A console confirmation as a modal `<dialog>` (focus kept inside, Escape cancels): it stays readable
 * on a phone even when its button sits in a horizontally scrolling table.
 */
export function ConfirmDialog({
  locale,
  open,
  title,
  children,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onCancel,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const t = consoleT(locale);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog ref={dialog} className="admin-dialog" aria-labelledby={titleId} onClose={() => open && onCancel()}>
      <h2 id={titleId}>{title}</h2>
      {children}
      <ErrorAlert locale={locale} error={error} />
      <div className="admin-actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={onConfirm}>
          {busy ? t('common.working') : confirmLabel}
        </button>
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </dialog>
  );
}
