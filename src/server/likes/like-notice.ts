import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { memberEvents } from '../db/schema';
import { queryRows } from '../db/raw';
import { nudgeOutbox } from '../outbox';
import { queueNotice } from '../outbox';
import { eventsRecorded, recordEventsSql, withEventRetry } from '../platform/events/events';

/**
 * docs/product.md §4 like notices: a member hears of another member's like at most once per
 * this interval (ms), however often that member unlikes and likes again.
 */
export const LIKE_NOTICE_INTERVAL_MS = 24 * 3600_000;

/**
 * Records the `like` event for `likedId` (their open pages update at once) unless they got one
 * from `likerId` in the last LIKE_NOTICE_INTERVAL_MS — checked and written in one statement, so
 * racing likes of the same pair notify once (docs/product.md §4). The check reads the event log,
 * which keeps EVENT_RETENTION_MS (at least this interval, a test checks it). Returns true when this like
 * was announced: its push or mail (docs/product.md §10) is then queued in the outbox in the same
 * transaction, and only then.
 */
export async function announceLike(ctx: AppContext, likerId: number, likedId: number): Promise<boolean> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - LIKE_NOTICE_INTERVAL_MS);
  const payload = { from: likerId };
  const channel = ctx.realtime.sqlChannel();
  const rows = await withEventRetry(() =>
    ctx.db.transaction(async (tx) => {
      const announced = await queryRows<{ seq: number | string }>(
        tx,
        sql`WITH drafts (user_id, ord, type, payload) AS (
          SELECT ${likedId}::integer, 0, 'like'::text, ${JSON.stringify(payload)}::jsonb
          WHERE NOT EXISTS (
            SELECT 1 FROM ${memberEvents} e
            WHERE e.user_id = ${likedId} AND e.type = 'like' AND e.payload->>'from' = ${String(likerId)}
              AND e.created_at > ${since.toISOString()}::timestamptz)),
        ${recordEventsSql(now, channel)}
        SELECT seq FROM published`,
      );
      // The push or mail of this like (likes/like-push.ts) is queued in the same commit.
      if (announced.length > 0) await queueNotice(ctx, tx, { purpose: 'like', userId: likedId, payload: { likerId } });
      return announced;
    }),
  );
  if (rows.length === 0) return false;
  await eventsRecorded(ctx, [{ userId: likedId, type: 'like', payload }], [Number(rows[0]!.seq)], channel !== null);
  nudgeOutbox(ctx);
  return true;
}
