import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { conversions, postbacks, profiles, users } from '../db/schema';
import type { SiteRegistry } from '../platform/sites/load-sites';
import type { ConversionEvent } from '../platform/sites/affiliates-config';
import { centsToDecimal, renderPostbackUrl } from './postback-url';

type Executor = Pick<Db, 'insert' | 'select'>;

export interface ConversionInput {
  userId: number;
  /** `sale` is recorded as `rebill` when the account already has a sale. */
  event: ConversionEvent;
  /** The payment transaction (sale, rebill, refund, chargeback) and its amount in cents. */
  transaction?: { id: number; amountCents: number; currency: string };
  now: Date;
}

/**
 * docs/product.md §12: records a conversion of an account inside the caller's database
 * transaction, so it exists exactly when what caused it was committed, and queues its postback
 * (the outbox row with the rendered URL) when the account came from a network that wants this
 * event. At most once per account and event (per transaction for rebills and refunds): a repeat
 * is ignored. The first sale of an account is `sale`, every later one `rebill`. The account's site
 * (its networks) is looked up in `sites`.
 * @returns the event recorded, or null when it had been recorded before (or the account or its site is gone).
 */
export async function recordConversion(
  tx: Executor,
  sites: Pick<SiteRegistry, 'byPackageName'>,
  input: ConversionInput,
): Promise<{ event: ConversionEvent; conversionId: number; postbackQueued: boolean } | null> {
  const [account] = await tx
    .select({ site: users.site, tracking: users.tracking, country: profiles.country })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, input.userId))
    .limit(1);
  const site = account && sites.byPackageName.get(account.site);
  if (!account || !site) return null;
  // Checked when the account was created (attributionOf): its lander and variant are known ones.
  const tracking = account.tracking ?? {};
  const network = tracking.network?.toLowerCase() ?? null;
  const base = {
    userId: input.userId,
    site: site.package_name,
    transactionId: input.transaction?.id ?? null,
    amountCents: input.transaction?.amountCents ?? null,
    currency: input.transaction?.currency ?? null,
    network,
    lander: tracking.lander ?? null,
    variant: tracking.variant ?? null,
    createdAt: input.now,
  };
  const keys: [ConversionEvent, string][] =
    input.event === 'sale'
      ? [
          ['sale', 'sale'],
          ['rebill', `rebill:${input.transaction?.id}`],
        ]
      : [[input.event, input.transaction ? `${input.event}:${input.transaction.id}` : input.event]];
  let recorded: { id: number; event: ConversionEvent } | undefined;
  for (const [event, key] of keys) {
    [recorded] = await tx
      .insert(conversions)
      .values({ ...base, event, key })
      .onConflictDoNothing()
      .returning({ id: conversions.id, event: conversions.event });
    if (recorded) break;
  }
  if (!recorded) return null;

  const postback = network ? site.affiliates.networks[network]?.postback : undefined;
  if (!postback || !postback.events.includes(recorded.event))
    return { event: recorded.event, conversionId: recorded.id, postbackQueued: false };
  const payout = postback.payout_cents[recorded.event];
  const url = renderPostbackUrl(postback.url, {
    click_id: tracking.clickid,
    network: tracking.network,
    ref: tracking.ref,
    sub1: tracking.sub1,
    sub2: tracking.sub2,
    sub3: tracking.sub3,
    event: recorded.event,
    event_id: String(recorded.id),
    transaction_id: input.transaction ? String(input.transaction.id) : undefined,
    amount: input.transaction ? centsToDecimal(input.transaction.amountCents) : undefined,
    currency: input.transaction?.currency,
    payout: payout === undefined ? undefined : centsToDecimal(payout),
    country: account.country ?? undefined,
    lander: tracking.lander,
    variant: tracking.variant,
  });
  await tx.insert(postbacks).values({
    conversionId: recorded.id,
    site: site.package_name,
    network: network as string,
    method: postback.method,
    url,
    nextAttemptAt: input.now,
    createdAt: input.now,
  });
  return { event: recorded.event, conversionId: recorded.id, postbackQueued: true };
}
