import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSites } from './load-sites';
import { siteOrigin } from './site-origin';

const ctx = { config: { port: 4321 } };
const shipped = loadSites(path.resolve('config/sites'));
const site = (name: string) => shipped.byPackageName.get(name)!;

describe('siteOrigin (docs/product.md §3 Settings, public_url)', () => {
  it("is the site's configured origin, else this server for a loopback site, else https on the first host", () => {
    expect(siteOrigin(ctx, site('lovelane'))).toBe('https://lovelane.test');
    expect(siteOrigin(ctx, site('amora'))).toBe('http://localhost:4321');
    expect(siteOrigin({ config: { port: 5123 } }, site('amora'))).toBe('http://localhost:5123');
    expect(siteOrigin(ctx, { hosts: ['WWW.Example.com', 'example.com'] })).toBe('https://www.example.com');
    expect(siteOrigin(ctx, { hosts: ['localhost'], public_url: 'https://amora.example' })).toBe(
      'https://amora.example',
    );
  });

  it('keeps only the origin of a configured URL and refuses one on a host the site does not list', () => {
    const amora = JSON.parse(fs.readFileSync('config/sites/amora.json', 'utf8'));
    const write = (origin: string) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sites-'));
      fs.writeFileSync(path.join(dir, 'a.json'), JSON.stringify({ ...amora, public_url: origin }));
      return dir;
    };
    expect(loadSites(write('https://amora.test/some/path')).defaultSite.public_url).toBe('https://amora.test');
    expect(() => loadSites(write('https://attacker.example'))).toThrow(/public_url https:\/\/attacker.example/);
    expect(() => loadSites(write('ftp://amora.test'))).toThrow(/a.json: public_url/);
  });
});
