import { createHash } from 'node:crypto';
import type { AppContext } from '../context';
import { contentTypeOf, isMediaType, isSafeKey, MEDIA_CACHE_CONTROL } from '../storage/storage-keys';

/**
 * A stored media file with its type, a strong ETag and long-lived caching
 * (keys are never rewritten with other content); 404 for unknown or unsafe keys.
 */
export async function mediaResponse(ctx: AppContext, key: string, request: Request): Promise<Response> {
  // Only images and video are media; other stored files (data exports) have their own route.
  const type = contentTypeOf(key);
  if (!isMediaType(type) || !isSafeKey(key)) return new Response('Not found', { status: 404 });
  const data = await ctx.storage.get(key);
  if (!data) return new Response('Not found', { status: 404 });
  const etag = `"${createHash('sha1').update(data).digest('base64url')}"`;
  const headers = {
    'content-type': type,
    'cache-control': MEDIA_CACHE_CONTROL,
    'x-content-type-options': 'nosniff',
    etag,
  };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(data), { headers });
}
