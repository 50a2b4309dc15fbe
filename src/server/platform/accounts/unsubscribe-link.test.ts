import { describe, expect, it } from 'vitest';
import { unsubscribeLink, verifyUnsubscribeQuery } from './unsubscribe-link';

const secret = Buffer.alloc(32, 1);
const query = (link: string) => new URL(link).searchParams;

describe('unsubscribe link (docs/product.md §10 Notifications)', () => {
  it('verifies its own links: member id and kind', () => {
    const link = unsubscribeLink(secret, 'https://amora.example', 42, 'like');
    expect(link.startsWith('https://amora.example/unsubscribe?u=42&k=like&s=')).toBe(true);
    expect(verifyUnsubscribeQuery(secret, query(link))).toEqual({ userId: 42, kind: 'like' });
  });

  it('refuses another secret, a changed id or kind, odd ids and a missing signature', () => {
    const link = unsubscribeLink(secret, 'https://amora.example', 42, 'message');
    const s = query(link).get('s')!;
    expect(verifyUnsubscribeQuery(Buffer.alloc(32, 2), query(link))).toBeNull();
    for (const bad of [
      `u=43&k=message&s=${s}`,
      `u=42&k=like&s=${s}`,
      `u=042&k=message&s=${s}`,
      `u=-42&k=message&s=${s}`,
      `u=99999999999&k=message&s=${s}`,
      `u=42&k=message&s=${s.slice(1)}`,
      'u=42&k=message',
    ]) {
      expect(verifyUnsubscribeQuery(secret, new URLSearchParams(bad)), bad).toBeNull();
    }
  });
});
