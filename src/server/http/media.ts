import { createHash } from 'node:crypto';
import type { AppContext } from '../context';
import { isSafeKey } from '../storage/storage-keys';

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
  webm: 'video/webm',
};

/**
 * A stored media file with its type, a strong ETag and long-lived caching
 * (keys are never rewritten with other content); 404 for unknown or unsafe keys.
 */
export async function mediaResponse(ctx: AppContext, key: string, request: Request): Promise<Response> {
  const type = TYPES[key.split('.').pop()?.toLowerCase() ?? ''];
  if (!type || !isSafeKey(key)) return new Response('Not found', { status: 404 });
  const data = await ctx.storage.get(key);
  if (!data) return new Response('Not found', { status: 404 });
  const etag = `"${createHash('sha1').update(data).digest('base64url')}"`;
  const headers = {
    'content-type': type,
    'cache-control': 'public, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
    etag,
  };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(data), { headers });
}
