import { useId, useState, type FormEvent } from 'react';
import { consoleText, consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import type { MemberRecord } from '~/shared/contracts/admin/members';
import { deleteMember, providerErrorText } from '../../stores/admin/members';
import { useAdminAction } from './use-admin-load';

interface Props {
  locale: ConsoleLocale;
  record: MemberRecord;
  onDone: (notice: string) => void;
}

/**
 * docs/product.md §13 Members, delete (admins): the account deletion members can do themselves,
 * confirmed by typing the member id. Renewals stop; the credit ledger and payments stay.
 */
export function MemberDeletePanel({ locale, record, onDone }: Props) {
  const t = consoleT(locale);
  const id = record.account.id;
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const action = useAdminAction();
  if (record.account.status === 'deleted') return null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (typed.trim() !== String(id)) return action.fail({ key: 'delete.type_id', values: { id } });
    const done = await action.run(() => deleteMember(id), providerErrorText('delete.provider_unavailable'));
    if (done !== null) onDone(t('delete.done', { id }));
  }

  const error = action.error && consoleText(locale, action.error);
  return (
    <section className="admin-panel admin-member-danger" aria-labelledby="member-delete-title">
      <h2 id="member-delete-title">{t('delete.title')}</h2>
      <p>{t('delete.intro')}</p>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('delete.form_label')}>
        <div className="field">
          <label htmlFor={inputId}>{t('delete.confirm_label', { id })}</label>
          <input
            id={inputId}
            className="input"
            inputMode="numeric"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
          />
          {error && (
            <p id={`${inputId}-error`} className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <button
          type="submit"
          className="btn btn-small admin-btn-danger"
          disabled={action.busy || typed.trim() !== String(id)}
        >
          {action.busy ? t('delete.deleting') : t('delete.title')}
        </button>
      </form>
    </section>
  );
}
