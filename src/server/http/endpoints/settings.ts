import { settingsContract } from '~/shared/contracts/settings';
import { ok } from '~/shared/errors';
import { toPublicSettings } from '../../sites';
import { detectRequestLocale } from '../request-locale';
import { defineOperation } from '../api';

/**
 * `GET /api/settings.php`: the docs/product.md §3 Settings the browser needs; the geoip fields
 * come from the request's client address (TRUST_PROXY applied by the route).
 */
export const settingsEndpoint = [
  defineOperation(settingsContract, async (_input, req) =>
    ok(
      toPublicSettings(req.site, {
        clientAddress: req.clientAddress,
        pushPublicKey: req.ctx.push.publicKey,
        locale: detectRequestLocale(req.request, req.site.domain_language),
      }),
    ),
  ),
];
