import { settingsContract } from '../../../shared/contracts/settings';
import { ok } from '../../../shared/errors';
import { toPublicSettings } from '../../sites/public-settings';
import { LOCALE_COOKIE } from '../../../shared/constants';
import { detectLocale } from '../../i18n/detect-locale';
import { defineOperation } from '../api';
import { readCookies } from '../cookies';

/** `GET /api/settings.php`: the SPEC §3 Settings the browser needs. */
export const settingsEndpoint = [
  defineOperation(settingsContract, async (_input, req) =>
    ok(
      toPublicSettings(req.site, {
        geoipCountry: null,
        pushPublicKey: req.ctx.push.publicKey,
        locale: detectLocale({
          cookie: readCookies(req.request)[LOCALE_COOKIE],
          acceptLanguage: req.request.headers.get('accept-language'),
          domainLanguage: req.site.domain_language,
        }),
      }),
    ),
  ),
];
