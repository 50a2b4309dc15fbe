import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSites, SiteConfigError } from './load-sites';
import { resolveSiteForApi, resolveSiteForPage } from '../../sites/resolve-site';

const shipped = loadSites(path.resolve('config/sites'));

function tempSites(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sites-'));
  for (const [name, content] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}

describe('loadSites', () => {
  it('loads the shipped sites with amora as default', () => {
    expect(shipped.defaultSite.package_name).toBe('amora');
    expect([...shipped.byPackageName.keys()].sort()).toEqual(['amora', 'flirtbox', 'lovelane']);
  });

  it('names the file and every bad field', () => {
    const amora = JSON.parse(fs.readFileSync('config/sites/amora.json', 'utf8'));
    const dir = tempSites({ 'a.json': { ...amora, niche: 9, template: 'fancy' }, 'b.json': '{ nope' });
    expect(() => loadSites(dir)).toThrow(SiteConfigError);
    try {
      loadSites(dir);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('a.json: niche');
      expect(message).toContain('a.json: template');
      expect(message).toContain('b.json');
    }
  });

  it('requires exactly one default site', () => {
    const amora = JSON.parse(fs.readFileSync('config/sites/amora.json', 'utf8'));
    const dir = tempSites({ 'a.json': { ...amora, is_default: false } });
    expect(() => loadSites(dir)).toThrow(/is_default/);
  });
});

describe('site resolution', () => {
  it('picks page sites by original-host, then Host, else the default', () => {
    const page = (headers: Record<string, string>) => resolveSiteForPage(shipped, new Headers(headers)).package_name;
    expect(page({ host: 'lovelane.test:4321' })).toBe('lovelane');
    expect(page({ host: 'localhost', 'original-host': 'www.flirtbox.test' })).toBe('flirtbox');
    expect(page({ host: 'unknown.example' })).toBe('amora');
  });
  it('picks API sites by package-name only', () => {
    expect(resolveSiteForApi(shipped, new Headers())).toBe('missing');
    expect(resolveSiteForApi(shipped, new Headers({ 'package-name': 'x' }))).toBe('unknown');
    const site = resolveSiteForApi(shipped, new Headers({ 'package-name': 'lovelane' }));
    expect(typeof site === 'object' && site.package_name).toBe('lovelane');
  });
});
