/**
 * Storage keys: the relative paths files are stored under (`u/12/abc.webp`), the same for every
 * `Storage` implementation (docs/architecture.md §6 convention 13).
 */

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** True for keys that cannot escape the storage root (no `..`, no absolute paths, no empty segments). */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split('/').some((part) => part === '..' || part === '' || part === '.');
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
  webm: 'video/webm',
  json: 'application/json',
  zip: 'application/zip',
};

/** The MIME type of a key by its extension (case-insensitive); `application/octet-stream` when unknown. */
export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return (key.includes('.') && CONTENT_TYPES[extension]) || 'application/octet-stream';
}

/** Cache-Control of media: a key never gets other content (a new photo gets a new key), so a year. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** True for the types served as media (images and video): public, cached for a year under a key that never changes. */
export function isMediaType(contentType: string): boolean {
  return contentType.startsWith('image/') || contentType.startsWith('video/');
}
