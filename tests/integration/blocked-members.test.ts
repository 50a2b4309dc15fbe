import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { blockEndpoint } from '../../src/server/http/endpoints/safety';
import { profileEndpoint } from '../../src/server/http/endpoints/search';
import { openBlockedMemberPage, openMemberPage } from '../../src/server/pages/open-member-page';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { loggedInMember } from '../helpers/session';

/** docs/product.md §10 Blocked members: the list on /profile, Unblock, and the blocker's view of the profile. */
const { ctx, clock } = useTestContext();

type Member = { id: number; cookie: string };
const list = (viewer: Member) => callApi(ctx(), blockEndpoint, '/api/block.php', { cookie: viewer.cookie });
const block = (by: Member, other: Member) =>
  callApi(ctx(), blockEndpoint, '/api/block.php', { method: 'POST', body: { profile: other.id }, cookie: by.cookie });
const unblock = (by: Member, other: Member) =>
  callApi(ctx(), blockEndpoint, '/api/block.php', { method: 'DELETE', body: { profile: other.id }, cookie: by.cookie });

describe('blocked members (GET /api/block.php, docs/product.md §10 Blocked members)', () => {
  it('lists the members I blocked, newest first, by id and name only; unblock takes them off and the profile opens again', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    const ben = await loggedInMember(ctx(), 'Ben');
    const cleo = await loggedInMember(ctx(), 'Cleo');
    expect((await list(anna)).json).toEqual({ members: [] });

    await block(anna, ben);
    clock.advance(60_000);
    await block(anna, cleo);
    await block(cleo, anna); // Cleo's block of Anna is Cleo's, not in Anna's list.
    const answer = await list(anna);
    expect(answer.status).toBe(200);
    expect(answer.json.members).toEqual([
      { id: cleo.id, name: 'Cleo', blocked_at: expect.any(String) },
      { id: ben.id, name: 'Ben', blocked_at: expect.any(String) },
    ]);
    expect(new Date(answer.json.members[0].blocked_at).getTime()).toBeGreaterThan(
      new Date(answer.json.members[1].blocked_at).getTime(),
    );
    expect((await list(ben)).json).toEqual({ members: [] });
    expect((await list(cleo)).json.members).toEqual([{ id: anna.id, name: 'Anna', blocked_at: expect.any(String) }]);

    // The blocker's view of the profile is the name and Unblock; the blocked member's is a 404.
    expect(await openMemberPage(ctx(), String(ben.id), anna.id)).toBeNull();
    expect(await openBlockedMemberPage(ctx(), String(ben.id), anna.id)).toEqual({ id: ben.id, name: 'Ben' });
    expect(await openBlockedMemberPage(ctx(), String(anna.id), ben.id)).toBeNull();
    expect(await openBlockedMemberPage(ctx(), String(ben.id), null)).toBeNull();

    expect((await unblock(anna, ben)).json).toEqual({ blocked: false });
    expect((await list(anna)).json.members.map((m: { id: number }) => m.id)).toEqual([cleo.id]);
    expect(await openBlockedMemberPage(ctx(), String(ben.id), anna.id)).toBeNull();
    expect(
      (await callApi(ctx(), profileEndpoint, '/api/profile.php', { query: { id: ben.id }, cookie: anna.cookie }))
        .status,
    ).toBe(200);
    // Unblocking again is harmless.
    expect((await unblock(anna, ben)).status).toBe(200);
  });

  it('leaves out members who deleted their account, and needs a login', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    const ben = await loggedInMember(ctx(), 'Ben');
    await block(anna, ben);
    await ctx().db.update(users).set({ status: 'deleted' }).where(eq(users.id, ben.id));
    expect((await list(anna)).json).toEqual({ members: [] });
    const anonymous = await callApi(ctx(), blockEndpoint, '/api/block.php', {});
    expect(anonymous.status).toBe(403);
  });

  it('tells whether I blocked one member (GET ?action=status): id and name of my block only, never theirs', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    const ben = await loggedInMember(ctx(), 'Ben');
    const cleo = await loggedInMember(ctx(), 'Cleo');
    const status = (viewer: Member | null, profile: number | string) =>
      callApi(ctx(), blockEndpoint, '/api/block.php', {
        query: { action: 'status', profile },
        cookie: viewer?.cookie,
      });
    expect((await status(anna, ben.id)).json).toEqual({ member: null });
    await block(anna, ben);
    await block(cleo, anna);
    expect((await status(anna, ben.id)).json).toEqual({ member: { id: ben.id, name: 'Ben' } });
    // Cleo's block of Anna stays invisible to Anna; Ben learns nothing of Anna's block.
    expect((await status(anna, cleo.id)).json).toEqual({ member: null });
    expect((await status(ben, anna.id)).json).toEqual({ member: null });
    await unblock(anna, ben);
    expect((await status(anna, ben.id)).json).toEqual({ member: null });
    expect((await status(null, ben.id)).status).toBe(403);
    const bad = await status(anna, '2147483648');
    expect(bad.status).toBe(422);
    expect(bad.json.error.issues).toEqual([{ path: 'profile', message: 'validation.integer' }]);
  });
});
