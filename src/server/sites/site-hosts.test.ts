import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteHosts } from '../../../scripts/site-hosts.mjs';
import { loadSites } from '../platform/sites/load-sites';

describe('the development server allows every configured host (docs/architecture.md §5)', () => {
  it("lists every demo site's hosts, so http://lovelane.test:4321 is served by npm run dev", () => {
    const hosts = siteHosts(path.resolve('config/sites'));
    const configured = loadSites(path.resolve('config/sites')).all.flatMap((site) =>
      site.hosts.map((h) => h.toLowerCase()),
    );
    expect(hosts).toEqual([...new Set(configured)].sort());
    expect(hosts).toEqual(expect.arrayContaining(['amora.test', 'lovelane.test', 'flirtbox.test']));
  });

  it('astro.config.mjs hands that list to the development server', async () => {
    const { default: config } = await import('../../../astro.config.mjs');
    const server = config.server as { allowedHosts?: unknown };
    expect(server.allowedHosts).toEqual(siteHosts(path.resolve('config/sites')));
  });

  it('reads SITES_DIR-style folders, lower-cases, drops duplicates and skips unreadable files', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-hosts-'));
    fs.writeFileSync(path.join(dir, 'a.json'), JSON.stringify({ hosts: ['WWW.Brand.example', 'brand.example'] }));
    fs.writeFileSync(path.join(dir, 'b.json'), JSON.stringify({ hosts: ['brand.example', 'other.example'] }));
    fs.writeFileSync(path.join(dir, 'c.json'), '{ nope');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'ignored.example');
    expect(siteHosts(dir)).toEqual(['brand.example', 'other.example', 'www.brand.example']);
  });
});
