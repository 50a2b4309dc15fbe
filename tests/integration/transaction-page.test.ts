import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/server/context';
import { PaymentProviderError } from '../../src/server/payments/payment-provider';
import { transactionPageView } from '../../src/server/payments/transaction-view';
import { useTestContext } from '../helpers/context';
import { purchaseHelpers } from '../helpers/purchases';

/**
 * docs/product.md §11 `/transactions/:transactionId`: what the server renders — the state known
 * now (asked of the provider while open, so a payer back before the webhook sees it paid), the
 * stored state while the provider cannot be reached, and nothing for an unknown id (404).
 */
const { ctx, clock } = useTestContext();
const p = purchaseHelpers(ctx, clock);

describe('the transaction page’s state', () => {
  it('is paid as soon as the provider says so, before any webhook, and null for an unknown id', async () => {
    const id = await p.buyer();
    const { transactionId, row } = await p.buy(id);
    expect(await transactionPageView(ctx(), transactionId)).toMatchObject({ status: 'open', credits: 120 });
    await p.pay(row.providerPaymentId!);
    expect(await transactionPageView(ctx(), transactionId)).toMatchObject({
      status: 'paid',
      credits: 120,
      bonus_credits: 20,
      return_path: '/credits',
    });
    expect((await p.user(id)).credits).toBe(140);
    expect(await transactionPageView(ctx(), 'A'.repeat(22))).toBeNull();
  });

  it('shows the stored state while the provider cannot be reached', async () => {
    const { transactionId } = await p.buy(await p.buyer());
    const unreachable: AppContext = {
      ...ctx(),
      payments: {
        ...ctx().payments,
        getPayment: () => Promise.reject(new PaymentProviderError('down')),
      },
    };
    expect(await transactionPageView(unreachable, transactionId)).toMatchObject({ status: 'open' });
  });
});
