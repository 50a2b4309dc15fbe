import { eq } from 'drizzle-orm';
import type { Cam } from '~/shared/contracts/xcams';
import { fail, ok, type Result } from '~/shared/errors';
import { isPaidMember } from '~/shared/rules/message-costs';
import { isWebcamEligible } from '~/shared/rules/member-rules';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import type { SiteConfig } from '../platform/sites/site-config';
import type { CamQuery, FeedCam } from './cam-provider';

/**
 * docs/product.md §6 webcam eligibility for a member on a site: logged in, not paid (the
 * `paid_user` of the user response: premium now, or stored as paid),
 * signed up more than 4 days ago, and the site allows resell cams
 * (`member_resell`) or camads (`features.camads`).
 */
export async function canSeeWebcams(ctx: AppContext, site: SiteConfig, userId: number | null): Promise<boolean> {
  if (userId === null) return false;
  const [user] = await ctx.db
    .select({ paidUser: users.paidUser, premiumUntil: users.premiumUntil, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return false;
  return isWebcamEligible({
    isLoggedIn: true,
    paidUser: isPaidMember(user, ctx.clock.now()),
    signupDate: user.createdAt.toISOString(),
    now: ctx.clock.now().getTime(),
    allowsResellCams: site.member_resell,
    allowsCamads: site.features.camads,
  });
}

function toCam(cam: FeedCam, site: SiteConfig): Cam {
  const { url: _url, imageIsLocal, ...rest } = cam;
  return { ...rest, image: imageIsLocal ? `${site.cdn_prefix}/${cam.image}` : cam.image };
}

/**
 * The partner's cams for a query, for a member already found eligible (canSeeWebcams), at most 48,
 * images on the site's cdn_prefix. A failing feed is logged and gives no cams (docs/product.md §8:
 * the grid just shows members).
 */
export async function feedCams(ctx: AppContext, site: SiteConfig, query: CamQuery): Promise<Cam[]> {
  try {
    const cams = await ctx.cams.search(query);
    return cams.slice(0, 48).map((cam) => toCam(cam, site));
  } catch (error) {
    ctx.log.warn('cam feed failed', { error });
    return [];
  }
}

/** `GET /api/xcams/search.php`: the partner's cams (feedCams) for an eligible member. */
export async function searchCams(
  ctx: AppContext,
  site: SiteConfig,
  userId: number | null,
  query: CamQuery,
): Promise<Result<{ cams: Cam[] }, 'not_logged_in' | 'webcams_not_available'>> {
  if (userId === null) return fail('not_logged_in');
  if (!(await canSeeWebcams(ctx, site, userId))) return fail('webcams_not_available');
  return ok({ cams: await feedCams(ctx, site, query) });
}

/**
 * Where `/api/xcams/redirect.php?account=` sends an eligible member: the feed's
 * room URL, else the site's `partner_links.cam_room` with `{account}` filled in.
 * Null for accounts the feed does not list (never an open redirect) or when
 * the member may not see cams.
 */
export async function camRoomUrl(
  ctx: AppContext,
  site: SiteConfig,
  userId: number | null,
  account: string,
): Promise<string | null> {
  if (!(await canSeeWebcams(ctx, site, userId))) return null;
  const cam = await ctx.cams.find(account).catch(() => null);
  if (!cam) return null;
  if (cam.url) return cam.url;
  const template = site.partner_links?.cam_room;
  return template
    ? template.replaceAll('{account}', encodeURIComponent(account)).replaceAll('{site}', site.package_name)
    : null;
}

/** Where `/api/resellpartner.php?flow=…&redirect=1` sends an eligible member (the site's `partner_links.resell`). */
export async function resellUrl(
  ctx: AppContext,
  site: SiteConfig,
  userId: number | null,
  flow: string,
): Promise<string | null> {
  if (!(await canSeeWebcams(ctx, site, userId))) return null;
  const template = site.partner_links?.resell;
  return template
    ? template.replaceAll('{flow}', encodeURIComponent(flow)).replaceAll('{site}', site.package_name)
    : null;
}
