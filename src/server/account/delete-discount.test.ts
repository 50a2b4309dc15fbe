import { describe, expect, it } from 'vitest';
import { acceptedPercentOf } from './delete-discount';

describe('accepted stay discount (docs/product.md §10 account deletion)', () => {
  it('reads the percent of an accepted offer and nothing else', () => {
    expect(acceptedPercentOf('discount_accepted:50')).toBe(50);
    expect(acceptedPercentOf(null)).toBeNull();
    expect(acceptedPercentOf('privacy')).toBeNull();
    expect(acceptedPercentOf('discount_accepted:0')).toBeNull();
    expect(acceptedPercentOf('discount_accepted:150')).toBeNull();
    expect(acceptedPercentOf('discount_accepted:abc')).toBeNull();
  });
});
