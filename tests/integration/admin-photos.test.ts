import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auditLog, images, profiles, type PhotoScreening } from '../../src/server/db/schema';
import { profileImageEndpoint } from '../../src/server/http/endpoints/profile-image';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { createMember } from '../helpers/factories';
import { callAdmin, loggedInOperator } from '../helpers/operators';
import { loggedInMember } from '../helpers/session';

const { ctx, clock } = useTestContext();
const PHOTOS = '/admin/api/photos';

let pngBytes: Buffer | null = null;
/** Uploads a real photo for the member through the member API (stored files, `pending`); its id. */
async function upload(cookie: string): Promise<number> {
  pngBytes ??= await sharp({ create: { width: 60, height: 80, channels: 3, background: '#5070a0' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pngBytes)], { type: 'image/png' }), 'p.png');
  const request = new Request('http://localhost:4321/api/profileimage.php', { method: 'POST', body: form });
  const answer = await callApi(ctx(), profileImageEndpoint, '/api/profileimage.php', {
    method: 'POST',
    rawBody: Buffer.from(await request.arrayBuffer()) as unknown as string,
    headers: { 'content-type': request.headers.get('content-type')! },
    cookie,
  });
  expect(answer.status).toBe(200);
  return answer.json.image.id as number;
}

/** A photo row waiting for review, uploaded `minutesAgo` before the test clock. */
async function pendingPhoto(
  profileId: number,
  options: { minutesAgo: number; priority?: number; screening?: PhotoScreening; nudity?: boolean },
): Promise<number> {
  const [row] = await ctx()
    .db.insert(images)
    .values({
      profileId,
      filename: `u/${profileId}/${options.minutesAgo}.webp`,
      thumbFilename: `u/${profileId}/${options.minutesAgo}-thumb.webp`,
      width: 400,
      height: 500,
      createdAt: new Date(clock.now().getTime() - options.minutesAgo * 60_000),
      reviewStatus: 'pending',
      reviewPriority: options.priority ?? 0,
      screening: options.screening ?? null,
      nudity: options.nudity ?? false,
    })
    .returning({ id: images.id });
  return row!.id;
}

const photoAudit = () =>
  ctx().db.select().from(auditLog).where(eq(auditLog.objectType, 'photo')).orderBy(asc(auditLog.id));
const photoRow = async (id: number) => (await ctx().db.select().from(images).where(eq(images.id, id)))[0];

describe('photo review queue (docs/product.md §13 Photo review)', () => {
  it('lists pending photos by review priority, then oldest first, keyset-paged, with member, site and screening', async () => {
    const op = await loggedInOperator(ctx(), 'moderator');
    const lena = await createMember(ctx(), { name: 'Lena' });
    const mia = await createMember(ctx(), { name: 'Mia', site: 'flirtbox' });
    const normalOld = await pendingPhoto(lena, { minutesAgo: 300 });
    const urgentNew = await pendingPhoto(mia, {
      minutesAgo: 5,
      priority: 2,
      nudity: true,
      screening: {
        nsfw: { Porn: 0.8, Hentai: 0.12, Sexy: 0.05, Neutral: 0.02, Drawing: 0.01 },
        faces: 1,
        youngestAge: 19,
        ms: 80,
        model: 'test',
      },
    });
    const noFace = await pendingPhoto(lena, {
      minutesAgo: 50,
      priority: 1,
      screening: { nsfw: { Neutral: 0.9 }, faces: 0, youngestAge: null, ms: 60, model: 'test' },
    });
    const urgentOld = await pendingPhoto(lena, { minutesAgo: 100, priority: 2 });
    const normalNew = await pendingPhoto(mia, { minutesAgo: 10 });
    await ctx()
      .db.insert(images)
      .values({ profileId: lena, filename: 'a.webp', thumbFilename: 'a-t.webp', width: 1, height: 1 });

    const all = await callAdmin(ctx(), PHOTOS, { cookie: op.cookie });
    expect(all.status).toBe(200);
    expect(all.json.photos.map((photo: { id: number }) => photo.id)).toEqual([
      urgentOld,
      urgentNew,
      noFace,
      normalOld,
      normalNew,
    ]);
    expect(all.json.total).toBe(5);
    expect(all.json.next).toBeNull();
    const urgent = all.json.photos[1];
    expect(urgent).toMatchObject({
      memberId: mia,
      memberName: 'Mia',
      site: 'flirtbox',
      siteName: 'Flirtbox',
      nudity: true,
      reviewPriority: 2,
    });
    expect(urgent.screening).toMatchObject({ scored: true, faces: 1, youngestAge: 19, looksUnderage: true });
    expect(urgent.screening.explicit).toBeCloseTo(0.92);
    expect(all.json.photos[2].screening).toMatchObject({ faces: 0, looksUnderage: false, explicit: 0 });
    expect(all.json.photos[0].screening).toBeNull();

    const seen: number[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < 5; pages++) {
      const page = await callAdmin(ctx(), PHOTOS, {
        cookie: op.cookie,
        query: { limit: 2, ...(after ? { after } : {}) },
      });
      expect(page.json.total).toBe(5);
      seen.push(...page.json.photos.map((photo: { id: number }) => photo.id));
      after = page.json.next ?? undefined;
      if (!after) break;
    }
    expect(seen).toEqual([urgentOld, urgentNew, noFace, normalOld, normalNew]);

    const flirtbox = await callAdmin(ctx(), PHOTOS, { cookie: op.cookie, query: { site: 'flirtbox' } });
    expect(flirtbox.json.photos.map((photo: { id: number }) => photo.id)).toEqual([urgentNew, normalNew]);
    expect(flirtbox.json.total).toBe(2);
    expect((await callAdmin(ctx(), PHOTOS, { cookie: op.cookie, query: { after: 'x' } })).status).toBe(422);
  });

  it('a page reviewed meanwhile does not make the next page skip a photo', async () => {
    const op = await loggedInOperator(ctx(), 'admin');
    const member = await createMember(ctx());
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await pendingPhoto(member, { minutesAgo: 100 - i }));
    const first = await callAdmin(ctx(), PHOTOS, { cookie: op.cookie, query: { limit: 2 } });
    await callAdmin(ctx(), `${PHOTOS}/approve`, { method: 'POST', cookie: op.cookie, body: { ids: ids.slice(0, 2) } });
    const second = await callAdmin(ctx(), PHOTOS, { cookie: op.cookie, query: { limit: 2, after: first.json.next } });
    expect(second.json.photos.map((photo: { id: number }) => photo.id)).toEqual(ids.slice(2));
    expect(second.json.total).toBe(2);
  });
});

