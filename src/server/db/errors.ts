/**
 * True when a database error (or one it wraps as `cause`, as drizzle does) is a
 * PostgreSQL unique violation (SQLSTATE 23505), on PGlite and PostgreSQL alike.
 */
export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
