import { useState, type FormEvent } from 'react';
import { SUSPEND_DAYS_MAX, SUSPEND_DAYS_MIN } from '~/shared/contracts/admin/moderation';
import { TextField } from '../shell/TextField';

/**
 * The "suspend for N days" form of the reports queue and the member record (docs/product.md §13
 * Member actions): whole days from SUSPEND_DAYS_MIN to SUSPEND_DAYS_MAX (7 to start with), checked
 * before `onSuspend` gets them.
 */
export function SuspendForm({
  label,
  busy,
  className = 'admin-form-row',
  onSuspend,
}: {
  label: string;
  busy: boolean;
  className?: string;
  onSuspend(days: number): void;
}) {
  const [days, setDays] = useState('7');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = Number(days);
    if (!Number.isInteger(value) || value < SUSPEND_DAYS_MIN || value > SUSPEND_DAYS_MAX) {
      return setError(`Enter whole days from ${SUSPEND_DAYS_MIN} to ${SUSPEND_DAYS_MAX}.`);
    }
    setError(null);
    onSuspend(value);
  }

  return (
    <form className={className} onSubmit={submit} aria-label="Suspend the member">
      <TextField
        label={label}
        type="number"
        inputMode="numeric"
        min={SUSPEND_DAYS_MIN}
        max={SUSPEND_DAYS_MAX}
        value={days}
        onChange={(event) => setDays(event.target.value)}
        error={error}
      />
      <button type="submit" className="btn btn-secondary" disabled={busy}>
        {busy ? 'Suspending…' : 'Suspend'}
      </button>
    </form>
  );
}
