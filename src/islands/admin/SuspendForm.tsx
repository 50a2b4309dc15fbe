import { useState, type FormEvent } from 'react';
import { consoleText, consoleT, type ConsoleLocale, type ConsoleText } from '~/shared/console-i18n';
import { SUSPEND_DAYS_MAX, SUSPEND_DAYS_MIN } from '~/shared/contracts/admin/moderation';
import { checkSuspendDays } from '../../stores/admin/moderation';
import { TextField } from '../shell/TextField';

/**
 * The "suspend for N days" form of the reports queue and the member record (docs/product.md §13
 * Member actions): whole days from SUSPEND_DAYS_MIN to SUSPEND_DAYS_MAX (7 to start with), checked
 * before `onSuspend` gets them.
 */
export function SuspendForm({
  locale,
  label,
  busy,
  className = 'admin-form-row',
  onSuspend,
}: {
  locale: ConsoleLocale;
  label: string;
  busy: boolean;
  className?: string;
  onSuspend(days: number): void;
}) {
  const t = consoleT(locale);
  const [days, setDays] = useState('7');
  const [error, setError] = useState<ConsoleText | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = Number(days);
    const problem = checkSuspendDays(value);
    setError(problem);
    if (!problem) onSuspend(value);
  }

  return (
    <form className={className} onSubmit={submit} aria-label={t('moderation.suspend_label')}>
      <TextField
        label={label}
        type="number"
        inputMode="numeric"
        min={SUSPEND_DAYS_MIN}
        max={SUSPEND_DAYS_MAX}
        value={days}
        onChange={(event) => setDays(event.target.value)}
        error={error && consoleText(locale, error)}
      />
      <button type="submit" className="btn btn-secondary" disabled={busy}>
        {busy ? t('moderation.suspending') : t('moderation.suspend')}
      </button>
    </form>
  );
}
