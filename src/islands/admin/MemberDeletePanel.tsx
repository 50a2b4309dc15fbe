import { useId, useState, type FormEvent } from 'react';
import { adminErrorText, callAdmin } from '~/client/admin-api';
import { adminDeleteMemberContract, type MemberRecord } from '~/shared/contracts/admin/members';
import { failureCode } from './member-format';

interface Props {
  record: MemberRecord;
  onDone: (notice: string) => void;
}

/**
 * docs/product.md §13 Members, delete (admins): the account deletion members can do themselves,
 * confirmed by typing the member id. Renewals stop; the credit ledger and payments stay.
 */
export function MemberDeletePanel({ record, onDone }: Props) {
  const id = record.account.id;
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (record.account.status === 'deleted') return null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (typed.trim() !== String(id)) return setError(`Type ${id} to confirm.`);
    setBusy(true);
    setError(null);
    try {
      await callAdmin(adminDeleteMemberContract, { params: { id }, body: { confirm: id } });
      onDone(`Member #${id} deleted.`);
    } catch (caught) {
      setError(
        failureCode(caught) === 'payment_provider_unavailable'
          ? 'The payment provider could not be reached to cancel premium renewals. Nothing was deleted; try again later.'
          : adminErrorText(caught),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-panel admin-member-danger" aria-labelledby="member-delete-title">
      <h2 id="member-delete-title">Delete account</h2>
      <p>
        Deletes the account as if the member did it: profile, photos, likes, sessions and settings go, the address is no
        longer kept and a renewing premium plan is cancelled. Messages stay for the other members; credit ledger and
        payments stay for the accounts. This cannot be undone.
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Delete this account">
        <div className="field">
          <label htmlFor={inputId}>Type the member id ({id}) to confirm</label>
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
        <button type="submit" className="btn btn-small admin-btn-danger" disabled={busy || typed.trim() !== String(id)}>
          {busy ? 'Deleting…' : 'Delete account'}
        </button>
      </form>
    </section>
  );
}
