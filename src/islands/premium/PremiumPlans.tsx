import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { PremiumStatus } from '~/shared/contracts/payments';
import { LOCALE_TAGS, type Locale } from '~/shared/locales';
import { formatMoney, type PaymentMethod } from '~/shared/payments';
import { $premium, cancelPremium, initPremium } from '../../stores/premium';
import { $purchase, choosePackage, initPurchase, startPurchase } from '../../stores/purchase';
import { useHydratedStore } from '../shell/use-hydrated-store';
import { useT } from '../shell/use-t';
import { MethodPicker } from '../credits/MethodPicker';
import '~/styles/credit-packages.css';
import '~/styles/premium.css';

interface OfferedPlan {
  id: string;
  months: number;
  badge: 'popular' | 'best_value' | null;
  price_cents: number;
  per_month_cents: number;
}

/**
 * /premium (docs/product.md §11 Premium): the member's premium state (active with its renewal
 * date, or cancelled and running to its end date) with cancel behind an explicit confirmation,
 * and the site's plans with the country's payment methods and "Go premium", which starts the
 * first payment at the provider's checkout.
 */
export default function PremiumPlans(props: {
  locale: Locale;
  status: PremiumStatus;
  offer: { currency: string; methods: PaymentMethod[]; plans: OfferedPlan[] } | null;
}) {
  const t = useT(props.locale);
  const tag = LOCALE_TAGS[props.locale].tag;
  const premium = useHydratedStore($premium, { status: props.status, cancelling: false, error: null });
  const purchase = useStore($purchase);
  const [confirming, setConfirming] = useState(false);
  const popular = props.offer?.plans.find((plan) => plan.badge === 'popular') ?? props.offer?.plans[0];
  useEffect(() => {
    initPremium(props.status);
    initPurchase(popular?.id ?? null, props.offer?.methods[0] ?? null);
  }, [props.status, popular?.id, props.offer]);

  const status = premium.status ?? props.status;
  const chosen = purchase.packageId ?? popular?.id ?? null;
  const method = purchase.method ?? props.offer?.methods[0] ?? null;
  const busy = purchase.status !== 'idle';
  const until = status.premium_until ? new Date(status.premium_until) : null;
  const date = (value: Date) => new Intl.DateTimeFormat(tag, { dateStyle: 'long' }).format(value);
  const plan = status.subscription;

  const buy = async () => {
    const next = await startPurchase('/premium', { product: 'premium' });
    if (next) window.location.assign(next);
  };

  return (
    <div className="premium-page">
      <section className="card premium-status" aria-labelledby="premium-title" data-testid="premium-status">
        <h1 id="premium-title">{t('premium.title')}</h1>
        {status.is_premium && until ? (
          <>
            <p className="premium-state is-active">
              <span className="premium-badge">{t('premium.badge')}</span>
              {plan?.status === 'active'
                ? t('premium.renews_on', {
                    date: date(until),
                    price: formatMoney(plan.amount_cents, plan.currency, tag),
                  })
                : t('premium.ends_on', { date: date(until) })}
            </p>
            {plan?.status === 'active' &&
              (confirming ? (
                <div className="premium-confirm" role="group" aria-labelledby="cancel-question">
                  <p id="cancel-question">{t('premium.cancel_question', { date: date(until) })}</p>
                  <div className="premium-confirm-actions">
                    <button
                      type="button"
                      className="btn btn-primary"
                      disabled={premium.cancelling}
                      onClick={() => void cancelPremium().then((done) => done && setConfirming(false))}
                    >
                      {t('premium.cancel_confirm')}
                    </button>
                    <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>
                      {t('premium.keep')}
                    </button>
                  </div>
                </div>
              ) : (
                <button type="button" className="btn btn-ghost" onClick={() => setConfirming(true)}>
                  {t('premium.cancel')}
                </button>
              ))}
            {plan?.status === 'cancelled' && <p className="muted">{t('premium.cancelled_note')}</p>}
          </>
        ) : (
          <p className="premium-state">{t('premium.not_premium')}</p>
        )}
        {premium.error && (
          <div className="alert alert-danger" role="alert">
            {t(premium.error)}
          </div>
        )}
        <ul className="premium-benefits">
          <li>{t('premium.benefit_messages')}</li>
          <li>{t('premium.benefit_credits')}</li>
          <li>{t('premium.benefit_cancel')}</li>
        </ul>
      </section>

      {props.offer && !(status.is_premium && plan?.status === 'active') && (
        <section className="card credit-packages" aria-labelledby="plans-title" data-testid="premium-plans">
          <h2 id="plans-title">{status.is_premium ? t('premium.extend_title') : t('premium.plans_title')}</h2>
          <fieldset className="package-list">
            <legend className="visually-hidden">{t('premium.plans_title')}</legend>
            {props.offer.plans.map((each) => (
              <label
                key={each.id}
                className={`package${chosen === each.id ? ' is-chosen' : ''}`}
                data-testid={`plan-${each.id}`}
              >
                <input
                  type="radio"
                  name="plan"
                  value={each.id}
                  checked={chosen === each.id}
                  onChange={() => choosePackage(each.id)}
                  disabled={busy}
                />
                {each.badge && <span className="package-badge">{t(`credits.badge_${each.badge}`)}</span>}
                <span className="package-credits">
                  <strong>{t('premium.months', { count: each.months })}</strong>
                </span>
                <span className="package-bonus">{t('premium.renews_every', { count: each.months })}</span>
                <span className="package-price">{formatMoney(each.price_cents, props.offer!.currency, tag)}</span>
                <span className="package-per-credit muted">
                  {t('premium.per_month', { price: formatMoney(each.per_month_cents, props.offer!.currency, tag) })}
                </span>
              </label>
            ))}
          </fieldset>
          <MethodPicker t={t} methods={props.offer.methods} chosen={method} disabled={busy} />
          {purchase.error && (
            <div className="alert alert-danger" role="alert">
              {t(purchase.error)}
            </div>
          )}
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={() => void buy()}
            disabled={busy || !chosen}
          >
            {busy ? t('credits.starting') : t('premium.buy_button')}
          </button>
          <p className="muted package-vat">{t('premium.terms')}</p>
        </section>
      )}
    </div>
  );
}
