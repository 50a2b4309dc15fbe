/**
 * `next` values (as the page reads them, after the query string's own decoding) that would
 * send a visitor off the site, or break the `Location` header, if followed. Every one must fall
 * back (docs/product.md §5 Redirect targets). Browsers drop tabs and newlines anywhere in a URL,
 * read `\` as `/`, resolve dot segments and strip leading control characters and spaces, so
 * each entry is one of those tricks, raw or percent-encoded.
 */
export const OPEN_REDIRECTS: readonly string[] = [
  // Absolute and scheme-relative URLs.
  'https://evil.example',
  'http://evil.example/members',
  'HTTPS://evil.example',
  'https:evil.example',
  'https:/evil.example',
  'https://localhost/members',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.domain)',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
  'members',
  '//evil.example',
  '///evil.example',
  '////evil.example/members',
  // Backslashes (read as slashes).
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\\/evil.example',
  // Tabs, newlines and other control characters (dropped or rejected by browsers).
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  ' //evil.example',
  '\u0000//evil.example',
  '/\u0000/evil.example',
  '/\u000b/evil.example',
  '/\u007f/evil.example',
  '/\u0085/evil.example',
  '/members\r\nSet-Cookie: amora_session=x',
  // Dot segments that resolve to `//host`.
  '/.//evil.example',
  '/..//evil.example',
  '/a/..//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  // Percent-encoded slashes, backslashes and control characters (decoded by some hops).
  '/%2F/evil.example',
  '/%2f%2fevil.example',
  '/%5Cevil.example',
  '/%5c%5cevil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  '/%0d%0aSet-Cookie:%20amora_session=x',
  '/%00/evil.example',
  '/%252F/evil.example',
  '/%25252F%25252Fevil.example',
  // Encoded dot segments and slashes that a decoding hop resolves to `//host`.
  '/%2e%2e%2f%2fevil.example',
  '/..%2f%2fevil.example',
  '/a/%2e%2e/%2fevil.example',
  '/%2F%2Fevil.example%ZZ',
  // Look-alikes that are not a path at all.
  '／／evil.example',
  '＼＼evil.example',
  // Too long to be a page of this site.
  `/members?${'x'.repeat(2048)}`,
];

/** Same-site `next` values and where they lead (normalised the way a browser would). */
export const SAME_SITE_PATHS: readonly (readonly [string, string])[] = [
  ['/', '/'],
  ['/members', '/members'],
  ['/members?page=2', '/members?page=2'],
  ['/pages/terms', '/pages/terms'],
  ['/members/2/chat', '/members/2/chat'],
  ['/signup-matches?gender=female&min_age=26&max_age=35', '/signup-matches?gender=female&min_age=26&max_age=35'],
  ['/members?city=K%C3%B6ln#results', '/members?city=K%C3%B6ln#results'],
  ['/members?city=Köln', '/members?city=K%C3%B6ln'],
  ['/signup?next=%2F%2Fevil.example', '/signup?next=%2F%2Fevil.example'],
  ['/members/../likes', '/likes'],
  ['/members/100%25', '/members/100%25'],
  ['/pages/100%', '/pages/100%'],
  ['/credits?return=https://example.com/', '/credits?return=https://example.com/'],
];

/** A test name for a corpus entry: characters outside printable ASCII as `\uXXXX`, cut at 60. */
export function printable(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).slice(0, 60);
}
