import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { LOCALE_TAGS, type Locale } from '~/shared/locales';
import { formatMoney, PAYMENT_METHOD_BRANDS, type PaymentMethod } from '~/shared/payments';
import { $purchase, initPurchase, startPurchase } from '../../stores/purchase';
import { useT } from '../shell/use-t';
import '~/styles/credit-packages.css';

/**
 * `/credits/repeat-order` (docs/product.md §11 Repeat order): the member's last package and method
 * with today's price, and one button that buys it again: charging the stored mandate (then the
 * transaction page) or opening the checkout.
 */
export default function RepeatOrder(props: {
  locale: Locale;
  packageId: string;
  credits: number;
  priceCents: number;
  currency: string;
  method: PaymentMethod;
  /** A stored mandate for `method` exists: one click pays without a checkout. */
  saved: boolean;
}) {
  const t = useT(props.locale);
  const state = useStore($purchase);
  const tag = LOCALE_TAGS[props.locale].tag;
  useEffect(() => initPurchase(props.packageId, props.method), [props.packageId, props.method]);
  const busy = state.status !== 'idle';
  const buy = async () => {
    const next = await startPurchase('/credits', { useMandate: props.saved });
    if (next) window.location.assign(next);
  };
  return (
    <section className="card transaction-card" aria-labelledby="repeat-title" data-testid="repeat-order">
      <h1 id="repeat-title">{t('credits.repeat_title')}</h1>
      <p className="transaction-amount">
        {new Intl.NumberFormat(tag).format(props.credits)} {t('credits.unit', { count: props.credits })} ·{' '}
        {formatMoney(props.priceCents, props.currency, tag)}
      </p>
      <p className="muted">
        {t(props.saved ? 'credits.repeat_method_saved' : 'credits.repeat_method', {
          method: PAYMENT_METHOD_BRANDS[props.method] ?? t(`credits.method_${props.method}`),
        })}
      </p>
      {state.error && (
        <div className="alert alert-danger" role="alert">
          {t(state.error)}
        </div>
      )}
      <button type="button" className="btn btn-primary btn-block" onClick={() => void buy()} disabled={busy}>
        {busy ? t('credits.starting') : t('credits.repeat_button')}
      </button>
      <a className="btn btn-ghost" href="/credits">
        {t('credits.repeat_choose')}
      </a>
    </section>
  );
}
