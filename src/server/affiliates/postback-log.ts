import { and, desc, eq, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { conversions, postbackAttempts, postbacks } from '../db/schema';
import { recordAudit, type OperatorActor } from '../platform/audit/audit-log';
import type { ConversionEvent } from '../platform/sites/affiliates-config';

export type PostbackStatus = (typeof postbacks.$inferSelect)['status'];

/** One postback as the console lists it. */
export interface PostbackLogItem {
  id: number;
  site: string;
  network: string;
  event: ConversionEvent;
  /** Our id of the conversion: the `{event_id}` the network deduplicates on. */
  eventId: number;
  memberId: number;
  transactionId: number | null;
  method: 'GET' | 'POST';
  /**
   * The URL as sent, query values included: they are the network's click ids and our own values,
   * never personal data (docs/product.md §12), and an operator checking a network's complaint
   * needs them. Logs mask them instead (`maskPostbackUrl`), as log lines leave the console.
   */
  url: string;
  status: PostbackStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

export interface PostbackFilter {
  site?: string;
  network?: string;
  status?: PostbackStatus;
  event?: ConversionEvent;
  /** Postbacks with a lower id than this (the next, older page). */
  before?: number;
  limit: number;
}

/**
 * docs/product.md §13 Affiliates, postback log: the outbox's postbacks newest first, filtered by
 * site, network, status and event, `limit` per page; `before` pages back.
 */
export async function listPostbacks(
  ctx: AppContext,
  filter: PostbackFilter,
): Promise<{ postbacks: PostbackLogItem[]; hasMore: boolean }> {
  const where: SQL[] = [];
  if (filter.site) where.push(eq(postbacks.site, filter.site));
  if (filter.network) where.push(eq(postbacks.network, filter.network.toLowerCase()));
  if (filter.status) where.push(eq(postbacks.status, filter.status));
  if (filter.event) where.push(eq(conversions.event, filter.event));
  if (filter.before !== undefined) where.push(lt(postbacks.id, filter.before));
  const rows = await ctx.db
    .select({
      id: postbacks.id,
      site: postbacks.site,
      network: postbacks.network,
      event: conversions.event,
      eventId: conversions.id,
      memberId: conversions.userId,
      transactionId: conversions.transactionId,
      method: postbacks.method,
      url: postbacks.url,
      status: postbacks.status,
      attempts: postbacks.attempts,
      nextAttemptAt: postbacks.nextAttemptAt,
      lastStatusCode: postbacks.lastStatusCode,
      lastError: postbacks.lastError,
      createdAt: postbacks.createdAt,
      deliveredAt: postbacks.deliveredAt,
    })
    .from(postbacks)
    .innerJoin(conversions, eq(conversions.id, postbacks.conversionId))
    .where(and(...where))
    .orderBy(desc(postbacks.id))
    .limit(filter.limit + 1);
  return { postbacks: rows.slice(0, filter.limit), hasMore: rows.length > filter.limit };
}

/** One attempt to send a postback: HTTP status (null: no answer), latency (ms), the failure's kind. */
export interface PostbackAttemptItem {
  attemptedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

/**
 * The attempts of postback `id`, oldest first (at most the last 100).
 * Failure: `not_found` (no such postback).
 */
export async function postbackAttemptLog(
  ctx: AppContext,
  id: number,
): Promise<Result<{ attempts: PostbackAttemptItem[] }, 'not_found'>> {
  const [exists] = await ctx.db.select({ id: postbacks.id }).from(postbacks).where(eq(postbacks.id, id));
  if (!exists) return fail('not_found');
  const rows = await ctx.db
    .select({
      attemptedAt: postbackAttempts.attemptedAt,
      statusCode: postbackAttempts.statusCode,
      latencyMs: postbackAttempts.latencyMs,
      error: postbackAttempts.error,
    })
    .from(postbackAttempts)
    .where(eq(postbackAttempts.postbackId, id))
    .orderBy(desc(postbackAttempts.id))
    .limit(100);
  return ok({ attempts: rows.reverse() });
}

/**
 * docs/product.md §13 Affiliates, resend: makes postback `id` due again now — `pending`, next
 * attempt now, lease cleared — with its URL unchanged, so the network gets the same `{event_id}`
 * and can drop a repeat. Any postback may be resent: a failed one (the network was down longer than
 * the retries lasted), a pending one (sent now instead of after its back-off), and deliberately a
 * delivered one (the network lost it). The sender then tries it as usual; one older than the
 * 72-hour retry window gets this one attempt and is marked failed again if it fails. The audit row
 * (`postback.resend`) is written in the same database transaction.
 * Failures: `not_found`; `conflict` while a sender holds it (an attempt is under way).
 */
export async function resendPostback(
  ctx: AppContext,
  id: number,
  actor: OperatorActor,
): Promise<Result<{ id: number; status: 'pending'; nextAttemptAt: Date }, 'not_found' | 'conflict'>> {
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: postbacks.status, nextAttemptAt: postbacks.nextAttemptAt })
      .from(postbacks)
      .where(eq(postbacks.id, id))
      .for('update');
    if (!before) return 'not_found' as const;
    const [updated] = await tx
      .update(postbacks)
      .set({ status: 'pending', nextAttemptAt: now, leaseToken: null, leaseUntil: null })
      .where(and(eq(postbacks.id, id), or(isNull(postbacks.leaseUntil), lte(postbacks.leaseUntil, now))))
      .returning({ id: postbacks.id });
    if (!updated) return 'conflict' as const;
    await recordAudit(
      tx,
      actor,
      {
        action: 'postback.resend',
        objectType: 'postback',
        objectId: id,
        before: { status: before.status, nextAttemptAt: before.nextAttemptAt.toISOString() },
        after: { status: 'pending', nextAttemptAt: now.toISOString() },
      },
      now,
    );
    return 'resent' as const;
  });
  if (outcome === 'not_found') return fail('not_found');
  if (outcome === 'conflict') return fail('conflict', 'admin.postback_sending');
  ctx.log.info('postback resent by an operator', { postbackId: id, operatorId: actor.id });
  return ok({ id, status: 'pending', nextAttemptAt: now });
}
