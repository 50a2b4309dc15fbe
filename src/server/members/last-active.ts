import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { profiles } from '../db/schema';

/**
 * Records "now" as the member's last-active time (docs/product.md §7 page-hidden:
 * the tab went to the background; search sorts by it and cards show it).
 */
export async function markActive(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db.update(profiles).set({ lastActiveAt: ctx.clock.now() }).where(eq(profiles.id, userId));
}
