import { createHmac } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { SessionView } from '~/shared/contracts/sessions';
import type { AppContext } from '../../context';
import { sessions } from '../../db/schema';
import { describeUserAgent } from './user-agent';

/**
 * The handle the client sees for a session: an HMAC of the session id with the app secret, so
 * it names one session without revealing the id (the id is the hash of the cookie token, and
 * must never leave the server). 22 base64url characters (128 bits).
 */
export function sessionHandleOf(ctx: AppContext, sessionId: string): string {
  return createHmac('sha256', ctx.secret).update(`session-handle:${sessionId}`).digest('base64url').slice(0, 22);
}

/** A live session row of a member, as this module reads it. */
export type MemberSessionRow = typeof sessions.$inferSelect;

/** The member's sessions that have not expired, most recently active first. */
export async function liveSessionsOf(ctx: AppContext, userId: number): Promise<MemberSessionRow[]> {
  return ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, ctx.clock.now())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/**
 * docs/product.md §10 Sessions: where the member is logged in. Each live session with its
 * browser and system (from the stored User-Agent), the country of the log-in address, when it
 * started and was last active; `current` marks `currentSessionId` (listed first). Only the
 * member's own sessions; ids are replaced by handles.
 */
export async function listSessions(ctx: AppContext, userId: number, currentSessionId: string): Promise<SessionView[]> {
  const rows = await liveSessionsOf(ctx, userId);
  const views = rows.map((row) => ({
    handle: sessionHandleOf(ctx, row.id),
    ...describeUserAgent(row.userAgent),
    country: row.country,
    startedAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastSeenAt.toISOString(),
    current: row.id === currentSessionId,
  }));
  return [...views.filter((view) => view.current), ...views.filter((view) => !view.current)];
}
