import { describe, expect, it } from 'vitest';
import { deletedEmailMarker } from './deleted-email';

const secret = Buffer.alloc(32, 7);

describe('deleted e-mail marker (docs/product.md §10 account deletion)', () => {
  it('is the prefix and a hex HMAC, the same for any spelling of the address', () => {
    const marker = deletedEmailMarker(secret, 'amora', 'Anna@Example.com ');
    expect(marker).toMatch(/^deleted:[0-9a-f]{64}$/);
    expect(deletedEmailMarker(secret, 'amora', ' anna@example.com')).toBe(marker);
    expect(marker).not.toContain('anna');
  });

  it('differs per site, per address and per secret', () => {
    const marker = deletedEmailMarker(secret, 'amora', 'anna@example.com');
    expect(deletedEmailMarker(secret, 'lovelane', 'anna@example.com')).not.toBe(marker);
    expect(deletedEmailMarker(secret, 'amora', 'anne@example.com')).not.toBe(marker);
    expect(deletedEmailMarker(Buffer.alloc(32, 8), 'amora', 'anna@example.com')).not.toBe(marker);
  });
});
