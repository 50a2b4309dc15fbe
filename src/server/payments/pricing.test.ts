import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paymentsConfigSchema } from '~/shared/payments-config';
import { loadSites } from '../platform/sites/load-sites';
import type { SiteConfig } from '../platform/sites/site-config';
import { pricingCountry, pricingView } from './pricing';

const demo = loadSites(path.resolve(import.meta.dirname, '../../../config/sites')).defaultSite;

const site: SiteConfig = {
  ...demo,
  countries: ['NL', 'DE', 'PL', 'US'],
  welcome_credits: 20,
  minimum_message_costs: { NL: { costs: 2, currency: 'EUR' }, default: { costs: 1, currency: 'EUR' } },
  payments: paymentsConfigSchema.parse({
    currency_by_country: { PL: 'PLN', default: 'EUR' },
    vat_bp_by_country: { NL: 2100, US: 0, default: 1900 },
    methods_by_country: { NL: ['ideal', 'creditcard'], default: ['creditcard', 'paypal'] },
    packages: [
      { id: 'starter', credits: 50, prices: { EUR: 999, PLN: 4399 } },
      { id: 'popular', credits: 120, bonus_credits: 20, badge: 'popular', prices: { EUR: 1999, PLN: 8799 } },
    ],
    plans: [
      { id: 'premium-1m', months: 1, prices: { EUR: 2499, PLN: 10999 } },
      { id: 'premium-3m', months: 3, badge: 'best_value', prices: { EUR: 5999, PLN: 26399 } },
    ],
    discounts: {
      welcome: { percent: 30, hours: 48 },
      time_bonus: [{ percent: 20, from: '2026-11-01T00:00:00Z', until: '2027-01-31T23:59:59Z' }],
    },
  }),
};
const before = new Date('2026-10-15T12:00:00Z');
const during = new Date('2026-12-01T12:00:00Z');

describe('pricingView (docs/product.md §11)', () => {
  it("prices packages and plans in the country's currency with VAT, methods and the message cost", () => {
    const view = pricingView(site, 'NL', before)!;
    expect(view).toMatchObject({
      country: 'NL',
      currency: 'EUR',
      vatBp: 2100,
      methods: ['ideal', 'creditcard'],
      messageCost: 2,
      timeBonus: null,
      welcome: { percent: 30, hours: 48 },
      welcomeCredits: 20,
    });
    expect(view.packages).toEqual([
      {
        id: 'starter',
        credits: 50,
        bonusCredits: 0,
        timeBonusCredits: 0,
        totalCredits: 50,
        badge: null,
        priceCents: 999,
        perCreditCents: 20,
        messages: 25,
      },
      {
        id: 'popular',
        credits: 120,
        bonusCredits: 20,
        timeBonusCredits: 0,
        totalCredits: 140,
        badge: 'popular',
        priceCents: 1999,
        perCreditCents: 14,
        messages: 70,
      },
    ]);
    expect(view.plans).toEqual([
      { id: 'premium-1m', months: 1, badge: null, priceCents: 2499, perMonthCents: 2499 },
      { id: 'premium-3m', months: 3, badge: 'best_value', priceCents: 5999, perMonthCents: 2000 },
    ]);
  });

  it("uses the other country's currency, VAT (0 included), methods and default message cost", () => {
    const pl = pricingView(site, 'PL', before)!;
    expect(pl).toMatchObject({ currency: 'PLN', vatBp: 1900, methods: ['creditcard', 'paypal'], messageCost: 1 });
    expect(pl.packages.map((pack) => [pack.priceCents, pack.messages])).toEqual([
      [4399, 50],
      [8799, 140],
    ]);
    expect(pl.plans.map((plan) => plan.perMonthCents)).toEqual([10999, 8800]);
    expect(pricingView(site, 'US', before)!.vatBp).toBe(0);
  });

  it('adds the running time bonus to every package (of its base credits, rounded down)', () => {
    const view = pricingView(site, 'NL', during)!;
    expect(view.timeBonus).toEqual({ percent: 20, until: new Date('2027-01-31T23:59:59Z') });
    expect(view.packages.map((pack) => [pack.timeBonusCredits, pack.totalCredits, pack.messages])).toEqual([
      [10, 60, 30],
      [24, 164, 82],
    ]);
  });

  it('says messages are free when the country charges nothing for them', () => {
    const free = { ...site, minimum_message_costs: { default: { costs: 0, currency: 'EUR' } } };
    expect(pricingView(free, 'NL', before)!.packages.every((pack) => pack.messages === null)).toBe(true);
  });

  it('is null for a site without payments (nothing to buy)', () => {
    expect(pricingView({ ...site, payments: undefined }, 'NL', before)).toBeNull();
  });
});

describe('pricingCountry', () => {
  const countries = ['US', 'DE', 'NL', 'PL'];
  const none = { query: null, member: null, ip: null, locale: 'en' } as const;

  it('takes the asked-for country first, in any case, when the site serves it', () => {
    expect(pricingCountry(countries, { ...none, query: 'pl', member: 'DE', ip: 'NL' })).toBe('PL');
    expect(pricingCountry(countries, { ...none, query: 'XX', member: 'DE', ip: 'NL' })).toBe('DE');
  });

  it("then the member's country, the visitor's IP country, the language's country, the first country", () => {
    expect(pricingCountry(countries, { ...none, member: 'NL', ip: 'DE' })).toBe('NL');
    expect(pricingCountry(countries, { ...none, member: 'FR', ip: 'DE' })).toBe('DE');
    expect(pricingCountry(countries, { ...none, ip: 'JP', locale: 'pl' })).toBe('PL');
    expect(pricingCountry(countries, { ...none, locale: 'fr' })).toBe('US');
    expect(pricingCountry(countries, none)).toBe('US');
  });
});
