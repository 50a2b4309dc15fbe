import { useState } from 'react';
import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import type { TransactionItem } from '~/shared/contracts/admin/payments';
import { refundErrorText, refundTransaction } from '../../stores/admin/payments';
import { ConfirmDialog } from './ConfirmDialog';
import { formatMoney } from './member-format';
import { useAdminAction } from './use-admin-load';

interface Props {
  locale: ConsoleLocale;
  transaction: TransactionItem;
  /** Called with the success notice after the refund. */
  onRefunded: (notice: string) => void;
}

/** docs/product.md §13 Payments, refund: the Refund button of a paid transaction and its confirmation. */
export function RefundAction({ locale, transaction, onRefunded }: Props) {
  const t = consoleT(locale);
  const [asking, setAsking] = useState(false);
  const action = useAdminAction();
  const amount = formatMoney(locale, transaction.amountCents, transaction.currency);
  const id = transaction.id;

  async function confirm() {
    const done = await action.run(() => refundTransaction(id), refundErrorText);
    if (!done) return;
    setAsking(false);
    const owes = done.member.creditDebt > 0 ? t('refund.owes', { debt: done.member.creditDebt }) : '';
    onRefunded(t('refund.done', { id, amount, member: transaction.memberId, credits: done.member.credits, owes }));
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        onClick={() => {
          action.reset();
          setAsking(true);
        }}
        aria-label={t('refund.label', { id })}
      >
        {t('refund.button')}
      </button>
      <ConfirmDialog
        locale={locale}
        open={asking}
        title={t('refund.title', { id })}
        confirmLabel={t('refund.confirm', { amount })}
        busy={action.busy}
        error={action.error}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      >
        <p>
          {t('refund.goes_back', { amount, provider: transaction.provider })}
          {transaction.memberEmail ? ` (${transaction.memberEmail})` : ''}.{' '}
          {transaction.product === 'premium'
            ? t('refund.takes_premium', { months: transaction.premiumMonths })
            : t('refund.takes_credits', { credits: transaction.credits + transaction.bonusCredits })}
        </p>
        <p className="muted">{t('refund.no_undo')}</p>
      </ConfirmDialog>
    </>
  );
}
