import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { landerVisits } from '../db/schema';

/**
 * docs/product.md §12 Lander report: counts one visit of a lander entry link on the visit's UTC
 * day, per site, design, variant (`{experiment}:{variant}` or '') and network (lower case or '').
 * Only these counters are kept: no address, cookie or other visitor data. Bots are not counted
 * (the caller decides).
 */
export async function countLanderVisit(
  ctx: AppContext,
  visit: { site: string; lander: string; variant: string | null; network: string | null },
): Promise<void> {
  const day = ctx.clock.now().toISOString().slice(0, 10);
  await ctx.db
    .insert(landerVisits)
    .values({
      site: visit.site,
      day,
      lander: visit.lander,
      variant: visit.variant ?? '',
      network: networkKey(visit.network),
      visits: 1,
    })
    .onConflictDoUpdate({
      target: [landerVisits.site, landerVisits.day, landerVisits.lander, landerVisits.variant, landerVisits.network],
      set: { visits: sql`${landerVisits.visits} + 1` },
    });
}

/** A network value as counted: lower case when it looks like a network name, else '' (no free text is kept). */
export function networkKey(network: string | null): string {
  const key = network?.toLowerCase() ?? '';
  return /^[a-z0-9._-]{1,64}$/.test(key) ? key : '';
}
