import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import Negotiator from 'negotiator';
import { CDN_MANIFEST, readCdnManifest } from '../../src/server/landers/cdn/cdn-root';

/**
 * A loopback CDN for tests (docs/architecture.md §3 Landers on a CDN): a plain static HTTP server on
 * 127.0.0.1 (a free port) that serves a landers bucket (objects read from the S3 stand-in, with the
 * headers they were uploaded with) or a built CDN root folder (headers from its `.cdn-files.json`),
 * as a CDN in front of that bucket would at `landers_url`:
 * - the URL path is the object key (`/landers/video/en` → `landers/video/en`), a path ending in
 *   `/` the key `…/index.html`;
 * - a request accepting brotli (or gzip) gets the `.br` (`.gz`) object when there is one, with its
 *   `Content-Encoding` and `Vary: Accept-Encoding`, as a CDN set up to pick precompressed variants;
 * - nothing outside the root (the publish state, the build's manifest) is served; a missing key is 404.
 * `requests` lists every answered path with its status, for checks on what a page loaded.
 */

interface Found {
  body: Uint8Array;
  headers: Record<string, string>;
}
type Source = (key: string) => Promise<Found | null>;

/** Objects of a bucket, with the headers they were stored with. */
function bucketSource(client: S3Client, bucket: string): Source {
  return async (key) => {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const headers: Record<string, string> = {};
      if (answer.ContentType) headers['content-type'] = answer.ContentType;
      if (answer.CacheControl) headers['cache-control'] = answer.CacheControl;
      if (answer.ContentEncoding) headers['content-encoding'] = answer.ContentEncoding;
      if (answer.ETag) headers.etag = answer.ETag;
      return { body: await answer.Body!.transformToByteArray(), headers };
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  };
}

/** Files of a built CDN root, with the headers its manifest names. */
async function folderSource(dir: string): Promise<Source> {
  const manifest = await readCdnManifest(dir);
  const files = new Map(manifest.files.map((file) => [file.path, file]));
  return async (key) => {
    const file = files.get(key);
    if (!file) return null;
    const headers: Record<string, string> = { 'content-type': file.contentType, 'cache-control': file.cacheControl };
    if (file.contentEncoding) headers['content-encoding'] = file.contentEncoding;
    return { body: await fs.readFile(path.join(dir, ...key.split('/'))), headers };
  };
}

/**
 * Starts the loopback CDN over a bucket (`{ client, bucket }`, e.g. the S3 stand-in's) or a built
 * root folder (`{ dir }`). `close()` stops it.
 */
export async function startCdnStandIn(source: { client: S3Client; bucket: string } | { dir: string }) {
  const read = 'dir' in source ? await folderSource(source.dir) : bucketSource(source.client, source.bucket);
  const requests: { path: string; status: number }[] = [];
  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://cdn.invalid');
      let key = decodeURIComponent(url.pathname).slice(1);
      if (key === '' || key.endsWith('/')) key += 'index.html';
      let found: Found | null = null;
      if (
        (request.method === 'GET' || request.method === 'HEAD') &&
        !key.startsWith('.') &&
        !key.includes(CDN_MANIFEST)
      ) {
        const encodings = new Negotiator({ headers: { 'accept-encoding': request.headers['accept-encoding'] ?? '' } })
          .encodings(['br', 'gzip'])
          .filter((encoding) => encoding === 'br' || encoding === 'gzip');
        for (const encoding of encodings) {
          found = await read(`${key}.${encoding === 'br' ? 'br' : 'gz'}`);
          if (found) break;
        }
        found ??= await read(key);
      }
      const status = found ? 200 : 404;
      requests.push({ path: url.pathname, status });
      if (!found) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      response.writeHead(200, { ...found.headers, vary: 'Accept-Encoding', 'content-length': found.body.byteLength });
      response.end(request.method === 'HEAD' ? undefined : found.body);
    })().catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** The CDN's origin (`landers_url`). */
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type CdnStandIn = Awaited<ReturnType<typeof startCdnStandIn>>;
