import { describe, expect, it } from 'vitest';
import { switchLanguage } from './switch-language';

describe('language switcher (docs/product.md §1, §9)', () => {
  it('stores a known locale for 365 days and goes back to the page', () => {
    const response = switchLanguage(new Request('http://localhost/language?locale=fr&next=/pages/terms'), false);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/pages/terms');
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toContain('i18n_redirected=fr');
    expect(cookie).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
    expect(cookie).toContain('SameSite=Lax');
  });
  it('changes nothing for an unknown locale and never leaves the site', () => {
    const response = switchLanguage(
      new Request('http://localhost/language?locale=xx&next=https://evil.example/'),
      false,
    );
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('location')).toBe('/');
    expect(
      switchLanguage(new Request('http://localhost/language?locale=de&next=//evil.example'), false).headers.get(
        'location',
      ),
    ).toBe('/');
  });
});
