/**
 * S3-compatible storage (docs/architecture.md §5): src/server/storage/s3-storage.ts against a real
 * S3 API (s3rver on 127.0.0.1, tests/helpers/s3-stand-in.ts), and the app with its storage in
 * the bucket: photos uploaded, served by /media and deleted, a data export stored and downloaded,
 * and an account deletion, all through the real endpoints. The S3_* variables: s3-config.test.ts.
 */
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { settleExportBuilds } from '../../src/server/account/build-export';
import { dataExports, images } from '../../src/server/db/schema';
import { accountEndpoint } from '../../src/server/http/endpoints/account';
import { dataExportEndpoint } from '../../src/server/http/endpoints/data-export';
import { profileImageEndpoint } from '../../src/server/http/endpoints/profile-image';
import { exportDownloadResponse } from '../../src/server/http/export-download';
import { mediaResponse } from '../../src/server/http/media';
import type { S3Config } from '../../src/server/storage/s3-config';
import { createS3Storage, type S3Storage } from '../../src/server/storage/s3-storage';
import { callApi, ORIGIN } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { MEMBER_PASSWORD } from '../helpers/factories';
import { S3_STAND_IN_CREDENTIALS, useS3StandIn } from '../helpers/s3-stand-in';
import { loggedInMember } from '../helpers/session';

const s3 = useS3StandIn();
// The app's configuration is made from the S3_* variables, as in production.
const harness = useTestContext(() => s3().env);
const ctx = () => harness.ctx();

beforeEach(async () => {
  await s3().empty();
});

afterAll(() => {
  // Hooks after tests run last-registered first: the app's S3 connections close before the stand-in.
  try {
    (ctx().storage as S3Storage).destroy();
  } catch {
    // no test made a context
  }
});

const YEAR_CACHE = 'public, max-age=31536000, immutable';
const configOf = (overrides: Partial<S3Config> = {}): S3Config => ({
  endpoint: s3().url,
  bucket: s3().bucket,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { ...S3_STAND_IN_CREDENTIALS },
  ...overrides,
});

