import { addDays, differenceInYears, format, parseISO, subYears } from 'date-fns';

/** Age in whole years on `today` for a `YYYY-MM-DD` date of birth; null when unknown. */
export function ageOn(dateOfBirth: string | null, today: Date): number | null {
  if (!dateOfBirth) return null;
  return differenceInYears(today, parseISO(dateOfBirth));
}

/**
 * The date-of-birth range (inclusive, `YYYY-MM-DD`) of people aged `minAge`..`maxAge` on `today`.
 * Either bound may be undefined (open).
 */
export function birthDateRange(
  today: Date,
  minAge: number | undefined,
  maxAge: number | undefined,
): { bornOnOrBefore?: string; bornAfter?: string; bornOnOrAfter?: string } {
  const range: { bornOnOrBefore?: string; bornOnOrAfter?: string } = {};
  if (minAge !== undefined) range.bornOnOrBefore = format(subYears(today, minAge), 'yyyy-MM-dd');
  if (maxAge !== undefined) range.bornOnOrAfter = format(addDays(subYears(today, maxAge + 1), 1), 'yyyy-MM-dd');
  return range;
}
