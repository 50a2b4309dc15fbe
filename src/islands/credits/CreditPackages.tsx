import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { LOCALE_TAGS, type Locale } from '~/shared/locales';
import { formatMoney, type OfferedPackage, type PaymentMethod } from '~/shared/payments';
import {
  $purchase,
  applyDiscountCode,
  choosePackage,
  initPurchase,
  removeDiscountCode,
  startPurchase,
} from '../../stores/purchase';
import { useT } from '../shell/use-t';
import { MethodPicker } from './MethodPicker';
import { Countdown } from './Countdown';
import '~/styles/credit-packages.css';

/** A discount the member gets without a code (welcome discount, stay offer): prices after it (cents). */
export interface AutomaticDiscount {
  code: string;
  percent: number | null;
  /** ISO instant it ends (the welcome countdown), null when open-ended. */
  validUntil: string | null;
  prices: Record<string, number>;
}

/**
 * The credit packages of /credits (docs/product.md §11): the site's packages for the member's
 * country with price, bonus, badge and price per credit, the welcome discount with its countdown
 * or a discount code the member applies, a running time bonus, the country's payment methods, and
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
  automaticDiscount: AutomaticDiscount | null;
  /** Extra credits on every package (already in each package's `bonus_credits`) until `until`. */
  timeBonus: { percent: number; until: string } | null;
  /** The server's time when rendering (ms), so the countdown hydrates without a mismatch. */
  renderedAt: number;
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
  const [code, setCode] = useState('');
  const discountPrices = state.discount?.prices ?? props.automaticDiscount?.prices ?? null;
  const dateOnly = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long' });

  const buy = async () => {
    const checkout = await startPurchase(props.returnPath);
    if (checkout) window.location.assign(checkout);
  };

  return (
    <section className="card credit-packages" aria-labelledby="packages-title" data-testid="credit-packages">
      <h2 id="packages-title">{t('credits.packages_title')}</h2>
      {props.timeBonus && (
        <p className="offer-banner offer-bonus" data-testid="time-bonus">
          {t('discounts.time_bonus', {
            percent: props.timeBonus.percent,
            date: dateOnly.format(new Date(props.timeBonus.until)),
          })}
        </p>
      )}
      {props.automaticDiscount && !state.discount && (
        <div className="offer-banner offer-welcome" data-testid="welcome-discount">
          <strong>
            {props.automaticDiscount.code === '@stay'
              ? t('discounts.stay_offer', { percent: props.automaticDiscount.percent })
              : t('discounts.welcome_offer', { percent: props.automaticDiscount.percent })}
          </strong>
          {props.automaticDiscount.validUntil && (
            <Countdown
              until={Date.parse(props.automaticDiscount.validUntil)}
              renderedAt={props.renderedAt}
              label={t('discounts.ends_in')}
            />
          )}
        </div>
      )}
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
              <span className="package-price" data-testid={`price-${pack.id}`}>
                {discountPrices &&
                discountPrices[pack.id] !== undefined &&
                discountPrices[pack.id]! < pack.price_cents ? (
                  <>
                    <s className="package-list-price">{formatMoney(pack.price_cents, props.currency, tag)}</s>{' '}
                    {formatMoney(discountPrices[pack.id]!, props.currency, tag)}
                  </>
                ) : (
                  formatMoney(pack.price_cents, props.currency, tag)
                )}
              </span>
              <span className="package-per-credit muted">
                {t('credits.per_credit', {
                  price: formatMoney(
                    Math.round((discountPrices?.[pack.id] ?? pack.price_cents) / total),
                    props.currency,
                    tag,
                  ),
                })}
              </span>
            </label>
          );
        })}
      </fieldset>
      <div className="discount-code">
        {state.discount ? (
          <p className="discount-applied" role="status" data-testid="discount-applied">
            <span>
              {t('discounts.applied', {
                code: state.discount.code,
                amount:
                  state.discount.percent !== null
                    ? `${state.discount.percent} %`
                    : formatMoney(state.discount.amountCents ?? 0, props.currency, tag),
              })}
            </span>
            <button type="button" className="btn btn-ghost btn-small" onClick={removeDiscountCode} disabled={busy}>
              {t('discounts.remove')}
            </button>
          </p>
        ) : (
          <form
            className="discount-form"
            onSubmit={(event) => {
              event.preventDefault();
              void applyDiscountCode(code);
            }}
          >
            <label htmlFor="discount-code">{t('discounts.code_label')}</label>
            <div className="discount-row">
              <input
                id="discount-code"
                name="discount-code"
                className="input"
                autoComplete="off"
                autoCapitalize="characters"
                maxLength={32}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                aria-invalid={state.discountError ? true : undefined}
                aria-describedby={state.discountError ? 'discount-error' : undefined}
              />
              <button
                type="submit"
                className="btn btn-secondary"
                disabled={busy || !code.trim() || state.discountStatus !== 'idle'}
              >
                {t('discounts.apply')}
              </button>
            </div>
            {state.discountError && (
              <p id="discount-error" className="field-error" role="alert">
                {t(state.discountError)}
              </p>
            )}
          </form>
        )}
      </div>
      <MethodPicker t={t} methods={props.methods} chosen={method} disabled={busy} />
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
