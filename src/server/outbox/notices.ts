import type { ChatMessage } from '~/shared/contracts/chat';
import { notifyAboutMessage } from './message-push';
import type { AppContext } from '../context';
import { notifyAboutLike } from './like-push';

/**
 * Delivers one queued notice (`kind = 'notice'`; docs/product.md §10 Notifications): the channel
 * is chosen now, not when it was queued — push when the member is away and wants pushes, else a
 * throttled mail, which is queued in the outbox in turn.
 * @throws on a database failure (the outbox retries the notice).
 */
export async function deliverNotice(
  ctx: AppContext,
  purpose: string,
  userId: number,
  payload: Record<string, unknown>,
): Promise<void> {
  if (purpose === 'message') {
    const site = ctx.sites.byPackageName.get(String(payload.site)) ?? ctx.sites.defaultSite;
    await notifyAboutMessage(ctx, site, userId, payload.message as ChatMessage);
  } else if (purpose === 'like') {
    await notifyAboutLike(ctx, userId, Number(payload.likerId));
  } else {
    throw new Error(`unknown notice purpose ${purpose}`);
  }
}
