import { eq } from 'drizzle-orm';
import type { NotificationKind } from '~/shared/contracts/notifications';
import { turnOffMails } from '../platform/accounts/notification-settings';
import { verifyUnsubscribeQuery } from '../platform/accounts/unsubscribe-link';
import type { AppContext } from '../context';
import { users } from '../db/schema';

/** What the unsubscribe page shows. */
export type UnsubscribeOutcome =
  /** Missing, malformed or forged link: nothing changed (HTTP 400). */
  | { state: 'invalid' }
  /** A valid link opened (GET): says what the button turns off. */
  | { state: 'confirm'; kind: NotificationKind }
  /** The button or a mail program's one-click POST turned that kind's e-mails off. */
  | { state: 'done'; kind: NotificationKind };

/**
 * `GET|POST /unsubscribe?u=…&k=…&s=…` (docs/product.md §10 Notifications), no login needed:
 * GET with a valid signed link asks for confirmation; POST — the page's button, or the
 * RFC 8058 one-click POST (`List-Unsubscribe=One-Click`) a mail program sends to the
 * `List-Unsubscribe` URL — turns that kind's e-mails off. The body is not needed: the
 * signature alone proves the link came from our mail. A link for an account that no longer
 * exists answers `done` (there is nothing left to mail).
 */
export async function handleUnsubscribeRequest(ctx: AppContext, request: Request): Promise<UnsubscribeOutcome> {
  const link = verifyUnsubscribeQuery(ctx.secret, new URL(request.url).searchParams);
  if (!link) return { state: 'invalid' };
  if (request.method !== 'POST') return { state: 'confirm', kind: link.kind };
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, link.userId)).limit(1);
  if (user) await turnOffMails(ctx, link.userId, link.kind);
  ctx.log.info('unsubscribed from mails', { userId: link.userId, kind: link.kind });
  return { state: 'done', kind: link.kind };
}
