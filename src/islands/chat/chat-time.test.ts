import { describe, expect, it } from 'vitest';
import { chatListTime, isNewDay, presenceLabel } from './chat-time';

describe('chat times (Intl)', () => {
  const now = new Date('2026-11-22T15:00:00');

  it('shows online, then how long ago a member was active, in the locale', () => {
    expect(presenceLabel(new Date(now.getTime() - 5 * 60_000).toISOString(), now, 'en')).toBe('online');
    expect(presenceLabel(new Date(now.getTime() - 30 * 60_000).toISOString(), now, 'en')).toBe('30 minutes ago');
    expect(presenceLabel(new Date(now.getTime() - 5 * 3600_000).toISOString(), now, 'de')).toBe('vor 5 Stunden');
    expect(presenceLabel(new Date(now.getTime() - 49 * 3600_000).toISOString(), now, 'nl')).toBe('eergisteren');
    expect(presenceLabel(null, now, 'en')).toBeNull();
  });

  it('labels list times by age and separates days', () => {
    expect(chatListTime(new Date('2026-11-22T09:05:00').toISOString(), now, 'de')).toBe('09:05');
    expect(chatListTime(new Date('2026-11-01T09:05:00').toISOString(), now, 'en')).toBe('Nov 1');
    expect(isNewDay(undefined, now.toISOString())).toBe(true);
    expect(isNewDay(new Date('2026-11-22T01:00:00').toISOString(), now.toISOString())).toBe(false);
    expect(isNewDay(new Date('2026-11-21T23:00:00').toISOString(), now.toISOString())).toBe(true);
  });
});
