import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll } from 'vitest';

/**
 * A loopback S3-compatible service for tests (docs/architecture.md §5): s3rver on 127.0.0.1 (a free
 * port) keeping its objects in a temporary directory, with one bucket made at start. It checks
 * request signatures against its one built-in key pair (`S3_STAND_IN_CREDENTIALS`); `env` holds the
 * S3_* variables that point the app at it. `client` is an SDK client of its own, for looking into
 * the bucket apart from the app's storage.
 */

/** The key pair s3rver accepts (hard-wired in s3rver). */
export const S3_STAND_IN_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverServer;

// s3rver is CommonJS without type declarations.
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;

export async function startS3StandIn(bucket = 'amora-test') {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'amora-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const url = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint: url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3_STAND_IN_CREDENTIALS,
    maxAttempts: 1,
  });
  // The SDK asks for a bucket as `/bucket/`, which s3rver signs as `/bucket` (SignatureDoesNotMatch);
  // S3 takes either, so bucket requests (ListObjects) go without the slash. Object requests are unaffected.
  client.middlewareStack.add(
    (next) => (args) => {
      const request = args.request as { path?: string };
      if (request.path === `/${bucket}/`) request.path = `/${bucket}`;
      return next(args);
    },
    { step: 'build', name: 's3rverBucketPath' },
  );

  /**
   * Every key in the bucket (under `prefix`), sorted. Pages by `Marker` (ListObjects): s3rver cannot
   * make a version-2 continuation token on this Node (DES is gone from OpenSSL 3), so a version-2
   * listing of more than 1,000 keys fails there.
   */
  async function keys(prefix = ''): Promise<string[]> {
    const found: string[] = [];
    let Marker: string | undefined;
    for (;;) {
      const page = await client.send(new ListObjectsCommand({ Bucket: bucket, Prefix: prefix || undefined, Marker }));
      const contents = page.Contents ?? [];
      for (const object of contents) if (object.Key) found.push(object.Key);
      if (!page.IsTruncated || contents.length === 0) return found.sort();
      Marker = page.NextMarker ?? contents.at(-1)!.Key;
    }
  }

  return {
    url,
    bucket,
    /** The S3_* variables of the app's configuration for this bucket. */
    env: {
      S3_URL: url,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: S3_STAND_IN_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_STAND_IN_CREDENTIALS.secretAccessKey,
    },
    client,
    keys,
    /** HeadObject of a key: its Content-Type, Cache-Control, length… */
    head: (key: string) => client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })),
    /** The stored bytes of a key, read with the stand-in's own client. */
    bytes: async (key: string) => {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return answer.Body!.transformToByteArray();
    },
    /** Removes every object of the bucket (the bucket stays). */
    empty: async () => {
      for (const key of await keys()) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    close: async () => {
      client.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
export type S3StandIn = Awaited<ReturnType<typeof startS3StandIn>>;

/** An S3 stand-in for the whole test file: started before its tests, stopped after them. */
export function useS3StandIn(bucket?: string): () => S3StandIn {
  let standIn: S3StandIn | null = null;
  beforeAll(async () => {
    standIn = await startS3StandIn(bucket);
  });
  afterAll(async () => {
    await standIn?.close();
  });
  return () => {
    if (!standIn) throw new Error('S3 stand-in used outside a test');
    return standIn;
  };
}
