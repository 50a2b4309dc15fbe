import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadSites } from '../platform/sites/load-sites';
import type { PrerenderedStore } from '../static/prerendered-store';
import { serveLander, serveStaticPage } from './serve-prerendered';

const sites = loadSites(path.resolve(import.meta.dirname, '../../../config/sites'));
const amora = sites.byPackageName.get('amora')!;
const lovelane = sites.byPackageName.get('lovelane')!;

/** A store holding one HTML file per path, recording what was asked. */
function fakeStore(paths: string[]): PrerenderedStore & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async read(relativePath) {
      asked.push(relativePath);
      if (!paths.includes(relativePath)) return null;
      return { body: new TextEncoder().encode(`<html>${relativePath}</html>`), etag: `"${relativePath.length}"` };
    },
  };
}
const get = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe('landers served from the build', () => {
  const store = fakeStore(['sites/amora/landers/video/de/index.html', 'sites/lovelane/landers/video/de/index.html']);

  it("serves the request site's file with caching and a strong ETag, 304 when unchanged", async () => {
    const response = (await serveLander(store, {
      site: amora,
      secureCookies: false,
      design: 'video',
      slug: 'de',
      request: get('http://localhost/landers/video/de'),
    }))!;
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<html>sites/amora/landers/video/de/index.html</html>');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const again = (await serveLander(store, {
      site: amora,
      secureCookies: false,
      design: 'video',
      slug: 'de',
      request: get('http://localhost/landers/video/de', { 'if-none-match': response.headers.get('etag')! }),
    }))!;
    expect(again.status).toBe(304);
    const compressed = (await serveLander(store, {
      site: amora,
      secureCookies: false,
      design: 'video',
      slug: 'de',
      request: get('http://localhost/landers/video/de', { 'accept-encoding': 'gzip, deflate, br' }),
    }))!;
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('vary')).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(Buffer.from(await compressed.arrayBuffer())).toString()).toBe(
      '<html>sites/amora/landers/video/de/index.html</html>',
    );
    const gzip = (await serveLander(store, {
      site: amora,
      secureCookies: false,
      design: 'video',
      slug: 'de',
      request: get('http://localhost/landers/video/de', { 'accept-encoding': 'gzip' }),
    }))!;
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toContain('sites/amora/');
    const other = (await serveLander(store, {
      site: lovelane,
      secureCookies: false,
      design: 'video',
      slug: 'de',
      request: get('http://lovelane.test/landers/video/de'),
    }))!;
    expect(await other.text()).toContain('sites/lovelane/');
  });

  it("carries the script and style policy the build wrote into the file's <meta>", async () => {
    const policy = "script-src 'self' 'sha256-AAA='; style-src 'self' 'sha256-BBB='; style-src-attr 'unsafe-inline';";
    const withMeta: PrerenderedStore = {
      async read() {
        const html = `<!DOCTYPE html><html><head><meta http-equiv="content-security-policy" content="${policy}"></head></html>`;
        return { body: new TextEncoder().encode(html), etag: '"1"' };
      },
    };
    const request = get('http://localhost/landers/video/de');
    const response = (await serveLander(withMeta, {
      site: amora,
      secureCookies: false,
      design: 'video',
      slug: 'de',
      request,
    }))!;
    expect(response.headers.get('content-security-policy')).toBe(policy);
    const page = (await serveStaticPage(withMeta, { site: amora, page: 'terms', request }))!;
    expect(page.headers.get('content-security-policy')).toBe(policy);
    // A file without one gets none here; the middleware then allows no inline script at all.
    const bare = (await serveLander(store, {
      site: amora,
      secureCookies: false,
      design: 'video',
      slug: 'de',
      request,
    }))!;
    expect(bare.headers.get('content-security-policy')).toBeNull();
  });

  it('stores the tracking record of the URL in the first-party cookie (works without JavaScript)', async () => {
    const response = (await serveLander(store, {
      site: amora,
      secureCookies: false,
      design: 'video',
      slug: 'de',
      request: get('http://localhost/landers/video/de?network=abc&sub1=x&sub2=y&click_id=c1&utm=z', {
        cookie: 'amora_consent=granted',
      }),
    }))!;
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^amora_tracking=/);
    expect(cookie).toContain('Max-Age=2592000');
    expect(cookie).toContain('SameSite=Lax');
    expect(JSON.parse(decodeURIComponent(cookie.split(';')[0]!.slice('amora_tracking='.length)))).toEqual({
      network: 'abc',
      sub1: 'x',
      sub2: 'y',
      clickid: 'c1',
    });
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('sets no tracking cookie before the visitor accepted on a site that asks, and stays cacheable (docs/product.md §3 Consent)', async () => {
    for (const cookie of ['', 'amora_consent=denied']) {
      const response = (await serveLander(store, {
        site: amora,
        secureCookies: false,
        design: 'video',
        slug: 'de',
        request: get('http://localhost/landers/video/de?network=abc&sub1=x', { cookie }),
      }))!;
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    }
  });

  it('answers null (404) for unknown designs, odd slugs and pages the build lacks, without touching the disk for bad names', async () => {
    const asked = store.asked.length;
    expect(
      await serveLander(store, {
        site: amora,
        secureCookies: false,
        design: 'nope',
        slug: 'de',
        request: get('http://localhost/'),
      }),
    ).toBeNull();
    expect(
      await serveLander(store, {
        site: amora,
        secureCookies: false,
        design: 'video',
        slug: '../../etc',
        request: get('http://localhost/'),
      }),
    ).toBeNull();
    expect(
      await serveLander(store, {
        site: amora,
        secureCookies: false,
        design: 'video',
        slug: 'xx',
        request: get('http://localhost/'),
      }),
    ).toBeNull();
    expect(store.asked.length).toBe(asked);
    expect(
      await serveLander(store, {
        site: amora,
        secureCookies: false,
        design: 'video',
        slug: 'milf-pl',
        request: get('http://localhost/'),
      }),
    ).toBeNull();
  });
});

describe('/pages/{page}: one URL, the locale of the request (docs/product.md §1)', () => {
  const pages = fakeStore([
    'sites/amora/pages/terms/fr/index.html',
    'sites/amora/pages/terms/de/index.html',
    'sites/amora/pages/terms/en/index.html',
  ]);
  it('serves the locale of the cookie, else Accept-Language, else the domain language, with Vary', async () => {
    const fr = (await serveStaticPage(pages, {
      site: amora,
      page: 'terms',
      request: get('http://localhost/pages/terms', { cookie: 'i18n_redirected=fr', 'accept-language': 'de' }),
    }))!;
    expect(await fr.text()).toContain('/terms/fr/');
    expect(fr.headers.get('vary')).toBe('Cookie, Accept-Language, Accept-Encoding');
    expect(fr.headers.get('content-language')).toBe('fr');
    const de = (await serveStaticPage(pages, {
      site: amora,
      page: 'terms',
      request: get('http://localhost/pages/terms', { 'accept-language': 'de-AT' }),
    }))!;
    expect(await de.text()).toContain('/terms/de/');
    const en = (await serveStaticPage(pages, {
      site: amora,
      page: 'terms',
      request: get('http://localhost/pages/terms'),
    }))!;
    expect(await en.text()).toContain('/terms/en/');
  });
  it('answers null when the build has no such file', async () => {
    expect(
      await serveStaticPage(pages, { site: amora, page: 'faq', request: get('http://localhost/pages/faq') }),
    ).toBeNull();
  });
});
