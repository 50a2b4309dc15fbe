import { emailCheckContract } from '~/shared/contracts/email-check';
import { ok } from '~/shared/errors';
import { hitRateLimit, rateLimited } from '../../auth/rate-limit';
import { checkEmail } from '../../signup/check-email';
import { defineOperation } from '../api';

/** `GET /api/validate_email.php?email=` (docs/product.md §7), rate-limited per address. */
export const validateEmailEndpoint = [
  defineOperation(emailCheckContract, async ({ query }, req) => {
    const limit = await hitRateLimit(req.ctx, 'emailCheck', req.clientAddress);
    if (!limit.allowed) return rateLimited(limit.retryAfterS);
    return ok(await checkEmail(req.ctx, req.site.package_name, query.email));
  }),
];
