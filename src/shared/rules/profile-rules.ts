import { differenceInYears, isValid, parse } from 'date-fns';
import { textField } from '../contracts/fields';
import { CITY_MAX_LENGTH, MAX_AGE, MIN_AGE } from '../constants';

/**
 * docs/product.md §5 Date of birth: `YYYY-MM-DD`, a real calendar date without a 00 part,
 * age at least 18 (and at most 100) on `today`.
 * @returns null when valid, else the message key `profile.date_of_birth_error`.
 */
export function checkDateOfBirth(value: string, today: Date): 'profile.date_of_birth_error' | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match || match.slice(1).some((part) => Number(part) === 0)) return 'profile.date_of_birth_error';
  const date = parse(value, 'yyyy-MM-dd', new Date(0));
  if (!isValid(date)) return 'profile.date_of_birth_error';
  const age = differenceInYears(today, date);
  return age >= MIN_AGE && age <= MAX_AGE ? null : 'profile.date_of_birth_error';
}

/** docs/product.md §5: year choices run from now − 18 down to now − 100. */
export function birthYearChoices(today: Date): number[] {
  const newest = today.getFullYear() - MIN_AGE;
  return Array.from({ length: MAX_AGE - MIN_AGE + 1 }, (_, i) => newest - i);
}

/** docs/product.md §5 City: optional, at most 255 characters. */
export const cityRule = textField().trim().max(CITY_MAX_LENGTH, { error: 'validation.max_length' });
