// The host names of every configured site (docs/architecture.md §5 Development server): the
// development server (`npm run dev`, Vite) answers only these besides localhost and IP addresses,
// so `http://lovelane.test:4321/` works there as in production, while a DNS-rebinding page on
// another name is still refused.
import fs from 'node:fs';
import path from 'node:path';

/**
 * The `hosts` of every `*.json` site file in `dir`, lower-cased, without duplicates, sorted.
 * Reads leniently (the server's own validation, src/server/platform/sites/load-sites.ts, reports bad files):
 * a file that is not JSON or has no `hosts` array adds nothing.
 * @param {string} dir the sites folder (SITES_DIR, default `config/sites`).
 * @returns {string[]} host names as Vite's `server.allowedHosts` takes them.
 */
export function siteHosts(dir) {
  const hosts = new Set();
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    let site;
    try {
      site = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    } catch {
      continue;
    }
    if (!Array.isArray(site?.hosts)) continue;
    for (const host of site.hosts) if (typeof host === 'string' && host) hosts.add(host.toLowerCase());
  }
  return [...hosts].sort();
}
