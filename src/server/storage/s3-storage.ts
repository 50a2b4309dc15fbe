import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from './s3-config';
import type { Storage } from './storage';
import { contentTypeOf, isMediaType, isSafeKey, MEDIA_CACHE_CONTROL } from './storage-keys';

/** Milliseconds to open a connection to the S3 service before the attempt fails. */
export const S3_CONNECT_TIMEOUT_MS = 3_000;
/** Milliseconds one request and its answer may take in all (a data export zip is the largest file). */
export const S3_REQUEST_TIMEOUT_MS = 30_000;
/** Milliseconds a connection may stay silent in the middle of a request. */
export const S3_SOCKET_TIMEOUT_MS = 10_000;
/** Tries of one call (the SDK retries network errors, 5xx and throttling with backoff). */
const MAX_ATTEMPTS = 3;

/** `Storage` in an S3-compatible bucket, plus closing its connections. */
export interface S3Storage extends Storage {
  /** Closes the kept-alive connections (tests, shutdown); the storage is unusable afterwards. */
  destroy(): void;
}

/**
 * An SDK client for a bucket's service (`config`: endpoint, region, path style, credentials) with
 * MAX_ATTEMPTS tries and the S3_*_TIMEOUT_MS limits, so a stalled service fails a call instead of
 * hanging it. Used by the storage below and by `npm run landers:publish` (landers/cdn/publish.ts).
 */
export function s3ClientFor(config: S3Config): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials ?? undefined,
    maxAttempts: MAX_ATTEMPTS,
    requestHandler: {
      connectionTimeout: S3_CONNECT_TIMEOUT_MS,
      requestTimeout: S3_REQUEST_TIMEOUT_MS,
      // Without it a request past requestTimeout only logs a warning and goes on waiting.
      throwOnRequestTimeout: true,
      socketTimeout: S3_SOCKET_TIMEOUT_MS,
      httpAgent: { keepAlive: true, maxSockets: 64 },
      httpsAgent: { keepAlive: true, maxSockets: 64 },
    },
  });
}

/**
 * `Storage` in an S3-compatible bucket (docs/architecture.md §5, §6 convention 13): the object key is
 * the storage key, so a CDN in front of the bucket serves `cdn_prefix/key` as the app's `/media` route
 * does. `put` sends Content-Type from the key's extension and, for images and video, a year-long
 * Cache-Control. `get` of a missing key is null, `delete` of a missing key succeeds, `exists` is a
 * HeadObject. @throws from `put` for an unsafe key; every call throws the SDK's error for network
 * failures, timeouts (S3_*_TIMEOUT_MS) and refusals other than "not found" (e.g. AccessDenied).
 */
export function createS3Storage(config: S3Config): S3Storage {
  const client = s3ClientFor(config);
  const Bucket = config.bucket;
  return {
    async put(key, data) {
      if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
      const ContentType = contentTypeOf(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: data,
          ContentLength: data.byteLength,
          ContentType,
          CacheControl: isMediaType(ContentType) ? MEDIA_CACHE_CONTROL : 'private, no-store',
        }),
      );
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) return new Uint8Array();
        return await answer.Body.transformToByteArray();
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      if (!isSafeKey(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      if (!isSafeKey(key)) return;
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        // S3 answers 204 for a missing key; some compatible services say 404 instead.
        if (!isNotFound(error)) throw error;
      }
    },
    destroy() {
      client.destroy();
    },
  };
}

/**
 * True for the service's "no such key" answers: GetObject's NoSuchKey, HeadObject's body-less
 * 404 (NotFound). A missing bucket (NoSuchBucket, also 404) is a misconfiguration and is thrown.
 */
function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  if (error.name === 'NoSuchBucket') return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}
