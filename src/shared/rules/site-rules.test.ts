import { describe, expect, it } from 'vitest';
import { areSignupsAllowed, isLoggedOutSearchVisible } from './site-rules';

describe('docs/product.md §5 signups', () => {
  it('follows the signups setting and the network value', () => {
    expect(areSignupsAllowed('all', null)).toBe(true);
    expect(areSignupsAllowed('with_trafficsource', null)).toBe(false);
    expect(areSignupsAllowed('with_trafficsource', ' ')).toBe(false);
    expect(areSignupsAllowed('with_trafficsource', 'adnet')).toBe(true);
    expect(areSignupsAllowed('none', 'adnet')).toBe(false);
  });
});

describe('docs/product.md §5 logged-out search', () => {
  it('is visible unless both settings say none or there is no traffic source', () => {
    expect(isLoggedOutSearchVisible({ logged_out_search: 'all', logged_out_search_trafficsource: 'none' }, null)).toBe(
      true,
    );
    expect(isLoggedOutSearchVisible({ logged_out_search: 'none', logged_out_search_trafficsource: 'none' }, 'x')).toBe(
      false,
    );
    expect(isLoggedOutSearchVisible({ logged_out_search: 'none', logged_out_search_trafficsource: 'all' }, null)).toBe(
      false,
    );
    expect(isLoggedOutSearchVisible({ logged_out_search: 'none', logged_out_search_trafficsource: 'all' }, 'x')).toBe(
      true,
    );
  });
});
