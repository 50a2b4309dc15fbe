import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { publishEvent } from '../platform/events/events';
import { isBlockedEitherWay } from '../blocks';
import { conversationFor } from './conversations';

/** Sends the other member of a conversation a "typing" event (nothing for blocked pairs). */
export async function sendTyping(
  ctx: AppContext,
  userId: number,
  conversationId: number,
): Promise<Result<{ sent: boolean }, 'not_found'>> {
  const view = await conversationFor(ctx, userId, conversationId);
  if (!view) return fail('not_found');
  if (await isBlockedEitherWay(ctx, userId, view.otherId)) return ok({ sent: false });
  await publishEvent(ctx, view.otherId, 'typing', { conversation: conversationId, from: userId });
  return ok({ sent: true });
}
