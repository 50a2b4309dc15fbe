import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import pLimit from 'p-limit';
import { z } from 'zod';
import type { SiteConfig } from '../../platform/sites/site-config';
import type { S3Config } from '../../storage/s3-config';
import { s3ClientFor } from '../../storage/s3-storage';
import { buildLanderCdnRoot, readCdnManifest, type CdnFile } from './cdn-root';

/**
 * Uploading a built CDN root (cdn-root.ts) to the bucket a CDN serves at `landers_url`
 * (docs/architecture.md §3 Landers on a CDN). Order matters, so a visitor never gets a page whose
 * assets are missing:
 * 1. content-hashed assets (and their precompressed variants) that the bucket lacks;
 * 2. then the pages (each page's `.br`/`.gz` variants before its plain object);
 * 3. then the clean-up: an object no longer in the build is only deleted once it has been
 *    unreferenced for `graceDays` (a page cached before the publish, up to its max-age at the CDN
 *    and in browsers, still finds its assets), counted from the first publish that no longer had it.
 * A file whose bytes the bucket already holds (its ETag is the MD5 of a single-part upload) is not
 * uploaded again, so publishing the same build twice uploads nothing.
 */

/** The bucket object that remembers since when each unreferenced object has been unreferenced. */
export const PUBLISH_STATE_KEY = '.publish/state.json';
/** Default days an unreferenced object stays in the bucket. */
export const DEFAULT_GRACE_DAYS = 7;
const UPLOAD_CONCURRENCY = 8;

const stateSchema = z.object({
  site: z.string(),
  /** Object key → ISO time of the first publish that no longer referenced it. */
  unreferencedSince: z.record(z.string(), z.iso.datetime()),
});
type PublishState = z.infer<typeof stateSchema>;

/** What one publish did (object keys). */
export interface PublishResult {
  /** Uploaded, in upload order (assets, then pages). */
  uploaded: string[];
  /** Files the bucket already held with the same bytes. */
  unchanged: number;
  /** Unreferenced for longer than the grace period: deleted. */
  deleted: string[];
  /** Unreferenced, still within the grace period: kept. */
  kept: string[];
}

/** An S3 client for the landers' bucket (LANDERS_S3_*): the storage's client (s3ClientFor). */
export function landersBucketClient(config: S3Config): S3Client {
  const client = s3ClientFor(config);
  // Path-style, the SDK asks for the bucket (the listing) as `/bucket/`; some S3-compatible services
  // (s3rver, the loopback stand-in) sign that as `/bucket` and refuse it. S3 takes either.
  const bucketPath = `/${config.bucket}/`;
  client.middlewareStack.add(
    (next) => (args) => {
      const request = args.request as { path?: string };
      if (request.path === bucketPath) request.path = bucketPath.slice(0, -1);
      return next(args);
    },
    { step: 'build', name: 'bucketPathWithoutSlash' },
  );
  return client;
}

/**
 * Every object's key and ETag. Pages by `Marker` (ListObjects, version 1), which every S3-compatible
 * service answers: the loopback stand-in (s3rver) cannot make a version-2 continuation token on
 * this Node (its DES cipher is gone from OpenSSL 3), so a bucket of more than 1,000 objects, which
 * one site's landers are, could not be listed there.
 */
async function listBucket(client: S3Client, bucket: string): Promise<Map<string, string>> {
  const etags = new Map<string, string>();
  let Marker: string | undefined;
  for (;;) {
    const page = await client.send(new ListObjectsCommand({ Bucket: bucket, Marker }));
    const contents = page.Contents ?? [];
    for (const object of contents) if (object.Key) etags.set(object.Key, (object.ETag ?? '').replace(/"/g, ''));
    if (!page.IsTruncated || contents.length === 0) return etags;
    Marker = page.NextMarker ?? contents.at(-1)!.Key;
  }
}

async function readState(client: S3Client, bucket: string, site: string): Promise<PublishState> {
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: PUBLISH_STATE_KEY }));
    const state = stateSchema.parse(JSON.parse((await answer.Body?.transformToString()) ?? ''));
    if (state.site !== site)
      throw new Error(`the bucket ${bucket} holds the landers of ${state.site}, not ${site}: one bucket per site`);
    return state;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'NoSuchKey' || name === 'NotFound') return { site, unreferencedSince: {} };
    throw error;
  }
}

