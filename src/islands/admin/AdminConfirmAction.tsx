import { consoleT, type ConsoleLocale, type ConsoleText } from '~/shared/console-i18n';
import { useState } from 'react';
import { ErrorAlert } from './AdminLoadState';
import { useAdminAction } from './use-admin-load';

interface Props {
  locale: ConsoleLocale;
  /** The button's text, e.g. "Send password-reset link". */
  label: string;
  /** What will happen, asked before acting. */
  question: string;
  confirmLabel: string;
  /** Runs the action (a store verb); resolves with the success notice, or throws (the error shows here). */
  run: () => Promise<string>;
  onDone: (notice: string) => void;
  /** Maps a failure to a more precise text than the generic one. */
  errorText?: (error: unknown) => ConsoleText | null;
  danger?: boolean;
}

/** A console action behind an inline confirmation (docs/product.md §13 Members). */
export function AdminConfirmAction({ locale, label, question, confirmLabel, run, onDone, errorText, danger }: Props) {
  const t = consoleT(locale);
  const [asking, setAsking] = useState(false);
  const action = useAdminAction();

  async function confirm() {
    const notice = await action.run(run, errorText);
    if (notice === null) return;
    setAsking(false);
    onDone(notice);
  }

  if (!asking) {
    return (
      <button type="button" className="btn btn-secondary btn-small" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <div className="admin-confirm" role="group" aria-label={label}>
      <p>{question}</p>
      <ErrorAlert locale={locale} error={action.error} />
      <div className="admin-actions">
        <button
          type="button"
          className={`btn btn-small ${danger ? 'admin-btn-danger' : 'btn-primary'}`}
          disabled={action.busy}
          onClick={() => void confirm()}
        >
          {action.busy ? t('common.working') : confirmLabel}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          disabled={action.busy}
          onClick={() => {
            action.reset();
            setAsking(false);
          }}
        >
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}
