import { describe, expect, it } from 'vitest';
import { suggestEmail } from './email-suggestion';

describe('docs/product.md §5 e-mail typo suggestion (mailcheck, thresholds 2/2/2)', () => {
  it.each([
    ['anna@gmial.com', 'anna@gmail.com'],
    ['anna@hotmial.con', 'anna@hotmail.com'],
    ['anna@yaho.com', 'anna@yahoo.com'],
    ['jan@ziggo.nll', 'jan@ziggo.nl'],
  ])('suggests %s → %s', (typed, expected) => {
    expect(suggestEmail(typed)).toBe(expected);
  });

  it.each(['anna@gmail.com', 'anna@example.org', 'anna', ''])('has no suggestion for %s', (typed) => {
    expect(suggestEmail(typed)).toBeNull();
  });
});