/**
 * Publishes the CDN root in `dir` (built by buildLanderCdnRoot) to `bucket` (see the module's
 * comment for the order and the grace period). `now` dates the clean-up.
 * @throws the SDK's error of a failed request (nothing after it is done: a failed asset upload
 * leaves every page as it was), or when the bucket holds another site's landers.
 */
export async function publishLanderRoot(input: {
  dir: string;
  client: S3Client;
  bucket: string;
  now: Date;
  graceDays?: number;
}): Promise<PublishResult> {
  const { client, bucket, dir } = input;
  const manifest = await readCdnManifest(dir);
  const state = await readState(client, bucket, manifest.site);
  const remote = await listBucket(client, bucket);
  const result: PublishResult = { uploaded: [], unchanged: 0, deleted: [], kept: [] };
  const limit = pLimit(UPLOAD_CONCURRENCY);

  async function upload(files: CdnFile[]): Promise<void> {
    const changed: { file: CdnFile; data: Buffer }[] = [];
    for (const file of files) {
      const data = await fs.readFile(path.join(dir, ...file.path.split('/')));
      if (remote.get(file.path) === createHash('md5').update(data).digest('hex')) result.unchanged += 1;
      else changed.push({ file, data });
    }
    await Promise.all(
      changed.map(({ file, data }) =>
        limit(async () => {
          await client.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: file.path,
              Body: data,
              ContentLength: data.byteLength,
              ContentType: file.contentType,
              CacheControl: file.cacheControl,
              ContentEncoding: file.contentEncoding ?? undefined,
            }),
          );
          result.uploaded.push(file.path);
        }),
      ),
    );
  }

  await upload(manifest.files.filter((file) => file.kind === 'asset'));
  // Pages last; a page's compressed variants before the page itself.
  const pages = manifest.files.filter((file) => file.kind === 'page');
  await upload(pages.filter((file) => file.of !== null));
  await upload(pages.filter((file) => file.of === null));

  const graceMs = (input.graceDays ?? DEFAULT_GRACE_DAYS) * 86_400_000;
  const current = new Set(manifest.files.map((file) => file.path));
  const unreferencedSince: Record<string, string> = {};
  for (const key of remote.keys()) {
    if (current.has(key) || key.startsWith('.publish/')) continue;
    const since = state.unreferencedSince[key] ?? input.now.toISOString();
    if (input.now.getTime() - Date.parse(since) >= graceMs) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      result.deleted.push(key);
    } else {
      unreferencedSince[key] = since;
      result.kept.push(key);
    }
  }
  await client.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: PUBLISH_STATE_KEY,
      Body: JSON.stringify({ site: manifest.site, unreferencedSince } satisfies PublishState),
      ContentType: 'application/json',
      CacheControl: 'private, no-store',
    }),
  );
  return result;
}

/**
 * Builds `site`'s CDN root from a build's client folder into a temporary folder and publishes it
 * (buildLanderCdnRoot, then publishLanderRoot); the folder is removed afterwards. What
 * `npm run landers:publish` does without `--dir`, and what tests and deploy checks call.
 */
export async function buildAndPublishLanders(input: {
  clientDir: string;
  site: SiteConfig;
  mediaDir: string;
  client: S3Client;
  bucket: string;
  now: Date;
  graceDays?: number;
}): Promise<PublishResult> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `amora-landers-${input.site.package_name}-`));
  try {
    await buildLanderCdnRoot({ ...input, outDir: dir });
    return await publishLanderRoot({ ...input, dir });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
