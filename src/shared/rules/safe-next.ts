/**
 * A same-site path to continue to after login/signup, or `fallback` for
 * anything else (absolute URLs, protocol-relative `//host`, backslashes).
 */
export function safeNextPath(value: string | null, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  return value.slice(0, 2048);
}
