import { desc, eq } from 'drizzle-orm';
import { isPremium, messageCost } from '~/shared/rules/message-costs';
import type { AppContext } from '../context';
import { creditLedger, profiles, users } from '../db/schema';
import type { SiteConfig } from '../platform/sites/site-config';

/** Ledger rows shown on /credits (newest first: ledger ids grow with time). */
export const CREDIT_HISTORY_ROWS = 50;

/** What /credits shows a member (message costs). */
export interface CreditOverview {
  /** Current balance (credits). */
  credits: number;
  /** Credits owed after a refund took back spent credits (sending is blocked while above 0). */
  creditDebt: number;
  /** What one message costs this member now (credits; 0 while premium). */
  messageCost: number;
  /** End of premium when still premium, else null. */
  premiumUntil: Date | null;
  /** The latest ledger rows: delta in credits (+ granted, − spent), the ledger reason, when. */
  history: { delta: number; reason: string; createdAt: Date }[];
}

/** A member's balance, message price (site's `minimum_message_costs` for their country) and credit history. */
export async function creditOverview(ctx: AppContext, site: SiteConfig, userId: number): Promise<CreditOverview> {
  const [member] = await ctx.db
    .select({
      credits: users.credits,
      creditDebt: users.creditDebt,
      premiumUntil: users.premiumUntil,
      country: profiles.country,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  const history = await ctx.db
    .select({ delta: creditLedger.delta, reason: creditLedger.reason, createdAt: creditLedger.createdAt })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.id))
    .limit(CREDIT_HISTORY_ROWS);
  const premium = isPremium(member?.premiumUntil ?? null, ctx.clock.now());
  return {
    credits: member?.credits ?? 0,
    creditDebt: member?.creditDebt ?? 0,
    messageCost: messageCost(site.minimum_message_costs, member?.country ?? null, premium),
    premiumUntil: premium ? (member?.premiumUntil ?? null) : null,
    history,
  };
}
