/**
 * The console's URL of a stored member photo (docs/product.md §13): the app serves every stored
 * photo at `/media/<key>` whatever the site's `cdn_prefix`, and the console's pages allow only
 * their own origin's images.
 */
export function mediaUrl(key: string): string {
  return `/media/${key}`;
}
