import { atom, computed } from 'nanostores';

/**
 * Counters for the top navigation badges and the app badge (docs/product.md §9: unread
 * messages plus new likes). The chat and likes features set them from their polling.
 */
export const $unreadMessages = atom(0);
export const $newLikes = atom(0);
export const $badgeCount = computed([$unreadMessages, $newLikes], (unread, likes) => unread + likes);

export function setUnreadMessages(count: number): void {
  $unreadMessages.set(Math.max(0, Math.floor(count)));
}

export function setNewLikes(count: number): void {
  $newLikes.set(Math.max(0, Math.floor(count)));
}

/** docs/product.md §2: the document title shows the unread count, e.g. "(3) Members · Amora". */
export function titleWithUnread(baseTitle: string, unread: number): string {
  const stripped = baseTitle.replace(/^\(\d+\+?\)\s*/, '');
  if (unread <= 0) return stripped;
  return `(${unread > 99 ? '99+' : unread}) ${stripped}`;
}
