import { and, between, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { landerBotVisits, landerVisits } from '../db/schema';

/**
 * docs/product.md §12 Lander report: counts one visit of a lander entry link on the visit's UTC
 * day, per site, design, variant (`{experiment}:{variant}` or '') and network (lower case or '').
 * Only these counters are kept: no address, cookie or other visitor data. Bots are not counted
 * here (the caller decides) but in countLanderBotVisit.
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

/**
 * docs/product.md §12 Lander report: counts one entry-link visit by a bot on `site` on the visit's
 * UTC day; the report only notes how many there were (they are no visitors of an experiment).
 */
export async function countLanderBotVisit(ctx: AppContext, site: string): Promise<void> {
  const day = ctx.clock.now().toISOString().slice(0, 10);
  await ctx.db
    .insert(landerBotVisits)
    .values({ site, day, visits: 1 })
    .onConflictDoUpdate({
      target: [landerBotVisits.site, landerBotVisits.day],
      set: { visits: sql`${landerBotVisits.visits} + 1` },
    });
}

/** Entry-link visits by bots on `site` in the UTC days `from`–`to` (YYYY-MM-DD, both included). */
export async function landerBotVisitsOf(
  ctx: AppContext,
  input: { site: string; from: string; to: string },
): Promise<number> {
  const [row] = await ctx.db
    .select({ visits: sql<number>`coalesce(sum(${landerBotVisits.visits}), 0)::int` })
    .from(landerBotVisits)
    .where(and(eq(landerBotVisits.site, input.site), between(landerBotVisits.day, input.from, input.to)));
  return Number(row?.visits ?? 0);
}
