import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles } from '../../src/server/db/schema';
import { likesEndpoint } from '../../src/server/http/endpoints/likes';
import { profileEndpoint } from '../../src/server/http/endpoints/search';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { loggedInMember } from '../helpers/session';

const { ctx } = useTestContext();

const loggedIn = (name: string) => loggedInMember(ctx(), name);
const like = (cookie: string, profile: number) =>
  callApi(ctx(), likesEndpoint, '/api/likes.php', { method: 'POST', body: { profile }, cookie });
const unlike = (cookie: string, profile: number) =>
  callApi(ctx(), likesEndpoint, '/api/likes.php', { method: 'DELETE', body: { profile }, cookie });
const list = (cookie?: string) => callApi(ctx(), likesEndpoint, '/api/likes.php', { cookie });

describe('likes (docs/product.md §3, §4, §7)', () => {
  it('likes, lists both sides with like_new and did_like_profile, and unlikes', async () => {
    const anna = await loggedIn('Anna');
    const ben = await loggedIn('Ben');
    expect((await like(anna.cookie, ben.id)).json.like).toMatchObject({ profile: ben.id });
    expect((await like(anna.cookie, ben.id)).status).toBe(200);

    const annaView = (await list(anna.cookie)).json;
    expect(annaView.profiles).toHaveLength(1);
    expect(annaView.profiles[0]).toMatchObject({
      profile: { id: ben.id, name: 'Ben' },
      did_like_profile: true,
      like_new: false,
    });
    expect(annaView.liked_by).toEqual([]);

    const benView = (await list(ben.cookie)).json;
    expect(benView.liked_by[0]).toMatchObject({ profile: { id: anna.id }, like_new: true, did_like_profile: false });
    expect(benView.liked_by[0].profile).not.toHaveProperty('date_of_birth');

    // Mutual once Ben likes back.
    await like(ben.cookie, anna.id);
    expect((await list(ben.cookie)).json.liked_by[0].did_like_profile).toBe(true);

    expect((await unlike(anna.cookie, ben.id)).json).toEqual({ unliked: true });
    expect((await unlike(anna.cookie, ben.id)).json).toEqual({ unliked: false });
    expect((await list(ben.cookie)).json.liked_by).toEqual([]);
  });

  it('marks a like as not new when the liked member opens the profile', async () => {
    const anna = await loggedIn('Anna');
    const ben = await loggedIn('Ben');
    await like(anna.cookie, ben.id);
    await callApi(ctx(), profileEndpoint, '/api/profile.php', { query: { id: anna.id }, cookie: ben.cookie });
    expect((await list(ben.cookie)).json.liked_by[0].like_new).toBe(false);
  });

  it('refuses visitors, self-likes, unknown and hidden members, and hides likes of hidden members', async () => {
    const anna = await loggedIn('Anna');
    const ben = await loggedIn('Ben');
    expect((await list()).status).toBe(403);
    expect((await like(anna.cookie, anna.id)).status).toBe(422);
    expect((await like(anna.cookie, 99_999)).status).toBe(404);
    await like(ben.cookie, anna.id);
    await ctx().db.update(profiles).set({ isVisible: false }).where(eq(profiles.id, ben.id));
    expect((await list(anna.cookie)).json.liked_by).toEqual([]);
    expect((await like(anna.cookie, ben.id)).status).toBe(404);
    expect(
      (
        await callApi(ctx(), likesEndpoint, '/api/likes.php', {
          method: 'POST',
          body: { profile: 'x' },
          cookie: anna.cookie,
        })
      ).status,
    ).toBe(422);
  });
});
