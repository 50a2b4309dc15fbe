import type { PublicProfile } from '~/shared/contracts/profile';
import { parseLanderSlug } from '~/shared/landers/lander-slug';
import type { Locale } from '~/shared/locales';
import { isBlockedEitherWay } from '../blocks';
import type { AppContext } from '../context';
import { openMemberPage } from './open-member-page';

/** A member lander: the member it presents and, for the slug variants, the slug's locale. */
export interface MemberLander {
  profile: PublicProfile;
  /** The locale of `landing2/:slug` / `landing3/:slug` (docs/product.md §4 slug), else null: the request's. */
  locale: Locale | null;
  /** Where its CTA leads: signup for this member (`profile` in the payload), then the chat with them. */
  signupHref: string;
}

/**
 * The member of a member lander (`/members/:memberId/signup`,
 * `/landing`, `/landing2/:slug`, `/landing3/:slug`); null → 404 (unknown or
 * hidden member, a slug that is not a lander slug, or — docs/product.md §6 — a logged-in
 * `viewerId` in a blocked pair with the member, either way).
 */
export async function openMemberLander(
  ctx: AppContext,
  memberId: string | undefined,
  slug?: string,
  viewerId: number | null = null,
): Promise<MemberLander | null> {
  const parsed = slug === undefined ? null : parseLanderSlug(slug);
  if (slug !== undefined && !parsed) return null;
  const profile = await openMemberPage(ctx, memberId, null);
  if (!profile) return null;
  if (viewerId !== null && (await isBlockedEitherWay(ctx, viewerId, profile.id))) return null;
  const next = `/members/${profile.id}/chat`;
  return {
    profile,
    locale: parsed?.locale ?? null,
    signupHref: `/signup?profile=${profile.id}&next=${encodeURIComponent(next)}`,
  };
}
