import countries from 'i18n-iso-countries';
import { z } from 'zod';
import type { PaymentsConfig } from '~/shared/payments-config';

/**
 * Country and currency codes of a site file (docs/product.md §3 Settings, Site file validation):
 * ISO 3166-1 alpha-2 countries (the list of `i18n-iso-countries`) and ISO 4217 currencies (the
 * runtime's ICU list, `Intl.supportedValuesOf('currency')`: current codes only).
 */

const COUNTRY_CODES = new Set(Object.keys(countries.getAlpha2Codes()));
const CURRENCY_CODES = new Set(Intl.supportedValuesOf('currency'));

/** True for an ISO 3166-1 alpha-2 code in upper case (`NL`, not `nl`, `UK` or `NLD`). */
export function isCountryCode(code: string): boolean {
  return COUNTRY_CODES.has(code);
}

/** True for a current ISO 4217 code in upper case (`EUR`, not `eur` or `EUX`). */
export function isCurrencyCode(code: string): boolean {
  return CURRENCY_CODES.has(code);
}

/** A site file's country field: an ISO 3166-1 alpha-2 code. */
export const countryCodeSchema = z.string().refine(isCountryCode, { error: 'not an ISO 3166-1 alpha-2 country code' });

/** One problem of a site file: the field's path and what is wrong. */
export interface SiteCodeIssue {
  path: (string | number)[];
  message: string;
}

/** The parts of a parsed site file whose codes are checked. */
export interface SiteCodes {
  countries: string[];
  minimum_message_costs: Record<string, { currency: string }>;
  payments?: PaymentsConfig;
  affiliates: { networks: Record<string, { postback: { payout_currency: string } }> };
}

/**
 * Every country key or value that is not ISO 3166-1 and every currency that is not ISO 4217 in
 * `site`. Coverage is the payments schema's: its per-country maps need a `default`, and a package
 * or plan without a price in a currency some country pays in is refused there.
 */
export function siteCodeIssues(site: SiteCodes): SiteCodeIssue[] {
  const issues: SiteCodeIssue[] = [];
  const country = (path: (string | number)[], code: string) => {
    if (code !== 'default' && !isCountryCode(code))
      issues.push({ path, message: `"${code}" is not an ISO 3166-1 alpha-2 country code` });
  };
  const currency = (path: (string | number)[], code: string) => {
    if (!isCurrencyCode(code)) issues.push({ path, message: `"${code}" is not an ISO 4217 currency code` });
  };

  site.countries.forEach((code, index) => country(['countries', index], code));
  for (const [code, cost] of Object.entries(site.minimum_message_costs)) {
    country(['minimum_message_costs', code], code);
    currency(['minimum_message_costs', code, 'currency'], cost.currency);
  }
  for (const [name, network] of Object.entries(site.affiliates.networks))
    currency(['affiliates', 'networks', name, 'postback', 'payout_currency'], network.postback.payout_currency);

  const payments = site.payments;
  if (!payments) return issues;
  // Every country has a currency, VAT rate and methods: these maps need a `default` (payments
  // schema), since a member may live in a country the site does not list.
  for (const field of ['currency_by_country', 'vat_bp_by_country', 'methods_by_country'] as const)
    for (const code of Object.keys(payments[field])) country(['payments', field, code], code);
  for (const [code, value] of Object.entries(payments.currency_by_country))
    currency(['payments', 'currency_by_country', code], value);
  for (const kind of ['packages', 'plans'] as const)
    payments[kind].forEach((item, index) => {
      for (const code of Object.keys(item.prices)) currency(['payments', kind, index, 'prices', code], code);
    });
  payments.discounts.codes.forEach((discount, index) => {
    for (const code of Object.keys(discount.amount_cents ?? {}))
      currency(['payments', 'discounts', 'codes', index, 'amount_cents', code], code);
  });
  return issues;
}
