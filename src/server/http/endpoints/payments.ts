import { startPurchaseContract, transactionContract } from '~/shared/contracts/payments';
import { fail, ok } from '~/shared/errors';
import { startCreditsPurchase } from '../../payments/start-purchase';
import { viewTransaction } from '../../payments/transaction-view';
import { defineOperation } from '../api';
import { publicOrigin } from '../public-origin';

/** `POST /api/payment.php`: start buying a credit package (docs/product.md §11 A purchase). */
export const paymentEndpoint = [
  defineOperation(startPurchaseContract, async ({ body }, req) => {
    const started = await startCreditsPurchase(req.ctx, {
      userId: req.session.userId,
      site: req.site,
      packageId: body.package,
      method: body.method,
      origin: publicOrigin(req),
      returnPath: body.return_path,
    });
    if (!started.ok) return fail(started.code);
    return ok({ transaction: started.value.transactionId, checkout_url: started.value.checkoutUrl });
  }),
];

/** `GET /api/transaction.php?id=`: a transaction's status by its public id (docs/product.md §11). */
export const transactionEndpoint = [
  defineOperation(transactionContract, async ({ query }, req) => viewTransaction(req.ctx, query.id)),
];
