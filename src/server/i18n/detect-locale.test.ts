import { describe, expect, it } from 'vitest';
import { detectLocale } from './detect-locale';

describe('docs/product.md §1 locale detection', () => {
  it('prefers the i18n_redirected cookie', () => {
    expect(detectLocale({ cookie: 'pl', acceptLanguage: 'de-DE', domainLanguage: 'nl' })).toBe('pl');
  });
  it('then the browser languages, with q-values and regions', () => {
    expect(detectLocale({ cookie: undefined, acceptLanguage: 'ja, fr-CA;q=0.8, de;q=0.9', domainLanguage: 'nl' })).toBe(
      'de',
    );
    expect(detectLocale({ cookie: 'xx', acceptLanguage: 'nl-BE', domainLanguage: 'en' })).toBe('nl');
  });
  it('then the site domain language, then English', () => {
    expect(detectLocale({ cookie: undefined, acceptLanguage: 'ja', domainLanguage: 'it' })).toBe('it');
    expect(detectLocale({ cookie: undefined, acceptLanguage: null, domainLanguage: undefined })).toBe('en');
  });
});
