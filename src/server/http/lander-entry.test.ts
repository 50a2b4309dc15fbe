import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Experiment } from '../platform/sites/affiliates-config';
import { loadSites } from '../platform/sites/load-sites';
import type { SiteConfig } from '../platform/sites/site-config';
import { EXPERIMENT_COOKIE, redirectToLander } from './lander-entry';

const sites = loadSites(path.resolve(import.meta.dirname, '../../../config/sites'));
const amora = sites.byPackageName.get('amora')!;
const lovelane = sites.byPackageName.get('lovelane')!;
const get = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });
const NOW = new Date('2026-11-20T12:00:00Z');
/** The visitor accepted cookies (docs/product.md §3 Consent): the demo sites ask. */
const CONSENTED = 'amora_consent=granted';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

const spring: Experiment = {
  name: 'spring',
  variants: [
    { id: 'a', design: 'video', weight: 1 },
    { id: 'b', design: 'gallery', weight: 3 },
  ],
  start: '2026-11-01T00:00:00Z',
  end: '2026-12-01T00:00:00Z',
};
const withExperiment: SiteConfig = { ...amora, affiliates: { networks: {}, experiments: [spring] } };

/** The JSON value of a Set-Cookie of `name` among the response's cookies. */
function cookieValue(response: Response, name: string): unknown {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return cookie ? JSON.parse(decodeURIComponent(cookie.split(';')[0]!.slice(name.length + 1))) : undefined;
}

