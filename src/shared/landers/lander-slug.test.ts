import { describe, expect, it } from 'vitest';
import {
  allLanderPages,
  isLanderDesign,
  landerPageSlug,
  landerSlug,
  parseLanderPageSlug,
  parseLanderSlug,
} from './lander-slug';

describe('lander slugs (docs/product.md §2, §4)', () => {
  it('is the locale for niche 1 and prefix-locale for the others', () => {
    expect(landerSlug('de', 1)).toBe('de');
    expect(landerSlug('de', 6)).toBe('milf-de');
    expect(landerSlug('pl', 7)).toBe('gay-pl');
    expect(landerSlug('en', 2)).toBe('she-en');
  });

  it('parses exactly the slugs it makes', () => {
    for (const page of allLanderPages())
      expect(parseLanderSlug(page.slug)).toEqual({ locale: page.locale, niche: page.niche });
    for (const bad of ['', 'xx', 'milf', 'milf-xx', 'none-de', 'MILF-de', 'milf-de-x', '-de', 'de-milf'])
      expect(parseLanderSlug(bad), bad).toBeNull();
  });

  it('lists 392 distinct pages', () => {
    const pages = allLanderPages();
    expect(pages).toHaveLength(392);
    expect(new Set(pages.map((p) => `${p.design}/${p.slug}`)).size).toBe(392);
    expect(isLanderDesign('video')).toBe(true);
    expect(isLanderDesign('nope')).toBe(false);
  });

  it("adds and reads back an experiment's copy variant (docs/product.md §12)", () => {
    expect(landerPageSlug('milf-de', 'direct')).toBe('milf-de--direct');
    expect(landerPageSlug('de', null)).toBe('de');
    expect(parseLanderPageSlug('milf-de--direct')).toEqual({ locale: 'de', niche: 6, copy: 'direct' });
    expect(parseLanderPageSlug('de')).toEqual({ locale: 'de', niche: 1, copy: null });
    for (const bad of ['de--', 'de--Direct', 'de--a--b', '--direct', 'xx--direct', 'de--../x', 'de--' + 'a'.repeat(41)])
      expect(parseLanderPageSlug(bad), bad).toBeNull();
  });
});
