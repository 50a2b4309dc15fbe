import { describe, expect, it } from 'vitest';
import { chatListTime, isNewDay } from './chat-time';

describe('chat times (Intl)', () => {
  const now = new Date('2026-11-22T15:00:00');

  it('labels list times by age and separates days', () => {
    expect(chatListTime(new Date('2026-11-22T09:05:00').toISOString(), now, 'de')).toBe('09:05');
    expect(chatListTime(new Date('2026-11-01T09:05:00').toISOString(), now, 'en')).toBe('Nov 1');
    expect(isNewDay(undefined, now.toISOString())).toBe(true);
    expect(isNewDay(new Date('2026-11-22T01:00:00').toISOString(), now.toISOString())).toBe(false);
    expect(isNewDay(new Date('2026-11-21T23:00:00').toISOString(), now.toISOString())).toBe(true);
  });
});
