import { describe, expect, it } from 'vitest';
import { languageSwitch } from './switch-language';

describe('language switcher target (docs/product.md §1, §9)', () => {
  it('remembers a known locale and goes back to a path on this site', () => {
    expect(languageSwitch('fr', '/pages/terms')).toEqual({ location: '/pages/terms', locale: 'fr' });
  });
  it('remembers nothing for an unknown or missing locale and never leaves the site', () => {
    expect(languageSwitch('xx', 'https://evil.example/')).toEqual({ location: '/', locale: null });
    expect(languageSwitch(null, null)).toEqual({ location: '/', locale: null });
    expect(languageSwitch('de', '//evil.example').location).toBe('/');
  });
});
