import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { images, rateLimits } from '../../src/server/db/schema';
import { profileImageEndpoint } from '../../src/server/http/endpoints/profile-image';
import { DECODE_QUEUE_MAX_WAITING } from '../../src/server/media/decode-queue';
import { MAX_PHOTOS } from '../../src/shared/contracts/photos';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { addImage } from '../helpers/factories';
import { loggedInMember } from '../helpers/session';

// 1 MB a day and one decode at a time, so the limits show with small images.
const { ctx, clock } = useTestContext({ UPLOAD_MB_PER_MEMBER_PER_DAY: '1', IMAGE_DECODE_CONCURRENCY: '1' });
const PATH = '/api/profileimage.php';

async function upload(cookie: string, bytes: Uint8Array, type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'p');
  const request = new Request(`http://localhost:4321${PATH}`, { method: 'POST', body: form });
  return callApi(ctx(), profileImageEndpoint, PATH, {
    method: 'POST',
    rawBody: Buffer.from(await request.arrayBuffer()) as unknown as string,
    headers: { 'content-type': request.headers.get('content-type')! },
    cookie,
  });
}

/** A PNG of noise: it does not compress, so its size is known (≈ 400 × 400 × 3 bytes). */
function noisePng(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 400,
      height: 400,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 50 + seed },
    },
  })
    .png()
    .toBuffer();
}

const photosOf = (id: number) => ctx().db.select().from(images).where(eq(images.profileId, id));
const usedBytes = async (id: number) =>
  (
    await ctx()
      .db.select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `uploadBytes:user:${id}`))
  )[0]?.count ?? 0;

/** Holds decode slots of the context's queue until `release()`. */
function holdDecodeSlots(count: number) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = Array.from({ length: count }, () => ctx().imageDecodes.run(() => gate));
  return {
    release: async () => {
      release();
      await Promise.all(held);
    },
  };
}
let holder: ReturnType<typeof holdDecodeSlots> | null = null;
afterEach(async () => {
  await holder?.release();
  holder = null;
});

describe('upload bytes per member per day (docs/product.md §10 Photos)', () => {
  it('refuses uploads past the daily bytes with rate_limited until the next UTC day', async () => {
    const member = await loggedInMember(ctx(), 'Uma');
    const other = await loggedInMember(ctx(), 'Vera');
    const files = await Promise.all([0, 1, 2].map(noisePng));
    expect(files[0]!.byteLength + files[1]!.byteLength).toBeLessThan(1024 * 1024);
    expect(files[0]!.byteLength + files[1]!.byteLength + files[2]!.byteLength).toBeGreaterThan(1024 * 1024);
    expect((await upload(member.cookie, files[0]!)).status).toBe(200);
    expect((await upload(member.cookie, files[1]!)).status).toBe(200);

    const refused = await upload(member.cookie, files[2]!);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toMatchObject({ code: 'rate_limited', message: 'upload.daily_limit' });
    // The test clock stands at 12:00 UTC: the allowance comes back at midnight.
    expect(refused.response.headers.get('retry-after')).toBe(String(12 * 3600));
    expect(await photosOf(member.id)).toHaveLength(2);
    // A refused upload is not counted: a smaller one still fits.
    const used = await usedBytes(member.id);
    expect(used).toBe(files[0]!.byteLength + files[1]!.byteLength);

    expect((await upload(other.cookie, files[2]!)).status).toBe(200);
    clock.set('2026-11-22T00:00:01Z');
    expect((await upload(member.cookie, files[2]!)).status).toBe(200);
    expect(await photosOf(member.id)).toHaveLength(3);
  });

  it('counts what is stored when the re-encoded photo is larger than the upload', async () => {
    const member = await loggedInMember(ctx(), 'Wanda');
    // A 40 KB JPEG of noise at the lowest quality re-encodes to several times its size.
    const small = await sharp({
      create: {
        width: 1600,
        height: 1600,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 80 },
      },
    })
      .jpeg({ quality: 1 })
      .toBuffer();
    const answer = await upload(member.cookie, small, 'image/jpeg');
    expect(answer.status).toBe(200);
    const full = await ctx().storage.get(answer.json.image.filename);
    const thumb = await ctx().storage.get(answer.json.image.thumb_filename);
    const stored = full!.byteLength + thumb!.byteLength;
    expect(stored).toBeGreaterThan(small.byteLength);
    expect(await usedBytes(member.id)).toBe(stored);
  });
});

describe('decode queue (docs/product.md §10 Photos)', () => {
  it('decodes an upload only when a decode slot is free', async () => {
    const member = await loggedInMember(ctx(), 'Xenia');
    const png = await noisePng(0);
    holder = holdDecodeSlots(1);
    let answered = false;
    const pending = upload(member.cookie, png).then((answer) => ((answered = true), answer));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(answered).toBe(false);
    expect(ctx().imageDecodes.load()).toEqual({ active: 1, waiting: 1 });
    expect(await photosOf(member.id)).toHaveLength(0);
    await holder.release();
    holder = null;
    expect((await pending).status).toBe(200);
    expect(await photosOf(member.id)).toHaveLength(1);
  });

  it('refuses an upload as busy while the queue is full, without counting its bytes', async () => {
    const member = await loggedInMember(ctx(), 'Yara');
    const png = await noisePng(1);
    holder = holdDecodeSlots(1 + DECODE_QUEUE_MAX_WAITING);
    const refused = await upload(member.cookie, png);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toMatchObject({ code: 'rate_limited', message: 'upload.busy' });
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await usedBytes(member.id)).toBe(0);
    await holder.release();
    holder = null;
    expect((await upload(member.cookie, png)).status).toBe(200);
  });

  it('refuses a file that is no photo before it waits or counts', async () => {
    const member = await loggedInMember(ctx(), 'Zoe');
    holder = holdDecodeSlots(1 + DECODE_QUEUE_MAX_WAITING);
    const text = await upload(member.cookie, Buffer.from('not a photo at all'), 'image/jpeg');
    expect(text.status).toBe(415);
    expect(await usedBytes(member.id)).toBe(0);
  });
});

describe('photos per member (docs/product.md §10 Photos)', () => {
  it('lets parallel uploads into the last free place add one photo only', async () => {
    const member = await loggedInMember(ctx(), 'Alma');
    for (let i = 0; i < MAX_PHOTOS - 1; i++) await addImage(ctx(), member.id, i);
    const png = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#a05070' } })
      .png()
      .toBuffer();
    const answers = await Promise.all([1, 2, 3].map(() => upload(member.cookie, png)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.json.error.code)).toEqual([
      'photo_limit_reached',
      'photo_limit_reached',
    ]);
    expect(await photosOf(member.id)).toHaveLength(MAX_PHOTOS);
  });
});
