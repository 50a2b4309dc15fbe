import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A sites directory (for `SITES_DIR`) holding the demo sites of config/sites with `changes` merged
 * into the site of each package name, e.g. `{ flirtbox: { photos_before_approval: false } }`.
 */
export function sitesWith(changes: Record<string, Record<string, unknown>>): string {
  const source = path.resolve(import.meta.dirname, '../../config/sites');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-sites-'));
  for (const file of fs.readdirSync(source).filter((name) => name.endsWith('.json'))) {
    const site = JSON.parse(fs.readFileSync(path.join(source, file), 'utf8')) as Record<string, unknown>;
    const change = changes[site.package_name as string] ?? {};
    fs.writeFileSync(path.join(dir, file), JSON.stringify({ ...site, ...change }, null, 2));
  }
  return dir;
}
