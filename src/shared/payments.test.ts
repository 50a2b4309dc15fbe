import { describe, expect, it } from 'vitest';
import { forCountry, vatIncluded } from './payments';
import { paymentsConfigSchema } from './payments-config';

describe('payments config (docs/product.md §11)', () => {
  it('takes the country’s value, a 0 included, else the default', () => {
    const vat = { US: 0, NL: 2100, default: 1900 };
    expect(forCountry(vat, 'US')).toBe(0);
    expect(forCountry(vat, 'NL')).toBe(2100);
    expect(forCountry(vat, 'FR')).toBe(1900);
    expect(forCountry(vat, null)).toBe(1900);
  });

  it('computes the VAT inside a VAT-inclusive price in cents', () => {
    expect(vatIncluded(1999, 2100)).toBe(347);
    expect(vatIncluded(1210, 2100)).toBe(210);
    expect(vatIncluded(999, 0)).toBe(0);
  });

  it('refuses a config without defaults, with a package lacking a currency, or with duplicate ids', () => {
    const base = {
      currency_by_country: { CH: 'CHF', default: 'EUR' },
      vat_bp_by_country: { default: 2100 },
      methods_by_country: { default: ['creditcard'] },
      packages: [{ id: 'starter', credits: 50, prices: { EUR: 999, CHF: 999 } }],
    };
    expect(paymentsConfigSchema.safeParse(base).success).toBe(true);
    const messages = (value: unknown) =>
      paymentsConfigSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ ...base, vat_bp_by_country: { NL: 2100 } })).toContain('needs a "default" entry');
    expect(messages({ ...base, packages: [{ id: 'starter', credits: 50, prices: { EUR: 999 } }] })).toContain(
      'package "starter" has no price in CHF',
    );
    expect(messages({ ...base, packages: [base.packages[0], base.packages[0]] })).toContain(
      'package id "starter" is used twice',
    );
    expect(messages({ ...base, methods_by_country: { default: ['cash'] } }).length).toBeGreaterThan(0);
  });
});
