import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { sessions, users } from '../../db/schema';

/** Name of the HttpOnly session cookie. */
export const SESSION_COOKIE = 'amora_session';
/** last_seen_at is refreshed at most this often (ms) to keep reads cheap. */
const TOUCH_INTERVAL_MS = 5 * 60_000;

export interface Session {
  id: string;
  userId: number;
  expiresAt: Date;
}

/** SHA-256 hex of a token: what the database stores instead of the token. */
function tokenId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What the sessions list shows about the device a session was started on (no IP address is kept). */
export interface SessionDevice {
  userAgent: string | null;
  /** ISO country of the log-in IP address, when known. */
  country: string | null;
}

/**
 * Starts a session for `userId`: an opaque 256-bit random token (base64url) for
 * the cookie; only its hash is stored, with the device it was started on.
 */
export async function createSession(
  ctx: AppContext,
  userId: number,
  device: SessionDevice = { userAgent: null, country: null },
): Promise<{ token: string; session: Session }> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + ctx.config.sessionTtlMs);
  const id = tokenId(token);
  await ctx.db.insert(sessions).values({
    id,
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: device.userAgent?.slice(0, 512) ?? null,
    country: device.country,
  });
  return { token, session: { id, userId, expiresAt } };
}

/**
 * The live session for a cookie token on site `site` (package name), or null when unknown,
 * expired, or started on another site: a session belongs to its account's site and works
 * only there (docs/product.md §10 Sessions), whatever `package-name` or host a request names.
 * A banned or suspended member has none (docs/product.md §13 Member actions: their sessions are
 * deleted too; this also covers a log-in that was under way while the action was taken).
 */
export async function readSession(ctx: AppContext, token: string | undefined, site: string): Promise<Session | null> {
  if (!token || token.length > 128) return null;
  const now = ctx.clock.now();
  const id = tokenId(token);
  const [row] = await ctx.db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, id),
        gt(sessions.expiresAt, now),
        eq(users.site, site),
        isNull(users.bannedAt),
        or(isNull(users.suspendedUntil), lte(users.suspendedUntil, now)),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await ctx.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return { id: row.id, userId: row.userId, expiresAt: row.expiresAt };
}

/**
 * Of `ids`, the sessions still live (not ended, not expired): what an open event stream
 * re-checks (docs/product.md §10 Sessions).
 */
export async function liveSessionIds(ctx: AppContext, ids: string[]): Promise<Set<string>> {
  const live = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(inArray(sessions.id, ids.slice(i, i + 500)), gt(sessions.expiresAt, ctx.clock.now())));
    for (const row of rows) live.add(row.id);
  }
  return live;
}

/**
 * After sessions of `userId` were deleted: every process's event streams of the member re-check
 * their session and the ended ones close (docs/product.md §10 Sessions). A failed notice is
 * logged, not thrown: the log-out stands, and the streams' periodic re-check still ends them.
 */
export async function announceSessionsEnded(ctx: AppContext, userId: number): Promise<void> {
  try {
    await ctx.realtime.sessionsEnded(userId);
  } catch (error) {
    ctx.log.warn('session end notice failed', { userId, error });
  }
}

/** Ends the session behind a cookie token (no-op when unknown); its event streams close in every process. */
export async function destroySession(ctx: AppContext, token: string | undefined): Promise<void> {
  if (!token) return;
  const ended = await ctx.db
    .delete(sessions)
    .where(eq(sessions.id, tokenId(token)))
    .returning({ userId: sessions.userId });
  for (const { userId } of ended) await announceSessionsEnded(ctx, userId);
}

/**
 * Ends a member's sessions (password change or reset, "log out everywhere else", account
 * deletion): all of them, or all but `exceptSessionId` (the session doing it). Their event
 * streams close in every process.
 * @returns how many sessions ended.
 */
export async function endSessions(
  ctx: AppContext,
  userId: number,
  options: { exceptSessionId?: string } = {},
): Promise<number> {
  const ended = await ctx.db
    .delete(sessions)
    .where(
      options.exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, options.exceptSessionId))
        : eq(sessions.userId, userId),
    )
    .returning({ id: sessions.id });
  if (ended.length > 0) await announceSessionsEnded(ctx, userId);
  return ended.length;
}
