import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { accountTokens, type AccountTokenPurpose } from '../../db/schema';

/**
 * Account tokens (docs/product.md §10): 256-bit random, handed out once (in a mail or a
 * download link), stored only as their SHA-256, single-use and expiring.
 */

/** What a link token looks like on the wire: 32 random bytes in base64url (43 characters). */
export const ACCOUNT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

type TokenData = Record<string, string | number | null>;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Issues a token for `purpose`, valid `ttlMs` from now; `data` is kept with it (e.g. the new
 * e-mail address of a mail change). With `replace`, the member's earlier unused tokens of the
 * same purpose stop working (a new reset link voids the previous one).
 * @returns the token to put in the link (never stored).
 */
export async function issueAccountToken(
  ctx: AppContext,
  input: { userId: number; purpose: AccountTokenPurpose; ttlMs: number; data?: TokenData; replace?: boolean },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    if (input.replace) {
      await tx
        .update(accountTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(accountTokens.userId, input.userId),
            eq(accountTokens.purpose, input.purpose),
            isNull(accountTokens.usedAt),
          ),
        );
    }
    await tx.insert(accountTokens).values({
      userId: input.userId,
      purpose: input.purpose,
      tokenHash: hashToken(token),
      data: input.data ?? {},
      createdAt: now,
      expiresAt: new Date(now.getTime() + input.ttlMs),
    });
  });
  return token;
}

export interface AccountTokenGrant {
  userId: number;
  data: TokenData;
}

/** Reads a token without using it up (e.g. to show the form behind a link). */
export async function peekAccountToken(
  ctx: AppContext,
  purpose: AccountTokenPurpose,
  token: string,
): Promise<Result<AccountTokenGrant, 'invalid_token' | 'expired_token'>> {
  if (!ACCOUNT_TOKEN_PATTERN.test(token)) return fail('invalid_token');
  const [row] = await ctx.db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose)))
    .limit(1);
  if (!row || row.usedAt) return fail('invalid_token');
  if (row.expiresAt <= ctx.clock.now()) return fail('expired_token');
  return ok({ userId: row.userId, data: row.data });
}

/**
 * Uses a token up: exactly one of any number of concurrent callers gets the grant (the update
 * is conditional on `used_at IS NULL`). Pass `tx` to make the use part of the caller's
 * transaction, so a failure later in it leaves the token usable.
 */
export async function consumeAccountToken(
  ctx: AppContext,
  purpose: AccountTokenPurpose,
  token: string,
  tx: { update: Db['update'] } = ctx.db,
): Promise<Result<AccountTokenGrant, 'invalid_token' | 'expired_token'>> {
  const peeked = await peekAccountToken(ctx, purpose, token);
  if (!peeked.ok) return peeked;
  const used = await tx
    .update(accountTokens)
    .set({ usedAt: ctx.clock.now() })
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), isNull(accountTokens.usedAt)))
    .returning({ userId: accountTokens.userId });
  if (used.length === 0) return fail('invalid_token');
  return peeked;
}
