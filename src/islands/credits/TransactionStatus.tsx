import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { LOCALE_TAGS, type Locale } from '~/shared/locales';
import { formatMoney } from '~/shared/payments';
import {
  $transaction,
  followTransaction,
  stopFollowingTransaction,
  type TransactionView,
} from '../../stores/transaction';
import { useT } from '../shell/use-t';
import '~/styles/credit-packages.css';

/**
 * `/transactions/:transactionId` (docs/product.md §11): the payment's status, rendered from
 * `initial` (the state the server knew) and asked for until it is final, then what it granted and
 * the way back to where the member came from.
 */
export default function TransactionStatus({
  locale,
  transactionId,
  initial,
}: {
  locale: Locale;
  transactionId: string;
  initial: TransactionView;
}) {
  const t = useT(locale);
  const { transaction: followed, error } = useStore($transaction);
  const transaction = followed ?? initial;
  useEffect(() => {
    if (initial.status === 'open') void followTransaction(transactionId);
    return stopFollowingTransaction;
  }, [transactionId, initial.status]);
  const tag = LOCALE_TAGS[locale].tag;
  const status = transaction.status;
  const granted = transaction.credits + transaction.bonus_credits;

  return (
    <section
      className="card transaction-card"
      aria-labelledby="transaction-title"
      data-testid="transaction"
      data-status={status}
    >
      <h1 id="transaction-title" aria-live="polite">
        {t(`transaction.status_${status}`)}
      </h1>
      <p className="transaction-amount">
        {formatMoney(transaction.amount_cents, transaction.currency, tag)} ·{' '}
        {transaction.product === 'premium' ? (
          t('premium.months', { count: transaction.premium_months })
        ) : (
          <>
            {new Intl.NumberFormat(tag).format(granted)} {t('credits.unit', { count: granted })}
          </>
        )}
      </p>
      {status === 'open' && <p className="muted">{t('transaction.waiting')}</p>}
      {status === 'paid' && (
        <p data-testid="transaction-granted">
          {t(transaction.product === 'premium' ? 'transaction.granted_premium' : 'transaction.granted')}
        </p>
      )}
      {status === 'refunded' && <p>{t('transaction.refunded_note')}</p>}
      {['failed', 'cancelled', 'expired'].includes(status) && <p>{t('transaction.nothing_charged')}</p>}
      {error && error !== 'errors.not_found' && <p className="muted">{t(error)}</p>}
      {error === 'errors.not_found' && <p>{t('transaction.not_found')}</p>}
      <div className="transaction-actions">
        {status === 'paid' && (
          <a className="btn btn-primary" href={transaction.return_path}>
            {t('transaction.continue')}
          </a>
        )}
        {transaction.product === 'premium' ? (
          <a className={`btn ${status === 'paid' ? 'btn-ghost' : 'btn-secondary'}`} href="/premium">
            {t('transaction.to_premium')}
          </a>
        ) : (
          <a className={`btn ${status === 'paid' ? 'btn-ghost' : 'btn-secondary'}`} href="/credits">
            {t('transaction.to_credits')}
          </a>
        )}
      </div>
    </section>
  );
}
