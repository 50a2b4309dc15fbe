/**
 * How many server processes `npm start`/`npm run serve` runs (docs/architecture.md §6
 * convention 14 Scaling out): `WEB_CONCURRENCY` (a whole number ≥ 1, default 1) when
 * `DATABASE_URL` is PostgreSQL; with the embedded PGlite database always 1, because its data
 * folder belongs to one process, and `note` says why the setting was not followed.
 * @param {Record<string, string | undefined>} env
 * @returns {{ count: number, note: string | null }}
 * @throws Error when WEB_CONCURRENCY is set but not a whole number from 1 to 64
 */
export function serverProcessCount(env) {
  const raw = env.WEB_CONCURRENCY?.trim();
  if (!raw) return { count: 1, note: null };
  const wanted = Number(raw);
  if (!Number.isInteger(wanted) || wanted < 1 || wanted > 64) {
    throw new Error(`WEB_CONCURRENCY must be a whole number from 1 to 64, not "${raw}"`);
  }
  const postgres = /^postgres(?:ql)?:\/\//.test(env.DATABASE_URL ?? '');
  if (wanted > 1 && !postgres) {
    return {
      count: 1,
      note: `WEB_CONCURRENCY=${wanted} is not followed: the embedded PGlite database serves one process (set DATABASE_URL to PostgreSQL for more)`,
    };
  }
  return { count: wanted, note: null };
}
