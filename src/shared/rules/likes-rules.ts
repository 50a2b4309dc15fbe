import type { Like } from '../contracts/likes';

/**
 * docs/product.md §2 /likes/:type tabs: who liked me (`/likes`, the default), whom I liked,
 * and mutual likes (a received like I like back).
 */
export const LIKES_TABS = ['received', 'given', 'mutual'] as const;
export type LikesTab = (typeof LIKES_TABS)[number];

/** `/likes` or `/likes/:type` → the tab; null for an unknown type (404). */
export function likesTabFromPath(type: string | undefined): LikesTab | null {
  if (type === undefined || type === '') return 'received';
  return (LIKES_TABS as readonly string[]).includes(type) ? (type as LikesTab) : null;
}

export function likesTabPath(tab: LikesTab): string {
  return tab === 'received' ? '/likes' : `/likes/${tab}`;
}

/** The likes one tab lists, newest first as the API returns them. */
export function likesOfTab(tab: LikesTab, likes: { given: Like[]; received: Like[] }): Like[] {
  if (tab === 'given') return likes.given;
  if (tab === 'mutual') return likes.received.filter((like) => like.did_like_profile);
  return likes.received;
}
