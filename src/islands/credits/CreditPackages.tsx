import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { LOCALE_TAGS, type Locale } from '~/shared/locales';
import { formatMoney, PAYMENT_METHOD_BRANDS, type PaymentMethod } from '~/shared/payments';
import { $purchase, chooseMethod, choosePackage, initPurchase, startPurchase } from '../../stores/purchase';
import { useT } from '../shell/use-t';
import '~/styles/credit-packages.css';

interface OfferedPackage {
  id: string;
  credits: number;
  bonus_credits: number;
  badge: 'popular' | 'best_value' | null;
  price_cents: number;
}

/**
 * The credit packages of /credits (docs/product.md §11): the site's packages for the member's
 * country with price, bonus, badge and price per credit, the country's payment methods, and
 * "Buy now", which starts the payment and goes to the provider's checkout.
 */
export default function CreditPackages(props: {
  locale: Locale;
  currency: string;
  methods: PaymentMethod[];
  packages: OfferedPackage[];
  /** What is chosen when the page opens (server's `initialChoice`). */
  choice: { packageId: string; method: PaymentMethod };
  returnPath: string;
}) {
  const t = useT(props.locale);
  const state = useStore($purchase);
  const tag = LOCALE_TAGS[props.locale].tag;
  useEffect(
    () => initPurchase(props.choice.packageId, props.choice.method),
    [props.choice.packageId, props.choice.method],
  );
  const chosen = state.packageId ?? props.choice.packageId;
  const method = state.method ?? props.choice.method;
  const busy = state.status !== 'idle';

  const buy = async () => {
    const checkout = await startPurchase(props.returnPath);
    if (checkout) window.location.assign(checkout);
  };

  return (
    <section className="card credit-packages" aria-labelledby="packages-title" data-testid="credit-packages">
      <h2 id="packages-title">{t('credits.packages_title')}</h2>
      <fieldset className="package-list">
        <legend className="visually-hidden">{t('credits.packages_title')}</legend>
        {props.packages.map((pack) => {
          const total = pack.credits + pack.bonus_credits;
          return (
            <label
              key={pack.id}
              className={`package${chosen === pack.id ? ' is-chosen' : ''}`}
              data-testid={`package-${pack.id}`}
            >
              <input
                type="radio"
                name="package"
                value={pack.id}
                checked={chosen === pack.id}
                onChange={() => choosePackage(pack.id)}
                disabled={busy}
              />
              {pack.badge && <span className="package-badge">{t(`credits.badge_${pack.badge}`)}</span>}
              <span className="package-credits">
                <strong>{new Intl.NumberFormat(tag).format(total)}</strong> {t('credits.unit', { count: total })}
              </span>
              {pack.bonus_credits > 0 && (
                <span className="package-bonus">
                  {t('credits.bonus', { count: new Intl.NumberFormat(tag).format(pack.bonus_credits) })}
                </span>
              )}
              <span className="package-price">{formatMoney(pack.price_cents, props.currency, tag)}</span>
              <span className="package-per-credit muted">
                {t('credits.per_credit', {
                  price: formatMoney(Math.round(pack.price_cents / total), props.currency, tag),
                })}
              </span>
            </label>
          );
        })}
      </fieldset>
      <fieldset className="method-list">
        <legend>{t('credits.method_label')}</legend>
        {props.methods.map((each) => (
          <label key={each} className={`method${method === each ? ' is-chosen' : ''}`}>
            <input
              type="radio"
              name="method"
              value={each}
              checked={method === each}
              onChange={() => chooseMethod(each)}
              disabled={busy}
            />
            <span>{PAYMENT_METHOD_BRANDS[each] ?? t(`credits.method_${each}`)}</span>
          </label>
        ))}
      </fieldset>
      {state.error && (
        <div className="alert alert-danger" role="alert">
          {t(state.error)}
        </div>
      )}
      <button type="button" className="btn btn-primary btn-block" onClick={() => void buy()} disabled={busy || !chosen}>
        {busy ? t('credits.starting') : t('credits.buy_button')}
      </button>
      <p className="muted package-vat">{t('credits.vat_included')}</p>
    </section>
  );
}