describe('createS3Storage against an S3 API', () => {
  let storage: S3Storage;
  beforeAll(() => {
    storage = createS3Storage(configOf());
  });
  afterAll(() => storage.destroy());

  it('puts, gets, tells and deletes a file; a second put replaces it', async () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 251, 252, 13, 10]);
    await storage.put('u/7/abc.webp', bytes);
    expect(await s3().keys()).toEqual(['u/7/abc.webp']);
    expect(await storage.get('u/7/abc.webp')).toEqual(bytes);
    expect(await storage.exists('u/7/abc.webp')).toBe(true);

    const larger = new Uint8Array(300_000).map((_, i) => (i * 31) % 256);
    await storage.put('u/7/abc.webp', larger);
    expect(await storage.get('u/7/abc.webp')).toEqual(larger);
    expect(await s3().bytes('u/7/abc.webp')).toEqual(larger);

    // A view into a larger buffer (as Buffer pools and sharp hand out) stores only its own bytes.
    const view = new Uint8Array(larger.buffer, 1_000, 4_096);
    await storage.put('u/7/view.webp', view);
    expect(await s3().bytes('u/7/view.webp')).toEqual(larger.slice(1_000, 5_096));
    await storage.delete('u/7/view.webp');

    await storage.delete('u/7/abc.webp');
    expect(await storage.exists('u/7/abc.webp')).toBe(false);
    expect(await storage.get('u/7/abc.webp')).toBeNull();
    expect(await s3().keys()).toEqual([]);
  });

  it('answers a missing key with null and false, and deletes it without complaint', async () => {
    await storage.put('u/1/kept.webp', new Uint8Array([1]));
    expect(await storage.get('u/1/missing.webp')).toBeNull();
    expect(await storage.exists('u/1/missing.webp')).toBe(false);
    await expect(storage.delete('u/1/missing.webp')).resolves.toBeUndefined();
    await storage.delete('u/1/kept.webp');
    await expect(storage.delete('u/1/kept.webp')).resolves.toBeUndefined();
    expect(await s3().keys()).toEqual([]);
  });

  it('refuses to put an unsafe key and writes nothing; reading one finds nothing', async () => {
    await storage.put('x', new Uint8Array([7]));
    for (const key of ['../x', '/abs', 'a//b', 'a/../x', './x', 'a/', '', 'a b.webp', '%2e%2e/x']) {
      await expect(storage.put(key, new Uint8Array([1, 2, 3])), key).rejects.toThrow(/Unsafe storage key/);
      expect(await storage.get(key), key).toBeNull();
      expect(await storage.exists(key), key).toBe(false);
      await storage.delete(key);
    }
    expect(await s3().keys()).toEqual(['x']);
    expect(await s3().bytes('x')).toEqual(new Uint8Array([7]));
  });

  it('stores the Content-Type of the extension, and a year-long Cache-Control for images and video only', async () => {
    const expected: [string, string, string][] = [
      ['u/1/a.webp', 'image/webp', YEAR_CACHE],
      ['u/1/b.JPG', 'image/jpeg', YEAR_CACHE],
      ['landers/hero.webm', 'video/webm', YEAR_CACHE],
      ['p/1.png', 'image/png', YEAR_CACHE],
      ['exports/1-abc.zip', 'application/zip', 'private, no-store'],
      ['notes/a.json', 'application/json', 'private, no-store'],
      ['misc/blob', 'application/octet-stream', 'private, no-store'],
    ];
    for (const [key] of expected) await storage.put(key, new Uint8Array([1, 2, 3, 4]));
    for (const [key, type, cache] of expected) {
      const head = await s3().head(key);
      expect([head.ContentType, head.CacheControl, head.ContentLength], key).toEqual([type, cache, 4]);
    }
    // A CDN or browser reading the bucket itself sees the same headers.
    const served = await fetch(`${s3().url}/${s3().bucket}/u/1/a.webp`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe(YEAR_CACHE);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3, 4]));
  });

  it('throws for a missing bucket instead of answering null', async () => {
    const lost = createS3Storage(configOf({ bucket: 'no-such-bucket' }));
    try {
      await expect(lost.get('u/1/a.webp')).rejects.toMatchObject({ name: 'NoSuchBucket' });
      await expect(lost.put('u/1/a.webp', new Uint8Array([1]))).rejects.toMatchObject({ name: 'NoSuchBucket' });
      await expect(lost.delete('u/1/a.webp')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    } finally {
      lost.destroy();
    }
    expect(await s3().keys()).toEqual([]);
  });

  it('throws when the service cannot be reached instead of answering null or false', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const away = createS3Storage(configOf({ endpoint: `http://127.0.0.1:${port}` }));
    try {
      await expect(away.get('u/1/a.webp')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      await expect(away.exists('u/1/a.webp')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      await expect(away.delete('u/1/a.webp')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    } finally {
      away.destroy();
    }
  });

  it('signs with the configured keys: a wrong secret is refused and stores nothing', async () => {
    const wrong = createS3Storage(
      configOf({
        credentials: { accessKeyId: S3_STAND_IN_CREDENTIALS.accessKeyId, secretAccessKey: 'not-the-secret' },
      }),
    );
    try {
      await expect(wrong.put('u/1/a.webp', new Uint8Array([1]))).rejects.toMatchObject({
        name: 'SignatureDoesNotMatch',
      });
      await expect(wrong.get('u/1/a.webp')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    } finally {
      wrong.destroy();
    }
    expect(await s3().keys()).toEqual([]);
  });
});

describe('the app with its storage in the bucket', () => {
  const PHOTO_PATH = '/api/profileimage.php';

  async function upload(cookie: string, background: string): Promise<number> {
    const png = await sharp({ create: { width: 400, height: 500, channels: 3, background } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const request = new Request(`${ORIGIN}${PHOTO_PATH}`, { method: 'POST', body: form });
    const uploaded = await callApi(ctx(), profileImageEndpoint, PHOTO_PATH, {
      method: 'POST',
      rawBody: Buffer.from(await request.arrayBuffer()) as unknown as string,
      headers: { 'content-type': request.headers.get('content-type')! },
      cookie,
    });
    expect(uploaded.status).toBe(200);
    return uploaded.json.image.id as number;
  }
  const photoKeys = async (profileId: number) =>
    (await ctx().db.select().from(images).where(eq(images.profileId, profileId)))
      .flatMap((row) => [row.filename, row.thumbFilename])
      .sort();
  const exportApi = (cookie: string, action?: 'request' | 'link') =>
    callApi(ctx(), dataExportEndpoint, '/api/data_export.php', {
      method: action ? 'POST' : 'GET',
      query: action ? { action } : {},
      cookie,
    });

  it('is configured from the S3_* variables', () => {
    expect(ctx().config.s3).toMatchObject({ endpoint: s3().url, bucket: s3().bucket, forcePathStyle: true });
  });

  it('stores an uploaded photo and its thumbnail in the bucket, and /media serves them from there', async () => {
    const lena = await loggedInMember(ctx(), 'Lena');
    await upload(lena.cookie, '#a05070');
    const keys = await photoKeys(lena.id);
    expect(keys).toHaveLength(2);
    expect(await s3().keys()).toEqual(keys);
    // Nothing went to the local disk (other files of this worker share its data folder, so look for these keys).
    for (const key of keys) expect(fs.existsSync(path.join(ctx().config.dataDir, 'uploads', key))).toBe(false);

    const [row] = await ctx().db.select().from(images).where(eq(images.profileId, lena.id));
    for (const key of keys) {
      const head = await s3().head(key);
      expect([head.ContentType, head.CacheControl]).toEqual(['image/webp', YEAR_CACHE]);
      const stored = await s3().bytes(key);
      const response = await mediaResponse(ctx(), key, new Request(`${ORIGIN}/media/${key}`));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      const served = new Uint8Array(await response.arrayBuffer());
      expect(served).toEqual(stored);
      const metadata = await sharp(served).metadata();
      expect(metadata.format).toBe('webp');
      if (key === row!.filename) expect([metadata.width, metadata.height]).toEqual([row!.width, row!.height]);

      const again = await mediaResponse(
        ctx(),
        key,
        new Request(`${ORIGIN}/media/${key}`, { headers: { 'if-none-match': response.headers.get('etag')! } }),
      );
      expect(again.status).toBe(304);
    }
    const missing = await mediaResponse(ctx(), `u/${lena.id}/nothere.webp`, new Request(`${ORIGIN}/media/x`));
    expect(missing.status).toBe(404);
  });

  it("deleting a photo through the endpoint removes its objects and keeps the other photo's", async () => {
    const mia = await loggedInMember(ctx(), 'Mia');
    const first = await upload(mia.cookie, '#102030');
    const firstKeys = await photoKeys(mia.id);
    await upload(mia.cookie, '#304050');
    const allKeys = await photoKeys(mia.id);
    const secondKeys = allKeys.filter((key) => !firstKeys.includes(key));
    expect(await s3().keys()).toEqual(allKeys);
    expect(secondKeys).toHaveLength(2);

    const gone = await callApi(ctx(), profileImageEndpoint, PHOTO_PATH, {
      method: 'DELETE',
      body: { image: first },
      cookie: mia.cookie,
    });
    expect(gone.status).toBe(200);
    expect(await s3().keys()).toEqual(secondKeys);
    for (const key of firstKeys) {
      expect(await ctx().storage.exists(key)).toBe(false);
      expect((await mediaResponse(ctx(), key, new Request(`${ORIGIN}/media/${key}`))).status).toBe(404);
    }
  });

  it('stores a data export ZIP in the bucket and downloads it from there', async () => {
    const anna = await loggedInMember(ctx(), 'Anna');
    await upload(anna.cookie, '#c06080');
    expect((await exportApi(anna.cookie, 'request')).status).toBe(200);
    await settleExportBuilds();
    expect((await exportApi(anna.cookie)).json.export).toMatchObject({ status: 'ready' });

    const [row] = await ctx().db.select().from(dataExports).where(eq(dataExports.userId, anna.id));
    const zipKey = row!.fileKey!;
    expect(zipKey).toMatch(new RegExp(`^exports/${anna.id}-[0-9a-f]{32}\\.zip$`));
    expect(await s3().keys()).toEqual([...(await photoKeys(anna.id)), zipKey].sort());
    const head = await s3().head(zipKey);
    expect([head.ContentType, head.CacheControl, head.ContentLength]).toEqual([
      'application/zip',
      'private, no-store',
      row!.sizeBytes,
    ]);

    const { url } = (await exportApi(anna.cookie, 'link')).json;
    const download = await exportDownloadResponse(
      ctx(),
      new Request(new URL(url, ORIGIN), { headers: { cookie: anna.cookie } }),
    );
    expect(download.status).toBe(200);
    const zip = new Uint8Array(await download.arrayBuffer());
    expect(zip).toEqual(await s3().bytes(zipKey));
    expect(Buffer.from(zip.subarray(0, 2)).toString('latin1')).toBe('PK');
    // The photo inside the ZIP was read back from the bucket.
    const photo = await s3().bytes((await photoKeys(anna.id)).find((key) => !key.endsWith('-thumb.webp'))!);
    expect(Buffer.from(zip).includes(Buffer.from(photo))).toBe(true);
  });

  it("account deletion removes every object of the member's, and only those", async () => {
    const xena = await loggedInMember(ctx(), 'Xena');
    const yves = await loggedInMember(ctx(), 'Yves');
    await upload(xena.cookie, '#aa0000');
    await upload(xena.cookie, '#00aa00');
    await upload(yves.cookie, '#0000aa');
    expect((await exportApi(xena.cookie, 'request')).status).toBe(200);
    await settleExportBuilds();
    const [row] = await ctx().db.select().from(dataExports).where(eq(dataExports.userId, xena.id));
    const xenaKeys = [...(await photoKeys(xena.id)), row!.fileKey!];
    expect(xenaKeys).toHaveLength(5);
    const yvesKeys = await photoKeys(yves.id);
    expect(await s3().keys()).toEqual([...xenaKeys, ...yvesKeys].sort());

    const deleted = await callApi(ctx(), accountEndpoint, '/api/account.php', {
      method: 'DELETE',
      body: { password: MEMBER_PASSWORD, reason: 'privacy' },
      cookie: xena.cookie,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ deleted: true });
    expect(await s3().keys()).toEqual(yvesKeys);
    expect(await s3().keys(`u/${xena.id}/`)).toEqual([]);
    expect(await s3().keys(`exports/${xena.id}-`)).toEqual([]);
  });
});
