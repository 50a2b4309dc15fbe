import { useState } from 'react';
import { adminErrorText } from '~/client/admin-api';

interface Props {
  /** The button's text, e.g. "Send password-reset link". */
  label: string;
  /** What will happen, asked before acting. */
  question: string;
  confirmLabel: string;
  /** Runs the action; resolves with the success notice, or throws (the error shows here). */
  run: () => Promise<string>;
  onDone: (notice: string) => void;
  /** Maps a failure to a more precise text than the generic one. */
  errorText?: (error: unknown) => string | null;
  danger?: boolean;
}

/** A console action behind an inline confirmation (docs/product.md §13 Members). */
export function AdminConfirmAction({ label, question, confirmLabel, run, onDone, errorText, danger }: Props) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      const notice = await run();
      setAsking(false);
      onDone(notice);
    } catch (caught) {
      setError(errorText?.(caught) ?? adminErrorText(caught));
    } finally {
      setBusy(false);
    }
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
      {error && (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      )}
      <div className="admin-actions">
        <button
          type="button"
          className={`btn btn-small ${danger ? 'admin-btn-danger' : 'btn-primary'}`}
          disabled={busy}
          onClick={() => void confirm()}
        >
          {busy ? 'Working…' : confirmLabel}
        </button>
        <button type="button" className="btn btn-ghost btn-small" disabled={busy} onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
