import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { isLocale } from '~/shared/locales';
import type { AppContext } from '../context';
import { emailActivations, profiles, users } from '../db/schema';
import { activationMail } from '../mail/activation-mail';

/** Activation links stay valid this long (ms). */
export const ACTIVATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A mail not accepted within this time may be sent again (ms). */
const RESEND_AFTER_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const sending = new Map<number, Promise<void>>();

/**
 * docs/product.md §2 step 6: makes sure the activation mail of a not yet confirmed member
 * is on its way, and tells whether the transport accepted it (`delivered`).
 * Polled every 900 ms; sends at most once (again only after a failed send).
 */
export async function ensureActivationMail(
  ctx: AppContext,
  input: { userId: number; siteName: string; origin: string; from: string },
): Promise<{ delivered: boolean }> {
  const [user] = await ctx.db
    .select({ email: users.email, status: users.status, name: profiles.name, language: profiles.language })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!user) return { delivered: false };
  if (user.status === 'active') return { delivered: true };
  const [latest] = await ctx.db
    .select()
    .from(emailActivations)
    .where(eq(emailActivations.userId, input.userId))
    .orderBy(desc(emailActivations.createdAt))
    .limit(1);
  if (latest?.deliveredAt && latest.email === user.email) return { delivered: true };
  const now = ctx.clock.now();
  const inFlight =
    sending.has(input.userId) ||
    (latest && !latest.deliveredAt && now.getTime() - latest.createdAt.getTime() < RESEND_AFTER_MS);
  if (inFlight) return { delivered: false };

  const token = randomBytes(32).toString('base64url');
  const [row] = await ctx.db
    .insert(emailActivations)
    .values({
      userId: input.userId,
      email: user.email,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ACTIVATION_TTL_MS),
    })
    .returning({ id: emailActivations.id });
  const message = activationMail({
    to: user.email,
    name: user.name,
    siteName: input.siteName,
    link: `${input.origin}/activate/confirm?token=${token}`,
    locale: isLocale(user.language) ? user.language : 'en',
    from: input.from,
  });
  const job = ctx.mailer
    .send(message)
    .then(() =>
      ctx.db.update(emailActivations).set({ deliveredAt: ctx.clock.now() }).where(eq(emailActivations.id, row!.id)),
    )
    .then(() => undefined)
    .catch((error: unknown) => ctx.log.warn('activation mail failed', { userId: input.userId, error }))
    .finally(() => sending.delete(input.userId));
  sending.set(input.userId, job);
  return { delivered: false };
}

/** Waits for mail jobs in flight (tests, graceful shutdown). */
export async function settleActivationMails(): Promise<void> {
  await Promise.all(sending.values());
}

/**
 * Confirms the account behind an activation link: `done` (now active),
 * `expired`, or `invalid` (unknown or already used token).
 */
export async function confirmActivation(ctx: AppContext, token: string): Promise<'done' | 'expired' | 'invalid'> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return 'invalid';
  const [row] = await ctx.db
    .select()
    .from(emailActivations)
    .where(eq(emailActivations.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.usedAt) return 'invalid';
  const now = ctx.clock.now();
  if (row.expiresAt <= now) return 'expired';
  await ctx.db.transaction(async (tx) => {
    await tx.update(emailActivations).set({ usedAt: now }).where(eq(emailActivations.id, row.id));
    await tx
      .update(users)
      .set({ status: 'active' })
      .where(and(eq(users.id, row.userId), eq(users.email, row.email), eq(users.status, 'not_confirmed')));
  });
  return 'done';
}
