import { eq } from 'drizzle-orm';
import { fail, ok, type Result } from '~/shared/errors';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { recordAudit, type OperatorActor } from '../platform/audit/audit-log';
import { PaymentProviderError } from '../payments';
import { cancelSubscription } from '../payments';
import { removeAccount } from './delete-account';

/**
 * docs/product.md §13 Members, delete (admins): the member's account deletion
 * (docs/product.md §10, `removeAccount`: the same data goes as when members delete their own
 * account) on an operator's order, confirmed by typing the member id. A renewing premium plan is
 * cancelled at the provider first: a deleted account is never charged. The audit row (member id,
 * site and former status; never the address) is written in the deletion's own transaction,
 * before the personal data goes.
 * Failures: `validation_failed` (`confirm` is not the member id), `not_found`, `conflict`
 * (`admin.member_deleted`: already deleted), `payment_provider_unavailable` (renewals could not
 * be cancelled: nothing changed).
 */
export async function deleteAccountAsOperator(
  ctx: AppContext,
  actor: OperatorActor,
  input: { userId: number; confirm: number },
): Promise<Result<{ deleted: true }, 'validation_failed' | 'not_found' | 'conflict' | 'payment_provider_unavailable'>> {
  const { userId } = input;
  if (input.confirm !== userId) {
    return fail('validation_failed', undefined, [{ path: 'confirm', message: 'admin.confirm_member_id' }]);
  }
  const [member] = await ctx.db.select({ status: users.status }).from(users).where(eq(users.id, userId));
  if (!member) return fail('not_found');
  if (member.status === 'deleted') return fail('conflict', 'admin.member_deleted');
  try {
    await cancelSubscription(ctx, userId);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    return fail('payment_provider_unavailable');
  }
  const now = ctx.clock.now();
  const removed = await removeAccount(ctx, { userId, reason: null }, (tx, account) =>
    recordAudit(
      tx,
      actor,
      {
        action: 'member.delete',
        objectType: 'member',
        objectId: userId,
        before: { status: account.status, site: account.site },
        after: { status: 'deleted' },
      },
      now,
    ),
  );
  if (!removed) return fail('conflict', 'admin.member_deleted');
  return ok({ deleted: true });
}
