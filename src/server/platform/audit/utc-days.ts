/**
 * UTC calendar days as the console counts them (docs/product.md §13): "today" and every day filter
 * are UTC days (`YYYY-MM-DD`), whatever the operator's own time zone.
 */

export const DAY_MS = 24 * 60 * 60_000;

/** The UTC day of `date` (`YYYY-MM-DD`). */
export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The first instant of UTC day `day` (`YYYY-MM-DD`). */
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00Z`);

/** The first instant after UTC day `day`, for `< dayEnd(to)` ranges that include all of `to`. */
export const dayEnd = (day: string): Date => new Date(dayStart(day).getTime() + DAY_MS);

/** The UTC day `days` days before (negative: after) `day`. */
export const daysBefore = (day: string, days: number): string =>
  utcDay(new Date(dayStart(day).getTime() - days * DAY_MS));
