import type { PushPayload } from '~/shared/contracts/push';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { outboxMessages } from '../db/schema';
import type { MailMessage } from '../platform/mail/mailer';

/**
 * The durable outbox of mails and pushes (docs/architecture.md §5 Outbox, §6 convention 15).
 * A side effect of a change is written here IN THE SAME TRANSACTION as the change (pass the
 * transaction as `db`), so a rolled-back change sends nothing and a committed one is sent even
 * when the process dies right after the commit. After the commit, call `nudgeOutbox(ctx)`
 * (outbox/deliver-outbox.ts) so it goes out within a second; the `outbox` periodic job of every
 * process delivers whatever a nudge missed.
 *
 * The rendered mail is stored, single-use links included: the sender clears `payload` as soon as
 * the row is delivered or given up, so a link lives in the table only until it is sent.
 */

/** What happens in the database when a queued mail was accepted by the mail server. */
export interface MailDeliveredEffect {
  /** docs/product.md §2 step 6: marks `email_activations.delivered_at` of this activation row. */
  activationId?: number;
}

/** A mail waiting in the outbox (`kind = 'mail'`). */
export interface QueuedMail {
  message: MailMessage;
  onDelivered?: MailDeliveredEffect;
}

/** A push to every browser of a member (`kind = 'push'`). */
export interface QueuedPush {
  payload: PushPayload;
}

/**
 * Queues a rendered mail. `purpose` names it in logs (`password_reset`, `receipt`, …); `userId`
 * is the member it is about (logs only ever show this id, never the address or the link).
 */
export async function queueMail(
  ctx: Pick<AppContext, 'clock'>,
  db: Db,
  mail: { purpose: string; userId: number | null; message: MailMessage; onDelivered?: MailDeliveredEffect },
): Promise<void> {
  const body: QueuedMail = { message: mail.message, ...(mail.onDelivered ? { onDelivered: mail.onDelivered } : {}) };
  await insertRow(ctx, db, 'mail', mail.purpose, mail.userId, body as unknown as Record<string, unknown>);
}

/** Queues a push to every subscribed browser of `userId` (docs/product.md §10 Notifications). */
export async function queuePush(
  ctx: Pick<AppContext, 'clock'>,
  db: Db,
  push: { purpose: string; userId: number; payload: PushPayload },
): Promise<void> {
  const body: QueuedPush = { payload: push.payload };
  await insertRow(ctx, db, 'push', push.purpose, push.userId, body as unknown as Record<string, unknown>);
}

/**
 * Queues a notice whose channel is decided at delivery (message and like notices: push when the
 * member is away, else a throttled mail; outbox/notices.ts). `payload` is the notice's own data.
 */
export async function queueNotice(
  ctx: Pick<AppContext, 'clock'>,
  db: Db,
  notice: { purpose: 'message' | 'like'; userId: number; payload: Record<string, unknown> },
): Promise<void> {
  await insertRow(ctx, db, 'notice', notice.purpose, notice.userId, notice.payload);
}

async function insertRow(
  ctx: Pick<AppContext, 'clock'>,
  db: Db,
  kind: 'mail' | 'push' | 'notice',
  purpose: string,
  userId: number | null,
  payload: Record<string, unknown>,
): Promise<void> {
  const now = ctx.clock.now();
  await db.insert(outboxMessages).values({ kind, purpose, userId, payload, nextAttemptAt: now, createdAt: now });
}
