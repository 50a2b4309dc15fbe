import { describe, expect, it } from 'vitest';
import { initialChoice, type CreditOffer } from './credit-offer';

const offer: CreditOffer = {
  currency: 'EUR',
  methods: ['ideal', 'creditcard'],
  packages: [
    { id: 'starter', credits: 50, bonus_credits: 0, badge: null, price_cents: 999 },
    { id: 'popular', credits: 120, bonus_credits: 20, badge: 'popular', price_cents: 1999 },
  ],
};

describe('initialChoice (docs/product.md §11 Screens)', () => {
  it('takes the wanted package and method when this member can buy them', () => {
    expect(initialChoice(offer, { packageId: 'starter', method: 'creditcard' })).toEqual({
      packageId: 'starter',
      method: 'creditcard',
    });
  });

  it('falls back to the popular package and the first method for anything else', () => {
    expect(initialChoice(offer, { packageId: null, method: null })).toEqual({ packageId: 'popular', method: 'ideal' });
    expect(initialChoice(offer, { packageId: 'gold', method: 'blik' })).toEqual({
      packageId: 'popular',
      method: 'ideal',
    });
    const noBadge = { ...offer, packages: offer.packages.map((pack) => ({ ...pack, badge: null })) };
    expect(initialChoice(noBadge, { packageId: null, method: null }).packageId).toBe('starter');
  });
});
