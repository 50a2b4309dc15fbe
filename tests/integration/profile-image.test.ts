import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { images, profiles } from '../../src/server/db/schema';
import { profileImageEndpoint } from '../../src/server/http/endpoints/profile-image';
import { userEndpoint } from '../../src/server/http/endpoints/user';
import { callApi, sessionCookieFrom } from '../helpers/api';
import { useTestContext } from '../helpers/context';

const { ctx } = useTestContext();

async function member(): Promise<{ cookie: string; id: number }> {
  const created = await callApi(ctx(), userEndpoint, '/api/user.php', {
    method: 'POST',
    query: { new: 1 },
    body: {
      email: `i${Math.random().toString(36).slice(2)}@example.com`,
      name: 'Ida',
      password: 'secret-pass',
      language: 'en',
    },
  });
  return { cookie: sessionCookieFrom(created.cookies), id: created.json.user.profile.id };
}

async function upload(cookie: string | undefined, files: { bytes: Uint8Array; name: string; type: string }[]) {
  const form = new FormData();
  for (const file of files) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request('http://localhost:4321/api/profileimage.php', { method: 'POST', body: form });
  const headers: Record<string, string> = { 'content-type': request.headers.get('content-type')! };
  return callApi(ctx(), profileImageEndpoint, '/api/profileimage.php', {
    method: 'POST',
    rawBody: Buffer.from(await request.arrayBuffer()) as unknown as string,
    headers,
    cookie,
  });
}

/** A tiny PNG whose header claims width × height: a decompression bomb if anyone decoded it. */
function pngClaiming(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function jpegWithGps(): Promise<Uint8Array> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#c06080' } })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Spy 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 54/1 0/1' },
    })
    .jpeg()
    .toBuffer();
}

describe('POST /api/profileimage.php', () => {
  it('stores a re-encoded photo without EXIF/GPS, a thumbnail, and makes the first one main', async () => {
    const { cookie, id } = await member();
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const first = await upload(cookie, [{ bytes: original, name: 'me.jpg', type: 'image/jpeg' }]);
    expect(first.status).toBe(200);
    expect(first.json.main_image_id).toBe(first.json.image.id);
    const stored = await ctx().storage.get(first.json.image.filename);
    const metadata = await sharp(stored!).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(Buffer.from(stored!).includes(Buffer.from('TestCam'))).toBe(false);
    const thumb = await sharp((await ctx().storage.get(first.json.image.thumb_filename))!).metadata();
    expect([thumb.width, thumb.height]).toEqual([480, 600]);

    const second = await upload(cookie, [
      {
        bytes: await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
        name: 'b.png',
        type: 'image/png',
      },
    ]);
    expect(second.json.main_image_id).toBe(first.json.image.id);
    const [profile] = await ctx().db.select().from(profiles).where(eq(profiles.id, id));
    expect(profile!.mainImageId).toBe(first.json.image.id);
  });

  it('refuses a PNG decompression bomb (20000 × 20000) before decoding', async () => {
    const { cookie } = await member();
    const bomb = pngClaiming(20_000, 20_000);
    expect(bomb.byteLength).toBeLessThan(2000);
    const result = await upload(cookie, [{ bytes: bomb, name: 'bomb.png', type: 'image/png' }]);
    expect(result.status).toBe(413);
    expect(result.json.error.message).toBe('upload.too_many_pixels');
    expect(await ctx().db.select().from(images)).toHaveLength(0);
  });

  it('refuses a text file renamed .jpg, and files over 10 MB', async () => {
    const { cookie } = await member();
    const text = await upload(cookie, [
      { bytes: Buffer.from('just some text, not a photo'), name: 'photo.jpg', type: 'image/jpeg' },
    ]);
    expect(text.status).toBe(415);
    expect(text.json.error.message).toBe('upload.not_an_image');
    const big = await upload(cookie, [
      { bytes: Buffer.alloc(10 * 1024 * 1024 + 1), name: 'big.jpg', type: 'image/jpeg' },
    ]);
    expect(big.status).toBe(413);
    expect(await ctx().db.select().from(images)).toHaveLength(0);
  });

  it('needs a login, exactly one file, and multipart', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await upload(undefined, [{ bytes: png, name: 'a.png', type: 'image/png' }])).status).toBe(403);
    const { cookie } = await member();
    const two = await upload(cookie, [
      { bytes: png, name: 'a.png', type: 'image/png' },
      { bytes: png, name: 'b.png', type: 'image/png' },
    ]);
    expect(two.status).toBe(422);
    const json = await callApi(ctx(), profileImageEndpoint, '/api/profileimage.php', {
      method: 'POST',
      body: { file: 'x' },
      cookie,
    });
    expect(json.status).toBe(415);
  });
});
