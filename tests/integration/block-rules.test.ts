import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberEvents } from '../../src/server/db/schema';
import { likesEndpoint } from '../../src/server/http/endpoints/likes';
import { blockEndpoint } from '../../src/server/http/endpoints/safety';
import { profileEndpoint } from '../../src/server/http/endpoints/search';
import { LIKE_NOTICE_INTERVAL_MS } from '../../src/server/likes/like-notice';
import { EVENT_RETENTION_MS } from '../../src/server/platform/events/events';
import { openMemberPage } from '../../src/server/pages/open-member-page';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { loggedInMember } from '../helpers/session';

const { ctx, clock } = useTestContext();

const loggedIn = (name: string) => loggedInMember(ctx(), name);
const profile = (id: number, cookie?: string) =>
  callApi(ctx(), profileEndpoint, '/api/profile.php', { query: { id }, cookie });
const like = (cookie: string, profile: number) =>
  callApi(ctx(), likesEndpoint, '/api/likes.php', { method: 'POST', body: { profile }, cookie });
const unlike = (cookie: string, profile: number) =>
  callApi(ctx(), likesEndpoint, '/api/likes.php', { method: 'DELETE', body: { profile }, cookie });
const block = (cookie: string, profile: number) =>
  callApi(ctx(), blockEndpoint, '/api/block.php', { method: 'POST', body: { profile }, cookie });
const unblock = (cookie: string, profile: number) =>
  callApi(ctx(), blockEndpoint, '/api/block.php', { method: 'DELETE', body: { profile }, cookie });
const likeEvents = (to: number) =>
  ctx()
    .db.select()
    .from(memberEvents)
    .where(and(eq(memberEvents.userId, to), eq(memberEvents.type, 'like')));

describe('blocked pairs (docs/product.md §6)', () => {
  it('cannot open each other’s profile, through the API or the page, either way; others still can', async () => {
    const anna = await loggedIn('Anna');
    const ben = await loggedIn('Ben');
    const cleo = await loggedIn('Cleo');
    expect((await profile(ben.id, anna.cookie)).status).toBe(200);
    expect((await block(anna.cookie, ben.id)).status).toBe(200);

    for (const [viewer, other] of [
      [anna, ben],
      [ben, anna],
    ] as const) {
      const answer = await profile(other.id, viewer.cookie);
      expect(answer.status).toBe(404);
      expect(answer.json.error).toMatchObject({ code: 'not_found', message: 'errors.not_found' });
      expect(await openMemberPage(ctx(), String(other.id), viewer.id)).toBeNull();
    }
    // Third members and visitors are not affected.
    expect((await profile(ben.id, cleo.cookie)).status).toBe(200);
    expect((await profile(ben.id)).status).toBe(200);
    expect(await openMemberPage(ctx(), String(anna.id), cleo.id)).not.toBeNull();

    await unblock(anna.cookie, ben.id);
    expect((await profile(anna.id, ben.cookie)).status).toBe(200);
    expect(await openMemberPage(ctx(), String(ben.id), anna.id)).not.toBeNull();
  });

  it('cannot like each other either way: 403 blocked, nothing stored, no like event', async () => {
    const anna = await loggedIn('Anna');
    const ben = await loggedIn('Ben');
    await block(anna.cookie, ben.id);

    for (const [liker, liked] of [
      [ben, anna],
      [anna, ben],
    ] as const) {
      const answer = await like(liker.cookie, liked.id);
      expect(answer.status).toBe(403);
      expect(answer.json.error).toMatchObject({ code: 'blocked', message: 'chat.blocked' });
      expect(await likeEvents(liked.id)).toEqual([]);
    }
    const annaLikes = (await callApi(ctx(), likesEndpoint, '/api/likes.php', { cookie: anna.cookie })).json;
    expect(annaLikes).toEqual({ profiles: [], liked_by: [] });
    await unblock(anna.cookie, ben.id);
    expect((await like(ben.cookie, anna.id)).status).toBe(200);
    expect(await likeEvents(anna.id)).toHaveLength(1);
  });
});

describe('like events (docs/product.md §4)', () => {
  it('are looked up in an event log that reaches back a whole interval', () => {
    expect(EVENT_RETENTION_MS).toBeGreaterThanOrEqual(LIKE_NOTICE_INTERVAL_MS);
  });

  it('30 like/unlike cycles notify the liked member once; again only after 24 hours', async () => {
    const anna = await loggedIn('Anna');
    const ben = await loggedIn('Ben');
    for (let cycle = 0; cycle < 30; cycle++) {
      expect((await like(anna.cookie, ben.id)).status).toBe(200);
      expect((await unlike(anna.cookie, ben.id)).json).toEqual({ unliked: true });
      clock.advance(60_000);
    }
    const events = await likeEvents(ben.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({ from: anna.id });

    // Another member's like is news of its own; the liker's own events are untouched.
    const cleo = await loggedIn('Cleo');
    await like(cleo.cookie, ben.id);
    expect(await likeEvents(ben.id)).toHaveLength(2);
    expect(await likeEvents(anna.id)).toEqual([]);

    // Just before 24 hours after the first notice: still quiet; after them, one more.
    clock.set(new Date(events[0]!.createdAt.getTime() + LIKE_NOTICE_INTERVAL_MS - 1000));
    await like(anna.cookie, ben.id);
    await unlike(anna.cookie, ben.id);
    expect(await likeEvents(ben.id)).toHaveLength(2);
    clock.advance(1000);
    await like(anna.cookie, ben.id);
    expect(await likeEvents(ben.id)).toHaveLength(3);
  });

  it('two members liking each other both get their notice (the limit is per direction of a pair)', async () => {
    const anna = await loggedIn('Anna');
    const ben = await loggedIn('Ben');
    await like(anna.cookie, ben.id);
    await like(ben.cookie, anna.id);
    expect(await likeEvents(ben.id)).toHaveLength(1);
    expect(await likeEvents(anna.id)).toHaveLength(1);
  });
});
