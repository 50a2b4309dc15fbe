import { forCountry, timeBonusCredits, type PaymentMethod } from '~/shared/payments';
import type { Locale } from '~/shared/locales';
import { messageCost } from '~/shared/rules/message-costs';
import type { SiteConfig } from '../platform/sites/site-config';
import { creditOffer } from './credit-offer';
import { currentTimeBonus } from './discounts';

/** A credit package on /pricing, in one country's currency (cents, VAT included). */
export interface PricingPackage {
  id: string;
  credits: number;
  bonusCredits: number;
  /** Extra credits of the time bonus running now (0 when none). */
  timeBonusCredits: number;
  /** Everything the package grants now: credits + bonus + time bonus. */
  totalCredits: number;
  badge: 'popular' | 'best_value' | null;
  priceCents: number;
  /** Price of one credit (rounded to the cent). */
  perCreditCents: number;
  /** How many messages (or GIFs) the package pays for; null when messages are free in that country. */
  messages: number | null;
}

/** A premium plan on /pricing: `months` of premium, renewed every `months` until cancelled. */
export interface PricingPlan {
  id: string;
  months: number;
  badge: 'popular' | 'best_value' | null;
  priceCents: number;
  /** The period's price spread over its months (rounded to the cent). */
  perMonthCents: number;
}

/** Everything /pricing shows for one country (docs/product.md §11). */
export interface PricingView {
  country: string;
  currency: string;
  /** VAT rate contained in the prices, in basis points (2100 = 21 %). */
  vatBp: number;
  methods: PaymentMethod[];
  /** Credits a message costs a member of this country who is not premium; a GIF costs the same. */
  messageCost: number;
  packages: PricingPackage[];
  plans: PricingPlan[];
  /** The time bonus running now: extra credits in percent of each package, until when. */
  timeBonus: { percent: number; until: Date } | null;
  /** The welcome discount: `percent` off a first credit package bought within `hours` of signing up. */
  welcome: { percent: number; hours: number } | null;
  /** Free credits every new member receives. */
  welcomeCredits: number;
}

/** The country a locale's visitors most likely live in (English says nothing). */
const LOCALE_COUNTRY: Partial<Record<Locale, string>> = {
  de: 'DE',
  fr: 'FR',
  es: 'ES',
  it: 'IT',
  nl: 'NL',
  pl: 'PL',
};

/**
 * Which of the site's `countries` /pricing shows: the `?country=` asked for, else the member's
 * profile country, else the country of the visitor's IP address, else the country of the page's
 * language, else the site's first country. Each only counts when the site serves that country.
 */
export function pricingCountry(
  countries: readonly string[],
  hints: { query: string | null; member: string | null; ip: string | null; locale: Locale },
): string {
  const candidates = [hints.query?.trim().toUpperCase() ?? null, hints.member, hints.ip, LOCALE_COUNTRY[hints.locale]];
  return candidates.find((code) => code && countries.includes(code)) ?? countries[0]!;
}

/**
 * What the site sells in `country` at `now` (docs/product.md §11): credit packages and premium
 * plans at that country's prices, with the running time bonus, the message cost there, payment
 * methods and VAT rate; null when the site has no `payments` (it sells nothing).
 */
export function pricingView(site: SiteConfig, country: string, now: Date): PricingView | null {
  const payments = site.payments;
  const offer = creditOffer(site, country);
  if (!payments || !offer) return null;
  const cost = messageCost(site.minimum_message_costs, country, false);
  const timeBonus = currentTimeBonus(payments.discounts, now);
  return {
    country,
    currency: offer.currency,
    vatBp: forCountry(payments.vat_bp_by_country, country),
    methods: offer.methods,
    messageCost: cost,
    packages: offer.packages.map((pack) => {
      const extra = timeBonus ? timeBonusCredits(pack.credits, timeBonus.percent) : 0;
      const total = pack.credits + pack.bonus_credits + extra;
      return {
        id: pack.id,
        credits: pack.credits,
        bonusCredits: pack.bonus_credits,
        timeBonusCredits: extra,
        totalCredits: total,
        badge: pack.badge,
        priceCents: pack.price_cents,
        perCreditCents: Math.round(pack.price_cents / total),
        messages: cost > 0 ? Math.floor(total / cost) : null,
      };
    }),
    plans: payments.plans.map((plan) => {
      const price = plan.prices[offer.currency]!;
      return {
        id: plan.id,
        months: plan.months,
        badge: plan.badge ?? null,
        priceCents: price,
        perMonthCents: Math.round(price / plan.months),
      };
    }),
    timeBonus,
    welcome: payments.discounts.welcome ?? null,
    welcomeCredits: site.welcome_credits,
  };
}
