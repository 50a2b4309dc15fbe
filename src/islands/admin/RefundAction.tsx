import { useState } from 'react';
import { adminErrorText, callAdmin } from '~/client/admin-api';
import { adminRefundTransactionContract, type TransactionItem } from '~/shared/contracts/admin/payments';
import { ConfirmDialog } from './ConfirmDialog';
import { errorCodeOf } from './finance-format';
import { formatMoney } from './member-format';

/** What a refused refund means for the operator. */
function refundErrorText(error: unknown): string {
  if (errorCodeOf(error) === 'conflict')
    return 'This transaction is no longer paid (refunded meanwhile?) or was made with another payment provider.';
  if (errorCodeOf(error) === 'payment_provider_unavailable')
    return 'The payment provider refused the refund or could not be reached. Nothing was changed; try again later.';
  return adminErrorText(error);
}

/** What the reversal takes back, in the confirmation's words. */
function grantText(transaction: TransactionItem): string {
  return transaction.product === 'premium'
    ? `${transaction.premiumMonths} month(s) of Premium are taken off and the plan stops renewing.`
    : `${transaction.credits + transaction.bonusCredits} credits are taken back: down to 0, the rest is owed and blocks sending until the next purchase.`;
}

interface Props {
  transaction: TransactionItem;
  /** Called with the success notice after the refund. */
  onRefunded: (notice: string) => void;
}

/** docs/product.md §13 Payments, refund: the Refund button of a paid transaction and its confirmation. */
export function RefundAction({ transaction, onRefunded }: Props) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const amount = formatMoney(transaction.amountCents, transaction.currency);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      const done = await callAdmin(adminRefundTransactionContract, { params: { id: transaction.id } });
      setAsking(false);
      onRefunded(
        `Transaction #${transaction.id} refunded (${amount}). Member #${transaction.memberId} now has ` +
          `${done.member.credits} credits${done.member.creditDebt > 0 ? ` and owes ${done.member.creditDebt}` : ''}.`,
      );
    } catch (caught) {
      setError(refundErrorText(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        onClick={() => {
          setError(null);
          setAsking(true);
        }}
        aria-label={`Refund transaction #${transaction.id}`}
      >
        Refund
      </button>
      <ConfirmDialog
        open={asking}
        title={`Refund transaction #${transaction.id}?`}
        confirmLabel={`Refund ${amount}`}
        busy={busy}
        error={error}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      >
        <p>
          {amount} goes back to the payer through {transaction.provider}
          {transaction.memberEmail ? ` (${transaction.memberEmail})` : ''}. {grantText(transaction)}
        </p>
        <p className="muted">This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