describe('/landers/{design}/ entry link (docs/product.md §2, §4, §12)', () => {
  it('goes to the slug of the Accept-Language locale and the site niche, keeping the query and naming the lander', () => {
    const { response, visit } = redirectToLander({
      site: amora,
      secureCookies: false,
      design: 'video',
      request: get('http://localhost/landers/video/?network=abc&sub1=x&sub2=y', {
        'accept-language': 'de-DE,de;q=0.9,en;q=0.5',
        'user-agent': CHROME,
        cookie: CONSENTED,
      }),
      now: NOW,
    })!;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/landers/video/de?network=abc&sub1=x&sub2=y&lander=video');
    expect(response.headers.get('vary')).toBe('Cookie, Accept-Language');
    expect(cookieValue(response, 'amora_tracking')).toEqual({ network: 'abc', sub1: 'x', sub2: 'y', lander: 'video' });
    expect(visit).toEqual({ site: 'amora', lander: 'video', variant: null, network: 'abc' });
  });

  it('prefers the i18n_redirected cookie, uses the niche prefix of the site, and keeps an earlier network', () => {
    const fr = redirectToLander({
      site: amora,
      secureCookies: false,
      design: 'gallery',
      request: get('http://localhost/landers/gallery/', {
        'accept-language': 'de-DE',
        cookie: `i18n_redirected=fr; amora_tracking=${encodeURIComponent('{"network":"adnet","clickid":"k1"}')}; ${CONSENTED}`,
      }),
    })!;
    expect(fr.response.headers.get('location')).toBe('/landers/gallery/fr?lander=gallery');
    expect(cookieValue(fr.response, 'amora_tracking')).toEqual({ network: 'adnet', clickid: 'k1', lander: 'gallery' });
    expect(fr.visit?.network).toBe('adnet');
    const milf = redirectToLander({
      site: lovelane,
      secureCookies: false,
      design: 'video',
      request: get('http://lovelane.test/landers/video/'),
    })!;
    expect(milf.response.headers.get('location')).toBe('/landers/video/milf-nl?lander=video');
  });

  it('sets neither the tracking nor the experiment cookie without consent on a site that asks, and still names the visit (docs/product.md §3 Consent)', () => {
    for (const cookie of ['', 'amora_consent=denied', 'amora_consent=maybe']) {
      const entry = redirectToLander({
        site: withExperiment,
        secureCookies: false,
        design: 'video',
        request: get('http://localhost/landers/video/?network=n1&sub1=s', { 'user-agent': CHROME, cookie }),
        now: NOW,
        random: () => 0.9,
      })!;
      expect(entry.response.headers.getSetCookie()).toEqual([]);
      // The record travels in the lander's URL instead, and the visit is still counted.
      expect(entry.response.headers.get('location')).toBe(
        '/landers/gallery/en?network=n1&sub1=s&lander=gallery&variant=spring%3Ab',
      );
      expect(entry.visit).toEqual({ site: 'amora', lander: 'gallery', variant: 'spring:b', network: 'n1' });
    }
    // A site that does not ask keeps both cookies as before.
    const open = redirectToLander({
      site: { ...withExperiment, consent_required: false },
      secureCookies: false,
      design: 'video',
      request: get('http://localhost/landers/video/?network=n1', { 'user-agent': CHROME }),
      now: NOW,
      random: () => 0.9,
    })!;
    expect(cookieValue(open.response, 'amora_tracking')).toEqual({
      network: 'n1',
      lander: 'gallery',
      variant: 'spring:b',
    });
    expect(cookieValue(open.response, EXPERIMENT_COOKIE)).toEqual({ spring: 'b' });
  });

  it('refuses an unknown design', () => {
    expect(
      redirectToLander({
        site: amora,
        secureCookies: false,
        design: 'index.php',
        request: get('http://localhost/landers/index.php/'),
      }),
    ).toBeNull();
  });

  it('splits a running experiment by weight and keeps the variant in a cookie for 90 days', () => {
    const drawn = [0.1, 0.3, 0.6, 0.9].map((r) =>
      redirectToLander({
        site: withExperiment,
        secureCookies: false,
        design: 'video',
        request: get('http://localhost/landers/video/?network=n1', { 'user-agent': CHROME, cookie: CONSENTED }),
        now: NOW,
        random: () => r,
      })!,
    );
    // Weights 1:3 → r < 0.25 is a, the rest b.
    expect(drawn.map((entry) => entry.visit?.variant)).toEqual(['spring:a', 'spring:b', 'spring:b', 'spring:b']);
    expect(drawn[1]!.response.headers.get('location')).toBe(
      '/landers/gallery/en?network=n1&lander=gallery&variant=spring%3Ab',
    );
    expect(cookieValue(drawn[1]!.response, EXPERIMENT_COOKIE)).toEqual({ spring: 'b' });
    expect(drawn[1]!.response.headers.getSetCookie().find((c) => c.startsWith(EXPERIMENT_COOKIE))).toContain(
      'Max-Age=7776000',
    );
    expect(cookieValue(drawn[1]!.response, 'amora_tracking')).toEqual({
      network: 'n1',
      lander: 'gallery',
      variant: 'spring:b',
    });
  });

  it('keeps the sticky variant whatever is drawn, from either design of the experiment', () => {
    const sticky = redirectToLander({
      site: withExperiment,
      secureCookies: false,
      design: 'gallery',
      request: get('http://localhost/landers/gallery/', {
        cookie: `${EXPERIMENT_COOKIE}=${encodeURIComponent('{"spring":"a"}')}`,
      }),
      now: NOW,
      random: () => 0.99,
    })!;
    expect(sticky.response.headers.get('location')).toBe('/landers/video/en?lander=video&variant=spring%3Aa');
    // Nothing new to remember.
    expect(cookieValue(sticky.response, EXPERIMENT_COOKIE)).toBeUndefined();
    expect(sticky.visit).toEqual({ site: 'amora', lander: 'video', variant: 'spring:a', network: null });
  });

  it('does not split outside the experiment window, nor for other designs, and drops a variant the URL brings', () => {
    const after = redirectToLander({
      site: withExperiment,
      secureCookies: false,
      design: 'video',
      request: get('http://localhost/landers/video/?variant=spring:b'),
      now: new Date('2026-12-02T00:00:00Z'),
      random: () => 0.99,
    })!;
    expect(after.response.headers.get('location')).toBe('/landers/video/en?lander=video');
    const other = redirectToLander({
      site: withExperiment,
      secureCookies: false,
      design: 'maplanding',
      request: get('http://localhost/landers/maplanding/'),
      now: NOW,
    })!;
    expect(other.visit).toEqual({ site: 'amora', lander: 'maplanding', variant: null, network: null });
  });

  it('sends bots to the design asked for, without cookies and without counting them', () => {
    const bot = redirectToLander({
      site: withExperiment,
      secureCookies: false,
      design: 'video',
      request: get('http://localhost/landers/video/?network=n1', {
        'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      }),
      now: NOW,
      random: () => 0.99,
    })!;
    expect(bot.response.headers.get('location')).toBe('/landers/video/en?network=n1');
    expect(bot.response.headers.getSetCookie()).toEqual([]);
    expect(bot.visit).toBeNull();
  });

  it("goes to an experiment's copy variant at {slug}--{copy}", () => {
    const copyTest: SiteConfig = {
      ...lovelane,
      affiliates: {
        networks: {},
        experiments: [
          {
            name: 'headline',
            variants: [
              { id: 'own', design: 'gallery', weight: 1 },
              { id: 'direct', design: 'gallery', copy: 'direct', weight: 1 },
            ],
            start: '2026-11-01T00:00:00Z',
          },
        ],
      },
    };
    const entry = redirectToLander({
      site: copyTest,
      secureCookies: false,
      design: 'gallery',
      request: get('http://lovelane.test/landers/gallery/', { 'accept-language': 'nl' }),
      now: NOW,
      random: () => 0.9,
    })!;
    expect(entry.response.headers.get('location')).toBe(
      '/landers/gallery/milf-nl--direct?lander=gallery&variant=headline%3Adirect',
    );
    expect(entry.visit).toMatchObject({ lander: 'gallery', variant: 'headline:direct' });
  });
});
