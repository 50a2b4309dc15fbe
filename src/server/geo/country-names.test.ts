import { describe, expect, it } from 'vitest';
import { countryName, countryOptions } from './country-names';

describe('country names (one source for cards, filters, landers and pages)', () => {
  it('gives the everyday name in the locale', () => {
    expect(countryName('US', 'en')).toBe('United States');
    expect(countryName('CZ', 'en')).toBe('Czechia');
    expect(countryName('NL', 'de')).toBe('Niederlande');
    expect(countryName('DE', 'pl')).toBe('Niemcy');
  });

  it('answers the code itself for an unknown or malformed code', () => {
    expect(countryName('QX', 'en')).toBe('QX');
    expect(countryName('X', 'en')).toBe('X');
  });

  it('sorts options by the localized name', () => {
    expect(countryOptions(['US', 'AT', 'DE'], 'de').map((option) => option.name)).toEqual([
      'Deutschland',
      'Österreich',
      'Vereinigte Staaten',
    ]);
  });
});
