import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { OperatorRole } from '~/shared/contracts/admin/roles';
import type { AppContext } from '../context';
import { operators, operatorSessions } from '../db/schema';

/**
 * Operator sessions (docs/product.md §13 Access): their own HttpOnly cookie scoped to `/admin`,
 * never a member session. After the password alone a session is at stage `password` for
 * 5 minutes, good only for the second factor; the second factor replaces it with a new `active`
 * session (a new token, so a token seen before the second factor is worth nothing after it)
 * that lasts 8 hours at most and ends after 30 minutes without a request.
 */

export const OPERATOR_COOKIE = 'amora_operator';
/** Absolute lifetime of an active session, ms. */
export const OPERATOR_SESSION_MS = 8 * 60 * 60_000;
/** Idle timeout of an active session, ms. */
export const OPERATOR_IDLE_MS = 30 * 60_000;
/** How long the second factor may take after the password, ms. */
export const SECOND_FACTOR_MS = 5 * 60_000;
/** `lastSeenAt` moves at most this often (ms): the idle timeout needs minutes, not a write per request. */
const TOUCH_INTERVAL_MS = 60_000;

export type OperatorSessionStage = 'password' | 'active';

/** The operator behind a live session. */
export interface OperatorSession {
  id: string;
  stage: OperatorSessionStage;
  operator: { id: number; email: string; role: OperatorRole };
  expiresAt: Date;
}

function tokenId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session of `stage` for an operator: a 256-bit random token; only its hash is stored. */
export async function createOperatorSession(
  ctx: AppContext,
  operatorId: number,
  stage: OperatorSessionStage,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + (stage === 'active' ? OPERATOR_SESSION_MS : SECOND_FACTOR_MS));
  await ctx.db
    .insert(operatorSessions)
    .values({ id: tokenId(token), operatorId, stage, createdAt: now, lastSeenAt: now, expiresAt });
  return { token, expiresAt };
}

/**
 * The live session behind a cookie token, or null: unknown, past its absolute end, idle for
 * more than 30 minutes (active), or of a disabled operator. A live active session's
 * `lastSeenAt` moves to now at most once a minute (the idle clock restarts with the requests).
 */
export async function readOperatorSession(ctx: AppContext, token: string | undefined): Promise<OperatorSession | null> {
  if (!token || token.length > 128) return null;
  const now = ctx.clock.now();
  const id = tokenId(token);
  const idleSince = new Date(now.getTime() - OPERATOR_IDLE_MS);
  const [row] = await ctx.db
    .select({
      stage: operatorSessions.stage,
      expiresAt: operatorSessions.expiresAt,
      lastSeenAt: operatorSessions.lastSeenAt,
      operatorId: operators.id,
      email: operators.email,
      role: operators.role,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.id, id),
        gt(operatorSessions.expiresAt, now),
        isNull(operators.disabledAt),
        or(eq(operatorSessions.stage, 'password'), gt(operatorSessions.lastSeenAt, idleSince)),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (row.stage === 'active' && now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await ctx.db.update(operatorSessions).set({ lastSeenAt: now }).where(eq(operatorSessions.id, id));
  }
  return {
    id,
    stage: row.stage,
    operator: { id: row.operatorId, email: row.email, role: row.role },
    expiresAt: row.expiresAt,
  };
}

/** Ends the session behind a token (no-op when unknown). */
export async function endOperatorSession(ctx: AppContext, token: string | undefined): Promise<void> {
  if (!token) return;
  await ctx.db.delete(operatorSessions).where(eq(operatorSessions.id, tokenId(token)));
}

/** Ends the session with stored id `id` (the hash, as `OperatorSession.id`). */
export async function endOperatorSessionById(ctx: AppContext, id: string): Promise<void> {
  await ctx.db.delete(operatorSessions).where(eq(operatorSessions.id, id));
}

/** Ends every session of an operator (disabled, role changed, password set again). */
export async function endSessionsOf(ctx: AppContext, operatorId: number): Promise<void> {
  await ctx.db.delete(operatorSessions).where(eq(operatorSessions.operatorId, operatorId));
}

/** Removes sessions past their end (called by the login step; keeps the table small). */
export async function pruneOperatorSessions(ctx: AppContext): Promise<void> {
  await ctx.db.delete(operatorSessions).where(lt(operatorSessions.expiresAt, ctx.clock.now()));
}
