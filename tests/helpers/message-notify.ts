import type { ChatMessage } from '../../src/shared/contracts/chat';
import type { AppContext } from '../../src/server/context';
import { nudgeOutboxAndWait, settleOutbox } from '../../src/server/outbox/deliver-outbox';
import { notifyAboutMessage } from '../../src/server/outbox/message-push';
import type { SiteConfig } from '../../src/server/platform/sites/site-config';

/*
 * The message notice run directly, as the outbox's `notices` delivery runs it
 * (src/server/outbox/notices.ts), with the outbox nudged after it so that a mail it queued is sent
 * before the call settles: what the message-mail tests drive.
 */

/** Notifications still being sent, so the tests can wait for them. */
const inFlight = new Set<Promise<unknown>>();

/** Waits until every message notification started so far has been sent or has failed, queued mails included. */
export async function settleMessageNotifications(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  await settleOutbox();
}

/**
 * Runs the message notice (`notifyAboutMessage`) and then the outbox, so a mail it queued has
 * been sent when this settles.
 * @returns how many pushes the push services accepted (0 when online).
 */
export function pushMessageIfOffline(
  ctx: AppContext,
  site: SiteConfig,
  recipientId: number,
  message: ChatMessage,
): Promise<number> {
  const job = notifyAboutMessage(ctx, site, recipientId, message).then(async (pushed) => {
    // A mail it queued goes out before this settles.
    await nudgeOutboxAndWait(ctx);
    return pushed;
  });
  inFlight.add(job);
  void job.catch(() => undefined).finally(() => inFlight.delete(job));
  return job;
}
