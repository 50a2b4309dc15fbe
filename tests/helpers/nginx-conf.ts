/**
 * A reader for the subset of nginx's configuration syntax deploy/nginx/amora.conf uses
 * (directives ending in `;`, blocks in `{}`, `#` comments, double-quoted arguments), so tests can
 * compare its settings with the app's own constants (docs/architecture.md §5 Deployment).
 */

/** One directive: its name, its arguments and, for a block (`server { … }`), what it holds. */
export interface NginxDirective {
  name: string;
  args: string[];
  block: NginxDirective[] | null;
}

/** The words of `text` (comments dropped; `{`, `}` and `;` are words of their own). */
function tokens(text: string): string[] {
  const found: string[] = [];
  const pattern = /#[^\n]*|"((?:[^"\\]|\\.)*)"|([{};])|([^\s{};"#]+)/g;
  for (const match of text.matchAll(pattern)) {
    if (match[0].startsWith('#')) continue;
    found.push(match[1] ?? match[2] ?? match[3]!);
  }
  return found;
}

/**
 * Parses nginx configuration text into its directives.
 * @throws Error on an unbalanced `}` or a directive without its `;`.
 */
export function parseNginxConf(text: string): NginxDirective[] {
  const words = tokens(text);
  let at = 0;
  function list(closing: boolean): NginxDirective[] {
    const directives: NginxDirective[] = [];
    while (at < words.length) {
      if (words[at] === '}') {
        if (!closing) throw new Error('nginx config: unexpected }');
        at++;
        return directives;
      }
      const name = words[at++]!;
      const args: string[] = [];
      while (at < words.length && !['{', ';', '}'].includes(words[at]!)) args.push(words[at++]!);
      const end = words[at++];
      if (end === '{') directives.push({ name, args, block: list(true) });
      else if (end === ';') directives.push({ name, args, block: null });
      else throw new Error(`nginx config: ${name} has no ;`);
    }
    if (closing) throw new Error('nginx config: a block has no }');
    return directives;
  }
  return list(false);
}

/** Every directive called `name` at any depth below `directives`. */
export function findAll(directives: NginxDirective[], name: string): NginxDirective[] {
  return directives.flatMap((directive) => [
    ...(directive.name === name ? [directive] : []),
    ...findAll(directive.block ?? [], name),
  ]);
}

/** nginx's time syntax (`60s`, `1h`, `500ms`, a bare number of seconds) in milliseconds. */
export function nginxTimeMs(value: string): number {
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
  const match = /^(\d+)(ms|s|m|h|d)?$/.exec(value);
  if (!match) throw new Error(`not an nginx time: ${value}`);
  return Number(match[1]) * units[match[2] ?? 's']!;
}

/** nginx's size syntax (`11m`, `512k`, a bare number of bytes) in bytes. */
export function nginxSizeBytes(value: string): number {
  const match = /^(\d+)([kKmMgG])?$/.exec(value);
  if (!match) throw new Error(`not an nginx size: ${value}`);
  const factor = { k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[match[2]?.toLowerCase() ?? ''] ?? 1;
  return Number(match[1]) * factor;
}
