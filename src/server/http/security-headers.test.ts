import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { cspSourcesFor, HSTS, isHttpsRequest, withSecurityHeaders } from './security-headers';

const config = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: '/tmp/amora-test', ...env });
const LOCAL_CDN = { cdn_prefix: '/media' };
const NO_EXTRA = { sources: { images: [], media: [] } };
const directive = (policy: string | null, name: string) =>
  policy
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe('cspSourcesFor', () => {
  it("needs nothing beyond 'self' with the defaults (local media, offline GIFs, demo cams)", () => {
    expect(cspSourcesFor(config(), LOCAL_CDN)).toEqual({ images: [], media: [] });
  });

  it("adds an absolute CDN prefix's origin to images and media", () => {
    expect(cspSourcesFor(config(), { cdn_prefix: 'https://cdn.example.com/amora/media' })).toEqual({
      images: ['https://cdn.example.com'],
      media: ['https://cdn.example.com'],
    });
  });

  it("allows the GIF service's media host and the cam feed's host once they are configured", () => {
    const sources = cspSourcesFor(
      config({ GIF_API_KEY: 'tenor-key-123', XCAMS_FEED_URL: 'https://feed.cams.example/api/cams.json' }),
      LOCAL_CDN,
    );
    expect(sources.images).toEqual(['https://media.tenor.com', 'https://feed.cams.example/api/cams.json']);
    expect(
      cspSourcesFor(config({ GIF_API_KEY: 'key-12345678', GIF_API_URL: 'https://gifs.example.org/v2' }), LOCAL_CDN)
        .images,
    ).toEqual(['https://gifs.example.org/v2']);
  });

  it('adds CSP_IMAGE_ORIGINS and refuses entries that are not origins', () => {
    expect(
      cspSourcesFor(config({ CSP_IMAGE_ORIGINS: 'https://img.partner.example, http://127.0.0.1:8080/' }), LOCAL_CDN)
        .images,
    ).toEqual(['https://img.partner.example', 'http://127.0.0.1:8080']);
    for (const bad of ["'unsafe-inline'", 'https://img.partner.example/path', '*', 'img.partner.example'])
      expect(() => config({ CSP_IMAGE_ORIGINS: bad }), bad).toThrow(/CSP_IMAGE_ORIGINS/);
  });
});

describe('isHttpsRequest', () => {
  const request = (url: string, proto?: string) =>
    new Request(url, { headers: proto ? { 'x-forwarded-proto': proto } : {} });

  it("believes the request's own protocol", () => {
    expect(isHttpsRequest(request('https://amora.test/'), '203.0.113.9', [])).toBe(true);
    expect(isHttpsRequest(request('http://amora.test/'), '203.0.113.9', [])).toBe(false);
  });

  it('reads X-Forwarded-Proto only from a trusted proxy, taking the nearest hop', () => {
    const trusted = ['10.0.0.0/8', '127.0.0.1'];
    expect(isHttpsRequest(request('http://amora.test/', 'https'), '10.1.2.3', trusted)).toBe(true);
    expect(isHttpsRequest(request('http://amora.test/', 'https'), '::ffff:127.0.0.1', trusted)).toBe(true);
    expect(isHttpsRequest(request('http://amora.test/', 'https'), '203.0.113.9', trusted)).toBe(false);
    expect(isHttpsRequest(request('http://amora.test/', 'https'), '10.1.2.3', [])).toBe(false);
    expect(isHttpsRequest(request('http://amora.test/', 'https, http'), '10.1.2.3', trusted)).toBe(false);
    expect(isHttpsRequest(request('http://amora.test/', 'http, HTTPS'), '10.1.2.3', trusted)).toBe(true);
    expect(isHttpsRequest(request('http://amora.test/'), '10.1.2.3', trusted)).toBe(false);
  });
});

describe('withSecurityHeaders', () => {
  const html = (headers: Record<string, string> = {}) =>
    new Response('<!doctype html>', { headers: { 'content-type': 'text/html', ...headers } });

  it('puts nosniff on every answer (JSON, event stream, images, text) and HSTS only over https', () => {
    for (const type of ['application/json', 'text/event-stream', 'image/webp', 'text/plain', 'text/javascript']) {
      const plain = withSecurityHeaders(new Response('x', { headers: { 'content-type': type } }), {
        https: false,
        csp: NO_EXTRA,
      });
      expect(plain.headers.get('x-content-type-options'), type).toBe('nosniff');
      expect(plain.headers.get('strict-transport-security'), type).toBeNull();
      expect(plain.headers.get('content-security-policy'), type).toBeNull();
      const secure = withSecurityHeaders(new Response('x', { headers: { 'content-type': type } }), {
        https: true,
        csp: NO_EXTRA,
      });
      expect(secure.headers.get('strict-transport-security'), type).toBe(HSTS);
    }
  });

  it("completes an HTML page's policy from Astro's script and style hashes", () => {
    const page = withSecurityHeaders(
      html({ 'content-security-policy': "script-src 'self' 'sha256-AAA='; style-src 'self' 'sha256-BBB='" }),
      {
        https: false,
        csp: { sources: { images: ['https://media.tenor.com'], media: [] }, styleHashes: ['sha256-FONT='] },
      },
    );
    const policy = page.headers.get('content-security-policy');
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'sha256-AAA='");
    expect(directive(policy, 'style-src')).toBe("style-src 'self' 'sha256-BBB=' 'sha256-FONT='");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(policy, 'img-src')).toBe("img-src 'self' https://media.tenor.com");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("gives an HTML answer without Astro's policy one that runs no inline script", () => {
    const policy = withSecurityHeaders(html(), { https: false, csp: NO_EXTRA }).headers.get('content-security-policy');
    expect(directive(policy, 'script-src')).toBe("script-src 'self'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(directive(policy, 'base-uri')).toBe("base-uri 'none'");
  });

  it('leaves the policy out where there is none to enforce (development server)', () => {
    const page = withSecurityHeaders(html(), { https: false, csp: null });
    expect(page.headers.get('content-security-policy')).toBeNull();
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('copies an answer whose headers are immutable, keeping status, headers and body', async () => {
    const redirect = Response.redirect('https://amora.test/login', 302);
    const answer = withSecurityHeaders(redirect, { https: true, csp: NO_EXTRA });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('https://amora.test/login');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('strict-transport-security')).toBe(HSTS);
  });
});
