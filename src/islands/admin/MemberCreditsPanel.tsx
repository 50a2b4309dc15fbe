import { useState, type FormEvent } from 'react';
import { adminErrorText, callAdmin } from '~/client/admin-api';
import {
  ADJUSTMENT_REASON_MAX,
  ADJUSTMENT_REASON_MIN,
  adminAdjustCreditsContract,
  adminGrantPremiumContract,
  adminRevokePremiumContract,
  CREDIT_ADJUSTMENT_MAX,
  PREMIUM_GRANT_MAX_DAYS,
  type MemberRecord,
} from '~/shared/contracts/admin/members';
import { TextField } from '../shell/TextField';
import { AdminConfirmAction } from './AdminConfirmAction';
import { failureCode, formatDay, formatMoney } from './member-format';

interface Props {
  record: MemberRecord;
  /** The operator may adjust credits and grant or revoke premium (MEMBER_ACTION_ROLES.support). */
  canChange: boolean;
  onDone: (notice: string) => void;
}

const isConflict = (error: unknown) => failureCode(error) === 'conflict';

/** The credits adjustment form: whole credits either way and the required reason. */
function AdjustCreditsForm({ record, onDone }: Omit<Props, 'canChange'>) {
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const amount = Number(String(form.get('amount') ?? '').trim());
    const reason = String(form.get('reason') ?? '').trim();
    const found: typeof errors = {};
    if (!Number.isInteger(amount) || amount === 0 || Math.abs(amount) > CREDIT_ADJUSTMENT_MAX) {
      found.amount = `Enter whole credits other than 0, at most ${CREDIT_ADJUSTMENT_MAX.toLocaleString('en-GB')} either way.`;
    } else if (amount < 0 && -amount > record.credits.balance) {
      found.amount = `The member has ${record.credits.balance} credits: at most that can be taken.`;
    }
    if (reason.length < ADJUSTMENT_REASON_MIN || reason.length > ADJUSTMENT_REASON_MAX) {
      found.reason = `Give a reason of ${ADJUSTMENT_REASON_MIN} to ${ADJUSTMENT_REASON_MAX} characters.`;
    }
    setErrors(found);
    if (found.amount || found.reason) return;
    setBusy(true);
    try {
      const answer = await callAdmin(adminAdjustCreditsContract, {
        params: { id: record.account.id },
        body: { amount, reason },
      });
      formElement.reset();
      onDone(`Credits adjusted by ${amount > 0 ? '+' : ''}${amount}. New balance: ${answer.credits}.`);
    } catch (caught) {
      setErrors({
        form: isConflict(caught)
          ? 'Not adjusted: the balance cannot go below 0 (it may have changed meanwhile), and a deleted account cannot be adjusted.'
          : adminErrorText(caught),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-member-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Adjust credits">
      <h3 className="admin-member-subtitle">Adjust credits</h3>
      {errors.form && (
        <p className="alert alert-danger" role="alert">
          {errors.form}
        </p>
      )}
      <div className="admin-form-row">
        <TextField
          name="amount"
          label="Credits (+ to add, − to take)"
          type="number"
          step={1}
          inputMode="numeric"
          required
          error={errors.amount}
        />
        <TextField name="reason" label="Reason" required maxLength={ADJUSTMENT_REASON_MAX} error={errors.reason} />
      </div>
      <p className="field-hint admin-member-hint">
        The reason is kept in the credit ledger (the member’s data export shows it) and the audit log; the member’s
        credit history shows “Adjusted by customer support”.
      </p>
      <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
        {busy ? 'Adjusting…' : 'Adjust credits'}
      </button>
    </form>
  );
}

/** Premium days added from the later of now and the current end. */
function GrantPremiumForm({ record, onDone }: Omit<Props, 'canChange'>) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const days = Number(new FormData(event.currentTarget).get('days'));
    if (!Number.isInteger(days) || days < 1 || days > PREMIUM_GRANT_MAX_DAYS) {
      return setError(`Enter whole days from 1 to ${PREMIUM_GRANT_MAX_DAYS}.`);
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await callAdmin(adminGrantPremiumContract, { params: { id: record.account.id }, body: { days } });
      onDone(`Premium granted for ${days} days: now until ${formatDay(answer.premiumUntil)}.`);
    } catch (caught) {
      setError(isConflict(caught) ? 'A deleted account cannot get premium.' : adminErrorText(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-member-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Grant premium">
      <h3 className="admin-member-subtitle">Premium</h3>
      <div className="admin-form-row">
        <TextField
          name="days"
          label="Days of premium"
          type="number"
          min={1}
          max={PREMIUM_GRANT_MAX_DAYS}
          step={1}
          defaultValue={30}
          inputMode="numeric"
          hint="Added to the current end when premium runs."
          error={error}
        />
      </div>
      <button type="submit" className="btn btn-secondary btn-small" disabled={busy}>
        {busy ? 'Granting…' : 'Grant premium'}
      </button>
    </form>
  );
}

/** docs/product.md §13 Members: balance, debt, premium and plan; support roles adjust and grant here. */
export function MemberCreditsPanel({ record, canChange, onDone }: Props) {
  const { credits } = record;
  const plan = credits.subscription;
  const deleted = record.account.status === 'deleted';
  const renewing = plan?.status === 'active';
  return (
    <section className="admin-panel" aria-labelledby="member-credits-title">
      <h2 id="member-credits-title">Credits and premium</h2>
      <dl className="admin-stats admin-member-stats">
        <div className="admin-stat">
          <dt>Balance</dt>
          <dd data-testid="member-balance">{credits.balance.toLocaleString('en-GB')}</dd>
        </div>
        {credits.debt > 0 && (
          <div className="admin-stat">
            <dt>Owed after a refund</dt>
            <dd>{credits.debt.toLocaleString('en-GB')}</dd>
          </div>
        )}
        <div className="admin-stat">
          <dt>Premium</dt>
          <dd>
            {credits.isPremium && credits.premiumUntil ? `Until ${formatDay(credits.premiumUntil)}` : 'No'}
            {!credits.isPremium && credits.premiumUntil && (
              <span className="admin-stat-note">Ended {formatDay(credits.premiumUntil)}</span>
            )}
          </dd>
        </div>
        {plan && (
          <div className="admin-stat">
            <dt>Plan</dt>
            <dd>
              {plan.plan}
              <span className="admin-stat-note">
                {formatMoney(plan.amountCents, plan.currency)} every {plan.months} month{plan.months === 1 ? '' : 's'},{' '}
                {renewing ? 'renewing' : `cancelled${plan.cancelledAt ? ` ${formatDay(plan.cancelledAt)}` : ''}`}
              </span>
            </dd>
          </div>
        )}
      </dl>
      {canChange && !deleted && (
        <>
          <AdjustCreditsForm record={record} onDone={onDone} />
          <GrantPremiumForm record={record} onDone={onDone} />
          {(credits.isPremium || renewing) && (
            <div className="admin-member-revoke">
              <AdminConfirmAction
                label="Revoke premium"
                question={`End premium now${renewing ? ' and cancel the renewing plan at the payment provider' : ''}? Nothing is refunded.`}
                confirmLabel="Revoke premium"
                danger
                run={async () => {
                  const answer = await callAdmin(adminRevokePremiumContract, { params: { id: record.account.id } });
                  return answer.cancelledRenewal ? 'Premium revoked and its renewals cancelled.' : 'Premium revoked.';
                }}
                onDone={onDone}
                errorText={(error) =>
                  failureCode(error) === 'payment_provider_unavailable'
                    ? 'The payment provider could not be reached to cancel the renewals. Nothing changed; try again later.'
                    : null
                }
              />
            </div>
          )}
        </>
      )}
    </section>
  );
}
