import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSites, SiteConfigError } from '../platform/sites/load-sites';
import { isCountryCode, isCurrencyCode } from '../platform/sites/site-codes';

/**
 * docs/product.md §3 Settings, Site file validation: each refusal names the file and the field.
 * Every case starts from the shipped demo files (which stay valid) and changes one thing.
 */
const SHIPPED = path.resolve('config/sites');
type Site = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- edited JSON

/** The demo sites with `edit` applied to the parsed JSON of `name`; returns the error message, or null when it loads. */
function problemsWith(name: string, edit: (site: Site) => void, landersDir?: string): string | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-validation-'));
  for (const file of fs.readdirSync(SHIPPED).filter((each) => each.endsWith('.json'))) {
    const site = JSON.parse(fs.readFileSync(path.join(SHIPPED, file), 'utf8')) as Site;
    if (file === `${name}.json`) edit(site);
    fs.writeFileSync(path.join(dir, file), JSON.stringify(site));
  }
  try {
    loadSites(dir, landersDir);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(SiteConfigError);
    return (error as Error).message;
  }
}

describe('site file validation (docs/product.md §3 Settings)', () => {
  it('accepts the three demo sites unchanged', () => {
    expect(problemsWith('amora', () => {})).toBeNull();
    expect(loadSites(SHIPPED).all).toHaveLength(3);
  });

  it('uses maintained code lists: ISO 3166-1 alpha-2 countries and ISO 4217 currencies', () => {
    expect(['NL', 'GB', 'US', 'CH'].every(isCountryCode)).toBe(true);
    expect(['UK', 'EU', 'nl', 'NLD', 'XX'].some(isCountryCode)).toBe(false);
    expect(['EUR', 'GBP', 'CHF', 'PLN'].every(isCurrencyCode)).toBe(true);
    expect(['EURO', 'eur', 'EUX', 'ABC'].some(isCurrencyCode)).toBe(false);
  });

  it('refuses a country code that is not ISO 3166-1, wherever it is', () => {
    expect(problemsWith('amora', (site) => (site.countries[1] = 'UK'))).toMatch(
      /amora\.json: countries\.1: "UK" is not an ISO 3166-1/,
    );
    expect(problemsWith('amora', (site) => (site.company.country = 'Netherlands'))).toMatch(
      /amora\.json: company\.country: not an ISO 3166-1/,
    );
    expect(problemsWith('amora', (site) => (site.minimum_message_costs.XX = { costs: 1, currency: 'EUR' }))).toMatch(
      /amora\.json: minimum_message_costs\.XX: "XX" is not an ISO 3166-1/,
    );
    expect(problemsWith('amora', (site) => (site.payments.vat_bp_by_country.EU = 2100))).toMatch(
      /amora\.json: payments\.vat_bp_by_country\.EU: "EU" is not an ISO 3166-1/,
    );
  });

  it('refuses an unknown or misspelled company field, and an empty one', () => {
    expect(problemsWith('lovelane', (site) => (site.company.suport_phone = '+31 1'))).toMatch(
      /lovelane\.json: company: Unrecognized key: "suport_phone"/,
    );
    expect(problemsWith('lovelane', (site) => (site.company.address = '  '))).toMatch(
      /lovelane\.json: company\.address: must not be empty/,
    );
    expect(problemsWith('lovelane', (site) => (site.company.tradenames = ['Lovelane', '']))).toMatch(
      /lovelane\.json: company\.tradenames\.1: must not be empty/,
    );
    expect(problemsWith('lovelane', (site) => (site.company.vat_numbers = []))).toMatch(
      /lovelane\.json: company\.vat_numbers: /,
    );
    expect(problemsWith('lovelane', (site) => delete site.company.kvk)).toMatch(/lovelane\.json: company\.kvk: /);
  });

  it('refuses a currency that is not ISO 4217, in any place a site names one', () => {
    expect(problemsWith('amora', (site) => (site.payments.currency_by_country.PL = 'PLX'))).toMatch(
      /amora\.json: payments\.currency_by_country\.PL: "PLX" is not an ISO 4217/,
    );
    expect(problemsWith('amora', (site) => (site.minimum_message_costs.US.currency = 'usd'))).toMatch(
      /amora\.json: minimum_message_costs\.US\.currency: "usd" is not an ISO 4217/,
    );
    expect(
      problemsWith('amora', (site) => {
        for (const each of [...site.payments.packages, ...site.payments.plans]) each.prices.EUX = 100;
      }),
    ).toMatch(/amora\.json: payments\.packages\.0\.prices\.EUX: "EUX" is not an ISO 4217/);
  });

  it('refuses a currency some country pays in that a package or plan has no price in', () => {
    expect(problemsWith('amora', (site) => delete site.payments.packages[2].prices.CHF)).toMatch(
      /amora\.json: payments: package "value" has no price in CHF/,
    );
    expect(problemsWith('amora', (site) => delete site.payments.plans[0].prices.GBP)).toMatch(
      /amora\.json: payments: package "premium-1m" has no price in GBP/,
    );
  });

  it('refuses payments whose VAT rate or currency map does not cover every country (no "default")', () => {
    expect(problemsWith('amora', (site) => delete site.payments.vat_bp_by_country.default)).toMatch(
      /amora\.json: payments\.vat_bp_by_country: needs a "default" entry/,
    );
    expect(problemsWith('flirtbox', (site) => delete site.payments.currency_by_country.default)).toMatch(
      /flirtbox\.json: payments\.currency_by_country: needs a "default" entry/,
    );
  });

  it('refuses an experiment whose copy variant has no landers/{design}/copy-{copy}/ files', () => {
    const misspelled = problemsWith('flirtbox', (site) => (site.affiliates.experiments[0].variants[1].copy = 'drect'));
    expect(misspelled).toMatch(
      /flirtbox\.json: affiliates\.experiments\.0\.variants\.1\.copy: "drect" has no copy variant/,
    );
    expect(misspelled).toContain('landers/gallery/copy-drect/{locale}.yaml');
    // The same file loads where the copy variant exists, and not against a landers folder without it.
    expect(problemsWith('flirtbox', () => {})).toBeNull();
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'landers-'));
    expect(problemsWith('flirtbox', () => {}, empty)).toMatch(
      /affiliates\.experiments\.0\.variants\.1\.copy: "direct"/,
    );
  });

  it('refuses a host two site files list, naming both files', () => {
    const message = problemsWith('lovelane', (site) => site.hosts.push('FLIRTBOX.test'));
    expect(message).toMatch(/flirtbox\.json and lovelane\.json: hosts\.2: FLIRTBOX\.test is listed by both/);
    expect(problemsWith('amora', (site) => site.hosts.push('amora.test'))).toMatch(
      /amora\.json: hosts\.3: amora\.test is listed twice/,
    );
    expect(problemsWith('lovelane', (site) => (site.package_name = 'flirtbox'))).toMatch(
      /flirtbox\.json and lovelane\.json: package_name flirtbox is used by both/,
    );
  });
});
