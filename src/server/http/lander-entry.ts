import { isbot } from 'isbot';
import { variantValue, assignVariant, runningExperimentFor } from '../affiliates';
import { countLanderBotVisit, countLanderVisit } from '../affiliates';
import type { AppContext } from '../context';
import { landerPathFor } from '../landers';
import type { SiteConfig } from '../platform/sites/site-config';
import { preferenceCookie, readCookies } from './cookies';
import { detectRequestLocale } from './request-locale';
import { mayPersistFor, trackingFromUrl } from './tracking-cookie';

/** First-party cookie with the visitor's variant per experiment (`{"experiment":"variant"}`), docs/product.md §12. */
export const EXPERIMENT_COOKIE = 'amora_ab';
/** How long a visitor keeps a variant (seconds): 90 days. */
export const EXPERIMENT_MAX_AGE_S = 90 * 24 * 60 * 60;

/** The counted visit of an entry link (null for a bot). */
export interface LanderVisit {
  site: string;
  lander: string;
  variant: string | null;
  network: string | null;
}

function stickyVariants(request: Request): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(readCookies(request)[EXPERIMENT_COOKIE] ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

/**
 * `GET /landers/{design}/`, the lander entry link (docs/product.md §2, §12): a 302 to the lander in
 * the visitor's locale and the site's niche, keeping the query. When an experiment running at
 * `now` tests this design, the visitor gets the variant kept in the `amora_ab` cookie or one drawn
 * by weight (then kept for 90 days, with consent: docs/product.md §3 Consent), and goes to that
 * variant's design and copy. The target URL carries
 * `lander` (and `variant`), so the lander's tracking record names them; the pre-rendered landers
 * themselves never vary. Bots get the requested design without cookies and no visit (`bot` true:
 * counted apart for the report's note).
 * With the site's `landers_url` set the target is that lander on the CDN (an absolute URL).
 * Null for an unknown design.
 */
export function redirectToLander(input: {
  site: SiteConfig;
  design: string;
  request: Request;
  /** secureCookies() of the request. */
  secureCookies: boolean;
  now?: Date;
  random?: () => number;
}): { response: Response; visit: LanderVisit | null; bot: boolean } | null {
  const { site, request } = input;
  const locale = detectRequestLocale(request, site.domain_language);
  if (!landerPathFor(site, input.design, locale)) return null;
  const url = new URL(request.url);
  const headers = new Headers({ vary: 'Cookie, Accept-Language', 'cache-control': 'private, no-cache' });
  if (isbot(request.headers.get('user-agent'))) {
    headers.set('location', `${site.landers_url ?? ''}${landerPathFor(site, input.design, locale)}${url.search}`);
    return { response: new Response(null, { status: 302, headers }), visit: null, bot: true };
  }

  const experiment = runningExperimentFor(site, input.design, input.now ?? new Date());
  const sticky = stickyVariants(request);
  const variant = experiment && assignVariant(experiment, sticky[experiment.name], input.random);
  const design = variant?.design ?? input.design;
  const variantTag = experiment && variant ? variantValue(experiment, variant.id) : null;
  const target = new URL(`${landerPathFor(site, design, locale, variant?.copy)}${url.search}`, url);
  target.searchParams.set('lander', design);
  if (variantTag) target.searchParams.set('variant', variantTag);
  else target.searchParams.delete('variant');
  // A site whose landers are on a CDN (`landers_url`) sends the visitor there: the entry link stays
  // on the app, so the visit and the variant are counted here (docs/product.md §12 Landers on a CDN).
  headers.set('location', `${site.landers_url ?? ''}${target.pathname}${target.search}`);
  // Never null: the target names its lander. Merged with the cookie's record, so its network is
  // the URL's on a new click and the earlier one otherwise.
  const tracking = trackingFromUrl(target, request, site, input.secureCookies)!;
  if (tracking.setCookie) headers.append('set-cookie', tracking.setCookie);
  // Without consent the variant is drawn again on every entry (docs/product.md §3 Consent).
  if (experiment && variant?.isNew && mayPersistFor(site, request))
    headers.append(
      'set-cookie',
      preferenceCookie(
        input.secureCookies,
        EXPERIMENT_COOKIE,
        JSON.stringify({ ...sticky, [experiment.name]: variant.id }),
        EXPERIMENT_MAX_AGE_S,
      ),
    );
  return {
    response: new Response(null, { status: 302, headers }),
    bot: false,
    visit: { site: site.package_name, lander: design, variant: variantTag, network: tracking.record.network ?? null },
  };
}

/**
 * The entry link's answer with its visit counted (docs/product.md §12 Lander report). A failed count
 * is logged and the visitor still goes on: the lander matters more than the statistic.
 */
export async function enterLander(
  ctx: AppContext,
  input: { site: SiteConfig; design: string; request: Request; secureCookies: boolean },
): Promise<Response | null> {
  const entry = redirectToLander({ ...input, now: ctx.clock.now() });
  if (!entry) return null;
  if (entry.visit || entry.bot) {
    try {
      if (entry.visit) await countLanderVisit(ctx, entry.visit);
      else await countLanderBotVisit(ctx, input.site.package_name);
    } catch (error) {
      ctx.log.warn('lander visit not counted', { site: input.site.package_name, error });
    }
  }
  return entry.response;
}
