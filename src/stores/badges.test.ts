import { describe, expect, it } from 'vitest';
import { $badgeCount, setNewLikes, setUnreadMessages, titleWithUnread } from './badges';

describe('badges', () => {
  it('counts unread messages plus new likes for the app badge', () => {
    setUnreadMessages(3);
    setNewLikes(2);
    expect($badgeCount.get()).toBe(5);
    setUnreadMessages(-1);
    expect($badgeCount.get()).toBe(2);
  });
  it('puts the unread count in front of the title once', () => {
    expect(titleWithUnread('Members · Amora', 3)).toBe('(3) Members · Amora');
    expect(titleWithUnread('(3) Members · Amora', 4)).toBe('(4) Members · Amora');
    expect(titleWithUnread('(4) Members · Amora', 0)).toBe('Members · Amora');
    expect(titleWithUnread('Members', 120)).toBe('(99+) Members');
  });
});
