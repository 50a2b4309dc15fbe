import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { ok, type Result } from '~/shared/errors';
import { isLocale } from '~/shared/locales';
import { recordConversion } from '../affiliates';
import { hitRateLimit, rateLimited } from '../platform/rate-limit/rate-limit';
import type { AppContext } from '../context';
import { emailActivations, profiles, users } from '../db/schema';
import { activationMail } from '../platform/mail/activation-mail';
import { nudgeOutbox, nudgeOutboxAndWait, settleOutbox } from '../outbox';
import { queueMail } from '../outbox';

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

  const job = sendNewActivationMail(ctx, { ...input, user })
    .then(() => undefined)
    .catch((error: unknown) => ctx.log.warn('activation mail failed', { userId: input.userId, error }))
    .finally(() => sending.delete(input.userId));
  sending.set(input.userId, job);
  return { delivered: false };
}

/** Makes a new activation link for the member's current address and queues its mail (outbox), which marks it delivered once accepted. */
async function sendNewActivationMail(
  ctx: AppContext,
  input: {
    userId: number;
    siteName: string;
    origin: string;
    from: string;
    user: { email: string; name: string; language: string };
  },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  const message = activationMail({
    to: input.user.email,
    name: input.user.name,
    siteName: input.siteName,
    link: `${input.origin}/activate/confirm?token=${token}`,
    locale: isLocale(input.user.language) ? input.user.language : 'en',
    from: input.from,
  });
  // The link and its mail commit together; the outbox marks the row delivered once the mail
  // server accepted the mail (docs/product.md §2 step 6 `delivered`).
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(emailActivations)
      .values({
        userId: input.userId,
        email: input.user.email,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + ACTIVATION_TTL_MS),
      })
      .returning({ id: emailActivations.id });
    await queueMail(ctx, tx, {
      purpose: 'activation',
      userId: input.userId,
      message,
      onDelivered: { activationId: row!.id },
    });
  });
  nudgeOutbox(ctx);
}

/**
 * docs/product.md §2 activate-reminder, "send the link again": a new activation mail for a
 * not yet confirmed member, queued in the outbox and sent right after (a failed send is retried
 * by the outbox, so `sent` means it is on its way). Earlier links keep working until they expire. At most once a
 * minute and 5 times a day (`rate_limited` with the seconds to wait).
 * @returns `already_confirmed` when there is nothing to confirm.
 */
export async function resendActivationMail(
  ctx: AppContext,
  input: { userId: number; siteName: string; origin: string; from: string },
): Promise<Result<{ status: 'sent' | 'already_confirmed' }, 'rate_limited'>> {
  const [user] = await ctx.db
    .select({ email: users.email, status: users.status, name: profiles.name, language: profiles.language })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!user || user.status !== 'not_confirmed') return ok({ status: 'already_confirmed' });
  const perMinute = await hitRateLimit(ctx, 'activationResend', `user:${input.userId}`);
  if (!perMinute.allowed) return rateLimited(perMinute.retryAfterS);
  const perDay = await hitRateLimit(ctx, 'activationResendDaily', `user:${input.userId}`);
  if (!perDay.allowed) return rateLimited(perDay.retryAfterS);
  await sendNewActivationMail(ctx, { ...input, user });
  // The answer waits for the first attempt, as the banner says "sent" right after.
  await nudgeOutboxAndWait(ctx);
  return ok({ status: 'sent' });
}

/** Waits for mail jobs in flight, their delivery included (tests, graceful shutdown). */
export async function settleActivationMails(): Promise<void> {
  await Promise.all(sending.values());
  await settleOutbox();
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
    const [activated] = await tx
      .update(users)
      .set({ status: 'active' })
      .where(and(eq(users.id, row.userId), eq(users.email, row.email), eq(users.status, 'not_confirmed')))
      .returning({ id: users.id });
    if (activated) await recordConversion(tx, ctx.sites, { userId: row.userId, event: 'activation', now });
  });
  return 'done';
}
