/** Longest `next` path kept (characters); longer is no page of this site. */
export const MAX_NEXT_LENGTH = 2048;

// Resolves a path without a real origin: any result on another origin was not a path.
const PROBE_ORIGIN = 'http://next.invalid';
// Control characters (C0, DEL, C1): browsers drop tabs and newlines inside URLs and strip
// leading controls, so `/\t/host` becomes `//host`; in a Location header they break the header.
const CONTROL = /\p{Cc}/u;
// Percent-decoding rounds tried on the path (`%25252F` is three); a path still changing after
// them is refused rather than trusted.
const DECODE_ROUNDS = 4;

/** A path that a browser would still resolve on this site: one `/`, no `\`, no control character. */
function isPlainPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') && !CONTROL.test(value);
}

/** `value` resolved as a browser would (dot segments removed, non-ASCII encoded), or null if it is no plain path here. */
function resolvePath(value: string): URL | null {
  if (!isPlainPath(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  return url.origin === PROBE_ORIGIN && isPlainPath(`${url.pathname}${url.search}${url.hash}`) ? url : null;
}

// An escaped ASCII character: the only kind that can hide `/`, `\`, `.` or a control character.
const ASCII_ESCAPE = /%([0-7][0-9a-f])/gi;

/**
 * Whether the path stays a plain path here however often a hop percent-decodes and resolves it
 * (`/%2F/host`, `/..%2F%2Fhost`). Only ASCII escapes are decoded, so a malformed `%` elsewhere
 * cannot stop the check the way it stops `decodeURIComponent()`.
 */
function staysPlainDecoded(pathname: string): boolean {
  let current = pathname;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    const decoded = current.replace(ASCII_ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (decoded === current) return true;
    if (!resolvePath(decoded)) return false;
    current = decoded;
  }
  return false;
}

/**
 * Where to continue after login, signup or a language switch (docs/product.md §5 Redirect
 * targets): `value` when it is a path of this site, normalised as a browser would resolve it
 * (dot segments removed, non-ASCII percent-encoded), else `fallback`. Refused: absolute and
 * scheme-relative URLs, backslashes, control characters, dot segments or percent-encodings
 * that become `//` or `\`, and anything over MAX_NEXT_LENGTH characters.
 */
export function safeNextPath(value: string | null, fallback: string): string {
  if (!value || value.length > MAX_NEXT_LENGTH) return fallback;
  const url = resolvePath(value);
  if (!url || !staysPlainDecoded(url.pathname)) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.length > MAX_NEXT_LENGTH ? fallback : path;
}
