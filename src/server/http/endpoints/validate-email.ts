import { emailCheckContract } from '~/shared/contracts/email-check';
import { ok } from '~/shared/errors';
import { checkEmail } from '../../signup';
import { defineOperation } from '../api';

/** `GET /api/validate_email.php?email=` (docs/product.md §7), rate-limited per address (the contract's `rateLimit`). */
export const validateEmailEndpoint = [
  defineOperation(emailCheckContract, async ({ query }, req) => {
    return ok(await checkEmail(req.ctx, req.site.package_name, query.email));
  }),
];
