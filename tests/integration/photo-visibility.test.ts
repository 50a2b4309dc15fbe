import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { images, likes, profiles } from '../../src/server/db/schema';
import { profileImageEndpoint } from '../../src/server/http/endpoints/profile-image';
import { profileEndpoint, searchEndpoint } from '../../src/server/http/endpoints/search';
import { userEndpoint } from '../../src/server/http/endpoints/user';
import { listLikes } from '../../src/server/likes/likes';
import { homeFaces } from '../../src/server/members/home-faces';
import { loadImages } from '../../src/server/members/profile-view';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { sitesWith } from '../helpers/custom-sites';
import { createMember } from '../helpers/factories';
import { callAdmin, loggedInOperator } from '../helpers/operators';
import { loggedInMember } from '../helpers/session';

// Amora and Lovelane show photos before approval (the default); Flirtbox only once approved.
const sitesDir = sitesWith({ flirtbox: { photos_before_approval: false } });
const { ctx, clock } = useTestContext({ SITES_DIR: sitesDir });

type Status = 'pending' | 'approved';

/** A member of `site` in DE (searched by every demo site) with photos in gallery order; the first is main. */
async function memberWithPhotos(name: string, site: string, statuses: Status[], minutesAgo = 1) {
  const id = await createMember(ctx(), {
    name,
    site,
    country: 'DE',
    lastActiveAt: new Date(clock.now().getTime() - minutesAgo * 60_000),
  });
  const ids: number[] = [];
  for (const [position, reviewStatus] of statuses.entries()) {
    const [row] = await ctx()
      .db.insert(images)
      .values({
        profileId: id,
        filename: `u/${id}/${position}.webp`,
        thumbFilename: `u/${id}/${position}-thumb.webp`,
        width: 400,
        height: 500,
        position,
        reviewStatus,
      })
      .returning({ id: images.id });
    ids.push(row!.id);
  }
  if (ids.length > 0) await ctx().db.update(profiles).set({ mainImageId: ids[0] }).where(eq(profiles.id, id));
  return { id, photos: ids };
}

/** Card photos of a search: member name → [main image id, gallery ids]. */
async function searchCards(options: { cookie?: string; packageName?: string } = {}) {
  const answer = await callApi(ctx(), searchEndpoint, '/api/search.php', { query: { country: 'DE' }, ...options });
  expect(answer.status).toBe(200);
  return Object.fromEntries(
    answer.json.profiles.map(
      (profile: { name: string; main_image: { id: number } | null; images: { id: number }[] }) => [
        profile.name,
        [profile.main_image?.id ?? null, profile.images.map((image) => image.id)],
      ],
    ),
  );
}

async function profileView(id: number, cookie?: string) {
  const answer = await callApi(ctx(), profileEndpoint, '/api/profile.php', { query: { id }, cookie });
  expect(answer.status).toBe(200);
  const { profile } = answer.json;
  return [profile.main_image?.id ?? null, profile.images.map((image: { id: number }) => image.id)];
}

