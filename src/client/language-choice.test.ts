import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALES } from '~/shared/locales';
import { LANGUAGE_STORAGE_MS, rememberedLanguage, rememberLanguage } from './language-choice';

describe('the chosen language (docs/product.md §9, language storage 30 days)', () => {
  beforeEach(() => {
    const data = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('remembers an offered language for 30 days and ignores anything else', () => {
    rememberLanguage('de', LOCALES, 1_000);
    expect(rememberedLanguage(LOCALES, 1_000 + LANGUAGE_STORAGE_MS - 1)).toBe('de');
    expect(rememberedLanguage(LOCALES, 1_000 + LANGUAGE_STORAGE_MS)).toBeNull();
    rememberLanguage('xx', LOCALES, 2_000);
    expect(rememberedLanguage(LOCALES, 2_000)).toBe('de');
    expect(rememberedLanguage(['en'], 2_000)).toBeNull();
  });

  it('keeps quiet when storage throws', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
    });
    expect(() => rememberLanguage('de', LOCALES)).not.toThrow();
    expect(rememberedLanguage(LOCALES)).toBeNull();
  });
});
