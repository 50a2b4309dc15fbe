import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { images, profiles } from '../../src/server/db/schema';
import { profileImageEndpoint } from '../../src/server/http/endpoints/profile-image';
import { profileEndpoint } from '../../src/server/http/endpoints/search';
import { MAX_PHOTOS } from '../../src/shared/contracts/photos';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { addImage } from '../helpers/factories';
import { loggedInMember } from '../helpers/session';

const { ctx } = useTestContext();
const PATH = '/api/profileimage.php';

const list = (cookie?: string) => callApi(ctx(), profileImageEndpoint, PATH, { cookie });
const remove = (cookie: string | undefined, body: unknown) =>
  callApi(ctx(), profileImageEndpoint, PATH, { method: 'DELETE', body, cookie });
const arrange = (cookie: string | undefined, body: unknown) =>
  callApi(ctx(), profileImageEndpoint, PATH, { method: 'PUT', body, cookie });

let pngBytes: Buffer | null = null;
async function upload(cookie: string) {
  pngBytes ??= await sharp({ create: { width: 60, height: 80, channels: 3, background: '#a05070' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pngBytes)], { type: 'image/png' }), 'p.png');
  const request = new Request(`http://localhost:4321${PATH}`, { method: 'POST', body: form });
  return callApi(ctx(), profileImageEndpoint, PATH, {
    method: 'POST',
    rawBody: Buffer.from(await request.arrayBuffer()) as unknown as string,
    headers: { 'content-type': request.headers.get('content-type')! },
    cookie,
  });
}

/** A member with three uploaded photos (real files in storage); ids in upload order. */
async function memberWithPhotos(name: string) {
  const member = await loggedInMember(ctx(), name);
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) ids.push((await upload(member.cookie)).json.image.id);
  return { ...member, ids };
}
const order = (json: { photos: { id: number }[] }) => json.photos.map((photo) => photo.id);

describe('photos of /profile (docs/product.md §10 Photos)', () => {
  it('lists the own photos in order with the main flag and the limit', async () => {
    const { cookie, ids } = await memberWithPhotos('Lena');
    const { status, json } = await list(cookie);
    expect(status).toBe(200);
    expect(order(json)).toEqual(ids);
    expect(json.main_image_id).toBe(ids[0]);
    expect(json.max_photos).toBe(MAX_PHOTOS);
    expect(json.photos.map((p: { is_main: boolean }) => p.is_main)).toEqual([true, false, false]);
    expect(json.photos.map((p: { position: number }) => p.position)).toEqual([0, 1, 2]);
  });

  it('reorders and sets the main photo; the public profile opens with the main photo', async () => {
    const { cookie, ids, id } = await memberWithPhotos('Mia');
    const [a, b, c] = ids as [number, number, number];
    const moved = await arrange(cookie, { order: [c, a] });
    expect(moved.status).toBe(200);
    expect(order(moved.json)).toEqual([c, a, b]);
    const main = await arrange(cookie, { main: b });
    expect(main.json.main_image_id).toBe(b);
    expect(order(main.json)).toEqual([c, a, b]);
    const viewer = await loggedInMember(ctx(), 'Viewer');
    const seen = await callApi(ctx(), profileEndpoint, '/api/profile.php', { query: { id }, cookie: viewer.cookie });
    expect(seen.json.profile.main_image.id).toBe(b);
    expect(seen.json.profile.images.map((image: { id: number }) => image.id)).toEqual([b, c, a]);
  });

  it('deletes a photo with its files; the next photo becomes main, then none', async () => {
    const { cookie, ids, id } = await memberWithPhotos('Nora');
    const [a, b, c] = ids as [number, number, number];
    const [row] = await ctx().db.select().from(images).where(eq(images.id, a));
    expect(await ctx().storage.exists(row!.filename)).toBe(true);
    const gone = await remove(cookie, { image: a });
    expect(gone.status).toBe(200);
    expect(order(gone.json)).toEqual([b, c]);
    expect(gone.json.main_image_id).toBe(b);
    expect(gone.json.photos.map((p: { position: number }) => p.position)).toEqual([0, 1]);
    expect(await ctx().storage.exists(row!.filename)).toBe(false);
    expect(await ctx().storage.exists(row!.thumbFilename)).toBe(false);
    await remove(cookie, { image: c });
    const last = await remove(cookie, { image: b });
    expect(last.json).toMatchObject({ photos: [], main_image_id: null });
    const [profile] = await ctx().db.select().from(profiles).where(eq(profiles.id, id));
    expect(profile!.mainImageId).toBeNull();
    expect((await remove(cookie, { image: b })).status).toBe(404);
  });

  it('refuses a 13th photo with photo_limit_reached and keeps no file of it', async () => {
    const member = await loggedInMember(ctx(), 'Olga');
    for (let i = 0; i < MAX_PHOTOS - 1; i++) await addImage(ctx(), member.id, i);
    expect((await upload(member.cookie)).status).toBe(200);
    const refused = await upload(member.cookie);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({ code: 'photo_limit_reached', message: 'photos.limit_reached' });
    expect(await ctx().db.select().from(images).where(eq(images.profileId, member.id))).toHaveLength(MAX_PHOTOS);
  });

  it("never lets a member list, arrange or delete another member's photos", async () => {
    const owner = await memberWithPhotos('Pia');
    const other = await loggedInMember(ctx(), 'Quinn');
    const mine = await addImage(ctx(), other.id, 0);
    expect((await list(other.cookie)).json.photos.map((p: { id: number }) => p.id)).toEqual([mine]);
    expect((await remove(other.cookie, { image: owner.ids[0] })).status).toBe(404);
    const reorder = await arrange(other.cookie, { order: [owner.ids[2], mine] });
    expect(reorder.status).toBe(404);
    expect(reorder.json.error.code).toBe('not_found');
    expect((await arrange(other.cookie, { main: owner.ids[1] })).status).toBe(404);
    const [profile] = await ctx().db.select().from(profiles).where(eq(profiles.id, owner.id));
    expect(profile!.mainImageId).toBe(owner.ids[0]);
    expect(order((await list(owner.cookie)).json)).toEqual(owner.ids);
  });

  it('answers a visitor with not_logged_in for every operation', async () => {
    const owner = await memberWithPhotos('Rosa');
    for (const answer of [
      await list(undefined),
      await remove(undefined, { image: owner.ids[0] }),
      await arrange(undefined, { main: owner.ids[1] }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.json.error.code).toBe('not_logged_in');
    }
    expect(await ctx().db.select().from(images).where(eq(images.profileId, owner.id))).toHaveLength(3);
  });

  it('refuses bad bodies with validation_failed and changes nothing', async () => {
    const { cookie, ids } = await memberWithPhotos('Sara');
    const cases = [{}, { order: [ids[0], ids[0]] }, { order: 'x' }, { main: -1 }, { main: ids[0], extra: 1 }];
    for (const body of cases) {
      const answer = await arrange(cookie, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.json.error.code).toBe('validation_failed');
    }
    expect((await arrange(cookie, {})).json.error.issues[0].message).toBe('validation.required');
    expect((await arrange(cookie, { order: [ids[1], ids[1]] })).json.error.issues[0].message).toBe(
      'photos.duplicate_ids',
    );
    expect((await remove(cookie, { image: 'first' })).status).toBe(422);
    expect(order((await list(cookie)).json)).toEqual(ids);
  });
});
