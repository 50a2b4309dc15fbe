import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversationMembers, conversations, profiles } from '../../src/server/db/schema';
import { chatsEndpoint } from '../../src/server/http/endpoints/chat';
import { likesEndpoint } from '../../src/server/http/endpoints/likes';
import { profileEndpoint, searchEndpoint } from '../../src/server/http/endpoints/search';
import { userEndpoint } from '../../src/server/http/endpoints/user';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { loggedInMember } from '../helpers/session';

const { ctx, clock } = useTestContext();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Moves member `id`'s last activity to `ago` ms before the test clock. */
async function lastActive(id: number, ago: number): Promise<Date> {
  const at = new Date(clock.now().getTime() - ago + 123);
  await ctx().db.update(profiles).set({ lastActiveAt: at }).where(eq(profiles.id, id));
  return at;
}

describe('presence (docs/product.md §3 Profile)', () => {
  it('others see online / today / this_week / longer, never the time itself', async () => {
    const viewer = await loggedInMember(ctx(), 'Viewer');
    const ben = await loggedInMember(ctx(), 'Ben');
    const cases: [number, string][] = [
      [0, 'online'],
      [9 * MINUTE, 'online'],
      [11 * MINUTE, 'today'],
      [23 * HOUR, 'today'],
      [25 * HOUR, 'this_week'],
      [6 * DAY, 'this_week'],
      [8 * DAY, 'longer'],
      [18 * DAY, 'longer'],
    ];
    for (const [ago, presence] of cases) {
      await lastActive(ben.id, ago);
      for (const cookie of [viewer.cookie, undefined]) {
        const answer = await callApi(ctx(), profileEndpoint, '/api/profile.php', { query: { id: ben.id }, cookie });
        expect(answer.json.profile.presence, `${ago} ms ago`).toBe(presence);
        expect(answer.json.profile).not.toHaveProperty('last_active_at');
        expect(JSON.stringify(answer.json)).not.toMatch(/\d{4}-\d\d-\d\dT/);
      }
    }
  });

  it('search, likes and chat lists carry the coarse presence only', async () => {
    const viewer = await loggedInMember(ctx(), 'Viewer');
    const ben = await loggedInMember(ctx(), 'Ben', { gender: 'male' });
    await lastActive(ben.id, 3 * DAY);
    await callApi(ctx(), likesEndpoint, '/api/likes.php', {
      method: 'POST',
      body: { profile: ben.id },
      cookie: viewer.cookie,
    });
    const [conversation] = await ctx()
      .db.insert(conversations)
      .values({ memberLow: viewer.id, memberHigh: ben.id, createdAt: clock.now() })
      .returning({ id: conversations.id });
    await ctx()
      .db.insert(conversationMembers)
      .values([
        { conversationId: conversation!.id, userId: viewer.id },
        { conversationId: conversation!.id, userId: ben.id },
      ]);

    const search = await callApi(ctx(), searchEndpoint, '/api/search.php', {
      query: { gender: 'male' },
      cookie: viewer.cookie,
    });
    const likes = await callApi(ctx(), likesEndpoint, '/api/likes.php', { cookie: viewer.cookie });
    const chats = await callApi(ctx(), chatsEndpoint, '/api/chats.php', { cookie: viewer.cookie });
    const seen = [
      search.json.profiles.find((p: { id: number }) => p.id === ben.id),
      likes.json.profiles[0].profile,
      chats.json.chats[0].profile,
    ];
    for (const profile of seen) {
      expect(profile).toMatchObject({ id: ben.id, presence: 'this_week' });
      expect(profile).not.toHaveProperty('last_active_at');
    }
  });

  it('the member sees their own timestamp', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    const at = await lastActive(anna.id, 3 * DAY);
    const own = (await callApi(ctx(), userEndpoint, '/api/user.php', { cookie: anna.cookie })).json;
    expect(own.profile.last_active_at).toBe(at.toISOString());
    expect(own.profile.presence).toBe('this_week');
  });
});
