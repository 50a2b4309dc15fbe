import { and, eq } from 'drizzle-orm';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { sessions } from '../db/schema';
import { liveSessionsOf, sessionHandleOf } from '../platform/accounts/list-sessions';
import { announceSessionsEnded, endSessions } from '../platform/accounts/sessions';

/**
 * docs/product.md §10 Sessions, "log out there": ends the member's one session named by
 * `handle`. Only the member's own live sessions are searched, so another member's handle (or a
 * stale one) is `not_found` and nothing ends. Ending the current session is a plain log-out.
 */
export async function endSessionByHandle(
  ctx: AppContext,
  userId: number,
  handle: string,
): Promise<Result<{ ended: true }, 'not_found'>> {
  const rows = await liveSessionsOf(ctx, userId);
  const target = rows.find((row) => sessionHandleOf(ctx, row.id) === handle);
  if (!target) return fail('not_found');
  const ended = await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.id, target.id), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  // Gone between the read and the delete (logged out there at the same moment): same answer.
  if (ended.length === 0) return fail('not_found');
  await announceSessionsEnded(ctx, userId);
  return ok({ ended: true as const });
}

/**
 * docs/product.md §10 Sessions, "log out everywhere else": ends every session of the member
 * except `currentSessionId`.
 * @returns how many sessions ended.
 */
export async function endOtherSessions(ctx: AppContext, userId: number, currentSessionId: string): Promise<number> {
  return endSessions(ctx, userId, { exceptSessionId: currentSessionId });
}