describe('approving photos', () => {
  it('approves a pending photo once, audited; a second review is a conflict', async () => {
    const op = await loggedInOperator(ctx(), 'moderator');
    const member = await createMember(ctx());
    const photo = await pendingPhoto(member, { minutesAgo: 5 });

    const approved = await callAdmin(ctx(), `${PHOTOS}/${photo}/approve`, { method: 'POST', cookie: op.cookie });
    expect(approved.status).toBe(200);
    expect(approved.json).toEqual({ id: photo, reviewStatus: 'approved' });
    expect(await photoRow(photo)).toMatchObject({
      reviewStatus: 'approved',
      reviewedBy: op.id,
      reviewedAt: clock.now(),
    });
    expect((await callAdmin(ctx(), PHOTOS, { cookie: op.cookie })).json.photos).toEqual([]);

    const again = await callAdmin(ctx(), `${PHOTOS}/${photo}/approve`, { method: 'POST', cookie: op.cookie });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('conflict');
    const reject = await callAdmin(ctx(), `${PHOTOS}/${photo}/reject`, {
      method: 'POST',
      cookie: op.cookie,
      body: { reason: 'low_quality' },
    });
    expect(reject.status).toBe(409);
    expect(await photoRow(photo)).toMatchObject({ reviewStatus: 'approved' });
    expect((await callAdmin(ctx(), `${PHOTOS}/999999/approve`, { method: 'POST', cookie: op.cookie })).status).toBe(
      404,
    );

    const audit = await photoAudit();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'photo.approve',
      objectId: String(photo),
      operatorId: op.id,
      before: { reviewStatus: 'pending' },
      after: { reviewStatus: 'approved' },
    });
  });

  it('approves several at once, skipping those no longer pending', async () => {
    const op = await loggedInOperator(ctx(), 'moderator');
    const member = await createMember(ctx());
    const a = await pendingPhoto(member, { minutesAgo: 3 });
    const b = await pendingPhoto(member, { minutesAgo: 2 });
    const done = await pendingPhoto(member, { minutesAgo: 1 });
    await ctx().db.update(images).set({ reviewStatus: 'approved' }).where(eq(images.id, done));

    const bulk = await callAdmin(ctx(), `${PHOTOS}/approve`, {
      method: 'POST',
      cookie: op.cookie,
      body: { ids: [a, done, b, 999999] },
    });
    expect(bulk.status).toBe(200);
    expect(bulk.json).toEqual({ approved: [a, b], skipped: [done, 999999] });
    expect((await photoRow(a))!.reviewStatus).toBe('approved');
    expect((await photoRow(b))!.reviewStatus).toBe('approved');
    expect((await photoAudit()).map((row) => [row.action, row.objectId])).toEqual([
      ['photo.approve', String(a)],
      ['photo.approve', String(b)],
    ]);
    const empty = await callAdmin(ctx(), `${PHOTOS}/approve`, { method: 'POST', cookie: op.cookie, body: { ids: [] } });
    expect(empty.status).toBe(422);
  });
});

