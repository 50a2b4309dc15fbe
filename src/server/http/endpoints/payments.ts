import {
  cancelPremiumContract,
  discountCodeContract,
  premiumContract,
  startPurchaseContract,
  transactionContract,
} from '~/shared/contracts/payments';
import { fail, ok } from '~/shared/errors';
import { discountOffer } from '../../payments';
import { PaymentProviderError } from '../../payments';
import { premiumStatus } from '../../payments';
import { cancelSubscription } from '../../payments';
import { startPurchase } from '../../payments';
import { viewTransaction } from '../../payments';
import { defineOperation } from '../api';
import { publicOrigin } from '../public-origin';

/** `POST /api/payment.php`: start buying a credit package or premium plan (docs/product.md §11 A purchase). */
export const paymentEndpoint = [
  defineOperation(startPurchaseContract, async ({ body }, req) => {
    const started = await startPurchase(req.ctx, {
      userId: req.session.userId,
      site: req.site,
      product: body.product,
      productId: body.package,
      method: body.method,
      discountCode: body.discount_code ?? null,
      useMandate: body.use_mandate,
      origin: publicOrigin(req),
      returnPath: body.return_path,
    });
    if (!started.ok) return started;
    return ok({ transaction: started.value.transactionId, checkout_url: started.value.checkoutUrl });
  }),
];

/** `GET /api/transaction.php?id=`: a transaction's status by its public id (docs/product.md §11). */
export const transactionEndpoint = [
  defineOperation(transactionContract, async ({ query }, req) => viewTransaction(req.ctx, query.id)),
];

/** `GET /api/discountcode.php`: what a discount code or the welcome discount gives (docs/product.md §11 Discounts). */
export const discountCodeEndpoint = [
  defineOperation(discountCodeContract, async ({ query }, req) =>
    discountOffer(req.ctx, req.site, req.session.userId, query.code ?? null),
  ),
];

/** `GET|DELETE /api/premium.php`: the member's premium, and cancelling its renewals (docs/product.md §11 Premium). */
export const premiumEndpoint = [
  defineOperation(premiumContract, async (_input, req) => ok(await premiumStatus(req.ctx, req.session.userId))),
  defineOperation(cancelPremiumContract, async (_input, req) => {
    try {
      if (!(await cancelSubscription(req.ctx, req.session.userId))) return fail('not_found');
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      return fail('payment_provider_unavailable');
    }
    return ok(await premiumStatus(req.ctx, req.session.userId));
  }),
];