describe('who sees a photo waiting for review (docs/product.md §13 Photo review)', () => {
  it('hides pending photos of members of a site without photos_before_approval, on every site, until approved', async () => {
    const fenna = await memberWithPhotos('Fenna', 'flirtbox', ['pending']);
    const anna = await memberWithPhotos('Anna', 'amora', ['pending']);
    const vera = await loggedInMember(ctx(), 'Vera', { country: 'DE' });
    const otto = await loggedInMember(ctx(), 'Otto', { site: 'flirtbox', country: 'DE' });

    for (const viewer of [{}, { cookie: vera.cookie }, { cookie: otto.cookie, packageName: 'flirtbox' }]) {
      const cards = await searchCards(viewer);
      expect(cards.Fenna).toEqual([null, []]);
      expect(cards.Anna).toEqual([anna.photos[0], anna.photos]);
    }
    expect(await profileView(fenna.id, vera.cookie)).toEqual([null, []]);
    expect(await profileView(anna.id, vera.cookie)).toEqual([anna.photos[0], anna.photos]);
    expect((await homeFaces(ctx(), ['DE'])).map((face) => face.id)).toEqual([anna.photos[0]]);
    await ctx().db.insert(likes).values({ likerId: vera.id, likedId: fenna.id });
    expect((await listLikes(ctx(), vera.id)).profiles[0]!.profile.main_image).toBeNull();

    const op = await loggedInOperator(ctx(), 'moderator');
    const approved = await callAdmin(ctx(), `/admin/api/photos/${fenna.photos[0]}/approve`, {
      method: 'POST',
      cookie: op.cookie,
    });
    expect(approved.status).toBe(200);
    expect((await searchCards({ cookie: vera.cookie })).Fenna).toEqual([fenna.photos[0], fenna.photos]);
    expect(await profileView(fenna.id)).toEqual([fenna.photos[0], fenna.photos]);
    expect((await listLikes(ctx(), vera.id)).profiles[0]!.profile.main_image?.id).toBe(fenna.photos[0]);
  });

  it('the owner always sees their own pending photos', async () => {
    const owner = await loggedInMember(ctx(), 'Greta', { site: 'flirtbox', country: 'DE' });
    const [row] = await ctx()
      .db.insert(images)
      .values({
        profileId: owner.id,
        filename: 'u/g.webp',
        thumbFilename: 'u/g-t.webp',
        width: 1,
        height: 1,
        reviewStatus: 'pending',
      })
      .returning({ id: images.id });
    await ctx().db.update(profiles).set({ mainImageId: row!.id }).where(eq(profiles.id, owner.id));

    const user = await callApi(ctx(), userEndpoint, '/api/user.php', { cookie: owner.cookie, packageName: 'flirtbox' });
    expect(user.status).toBe(200);
    expect(user.json.profile.main_image.id).toBe(row!.id);
    const own = await callApi(ctx(), profileImageEndpoint, '/api/profileimage.php', {
      cookie: owner.cookie,
      packageName: 'flirtbox',
    });
    expect(own.json.photos.map((photo: { id: number }) => photo.id)).toEqual([row!.id]);
    expect(await profileView(owner.id)).toEqual([null, []]);
  });

  it('a hidden pending main photo gives way to the member’s first approved photo', async () => {
    const hanna = await memberWithPhotos('Hanna', 'flirtbox', ['pending', 'approved', 'pending']);
    expect((await searchCards()).Hanna).toEqual([hanna.photos[1], [hanna.photos[1]]]);
    expect(await profileView(hanna.id)).toEqual([hanna.photos[1], [hanna.photos[1]]]);
  });

  it('a rejected photo shows to nobody else, whatever the site', async () => {
    const ida = await memberWithPhotos('Ida', 'amora', ['approved', 'approved']);
    await ctx().db.update(images).set({ reviewStatus: 'rejected' }).where(eq(images.id, ida.photos[0]!));
    expect((await searchCards()).Ida).toEqual([ida.photos[1], [ida.photos[1]]]);
    expect(await profileView(ida.id)).toEqual([ida.photos[1], [ida.photos[1]]]);
  });

  it('with every site showing or every site hiding, the condition needs no site lookup and still holds', async () => {
    const fenna = await memberWithPhotos('Fenna', 'flirtbox', ['pending', 'approved']);
    const anna = await memberWithPhotos('Anna', 'amora', ['pending']);
    const ids = [fenna.id, anna.id];
    const withSites = (hide: boolean) => ({
      ...ctx(),
      sites: { ...ctx().sites, all: ctx().sites.all.map((site) => ({ ...site, photos_before_approval: !hide })) },
    });
    const shown = async (hide: boolean) => (await loadImages(withSites(hide), ids)).map((image) => image.id);
    expect(await shown(false)).toEqual([...fenna.photos, ...anna.photos]);
    expect(await shown(true)).toEqual([fenna.photos[1]]);
    expect((await loadImages(withSites(true), ids, 'owner')).map((image) => image.id)).toEqual([
      ...fenna.photos,
      ...anna.photos,
    ]);
  });
});