describe('rejecting photos', () => {
  it('removes the photo from the gallery and its files from storage; the next photo becomes main; audited', async () => {
    const op = await loggedInOperator(ctx(), 'moderator');
    const member = await loggedInMember(ctx(), 'Nora');
    const first = await upload(member.cookie);
    const second = await upload(member.cookie);
    const third = await upload(member.cookie);
    const files = await photoRow(first);
    expect(await ctx().storage.exists(files!.filename)).toBe(true);
    await ctx().db.update(images).set({ nudity: true }).where(eq(images.id, first));
    await ctx().db.update(profiles).set({ hasNudity: true }).where(eq(profiles.id, member.id));

    const rejected = await callAdmin(ctx(), `${PHOTOS}/${first}/reject`, {
      method: 'POST',
      cookie: op.cookie,
      body: { reason: 'nudity', note: 'explicit' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.json).toEqual({ id: first, reviewStatus: 'rejected' });

    expect(await photoRow(first)).toBeUndefined();
    expect(await ctx().storage.exists(files!.filename)).toBe(false);
    expect(await ctx().storage.exists(files!.thumbFilename)).toBe(false);
    const own = await callApi(ctx(), profileImageEndpoint, '/api/profileimage.php', { cookie: member.cookie });
    expect(own.json.photos.map((photo: { id: number; position: number }) => [photo.id, photo.position])).toEqual([
      [second, 0],
      [third, 1],
    ]);
    expect(own.json.main_image_id).toBe(second);
    const [profile] = await ctx().db.select().from(profiles).where(eq(profiles.id, member.id));
    expect(profile).toMatchObject({ mainImageId: second, hasNudity: false });
    expect(
      (await callAdmin(ctx(), PHOTOS, { cookie: op.cookie })).json.photos.map((p: { id: number }) => p.id),
    ).toEqual([second, third]);

    const audit = await photoAudit();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'photo.reject',
      objectId: String(first),
      operatorId: op.id,
      before: { reviewStatus: 'pending', memberId: member.id, nudity: true },
      after: { reviewStatus: 'rejected', rejectReason: 'nudity', note: 'explicit', removed: true },
    });
    const gone = await callAdmin(ctx(), `${PHOTOS}/${first}/reject`, {
      method: 'POST',
      cookie: op.cookie,
      body: { reason: 'nudity' },
    });
    expect(gone.status).toBe(404);
  });

  it('rejecting the only photo leaves the member without a main photo', async () => {
    const op = await loggedInOperator(ctx(), 'admin');
    const member = await loggedInMember(ctx(), 'Ida');
    const only = await upload(member.cookie);
    const rejected = await callAdmin(ctx(), `${PHOTOS}/${only}/reject`, {
      method: 'POST',
      cookie: op.cookie,
      body: { reason: 'not_a_person' },
    });
    expect(rejected.status).toBe(200);
    const [profile] = await ctx().db.select().from(profiles).where(eq(profiles.id, member.id));
    expect(profile!.mainImageId).toBeNull();
  });

  it('needs a known reason, and a note for "other"; nothing changes otherwise', async () => {
    const op = await loggedInOperator(ctx(), 'moderator');
    const member = await createMember(ctx());
    const photo = await pendingPhoto(member, { minutesAgo: 1 });
    const reject = (body: unknown) =>
      callAdmin(ctx(), `${PHOTOS}/${photo}/reject`, { method: 'POST', cookie: op.cookie, body });
    expect((await reject({ reason: 'ugly' })).status).toBe(422);
    const noNote = await reject({ reason: 'other' });
    expect(noNote.status).toBe(422);
    expect(noNote.json.error.issues[0].path).toBe('note');
    expect((await reject({ reason: 'other', note: '   ' })).status).toBe(422);
    expect(await photoRow(photo)).toMatchObject({ reviewStatus: 'pending' });
    expect(await photoAudit()).toEqual([]);
    expect((await reject({ reason: 'other', note: 'Screenshot of a chat' })).status).toBe(200);
  });
});

describe('roles', () => {
  it('support and finance may not review photos (403), and nothing changes', async () => {
    const member = await createMember(ctx());
    const photo = await pendingPhoto(member, { minutesAgo: 1 });
    for (const role of ['support', 'finance'] as const) {
      const op = await loggedInOperator(ctx(), role);
      const calls = [
        callAdmin(ctx(), PHOTOS, { cookie: op.cookie }),
        callAdmin(ctx(), `${PHOTOS}/${photo}/approve`, { method: 'POST', cookie: op.cookie }),
        callAdmin(ctx(), `${PHOTOS}/approve`, { method: 'POST', cookie: op.cookie, body: { ids: [photo] } }),
        callAdmin(ctx(), `${PHOTOS}/${photo}/reject`, {
          method: 'POST',
          cookie: op.cookie,
          body: { reason: 'other', note: 'x' },
        }),
      ];
      for (const answer of await Promise.all(calls)) {
        expect(answer.status).toBe(403);
        expect(answer.json.error.code).toBe('forbidden');
      }
    }
    expect(await photoRow(photo)).toMatchObject({ reviewStatus: 'pending' });
    expect(await photoAudit()).toEqual([]);
  });
});
