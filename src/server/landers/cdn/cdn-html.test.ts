import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cdnEntryHtml, rewriteLanderHtml } from './cdn-html';

const rewrite = {
  appOrigin: 'https://amora.test',
  assetPath: (url: string) =>
    url.startsWith('/media/') ? `/media/${url.slice(7).replace('.webp', '.abc.webp')}` : null,
};

describe('the HTML of a lander on a CDN (docs/architecture.md §3 Landers on a CDN)', () => {
  it('rewrites media in srcset and style attributes, keeps other origins and non-URL values', () => {
    const html =
      '<body><img src="/media/a.webp" srcset="/media/a.webp 120w, /media/b.webp 240w" alt="/not-a-url">' +
      '<div style="background:url(/media/c.webp)"></div><a href="https://other.test/x">x</a>' +
      '<meta name="description" content="/signup is here"></body>';
    const out = rewriteLanderHtml(html, rewrite);
    expect(out).toContain('src="/media/a.abc.webp"');
    expect(out).toContain('srcset="/media/a.abc.webp 120w, /media/b.abc.webp 240w"');
    expect(out).toContain('style="background:url(/media/c.abc.webp)"');
    expect(out).toContain('href="https://other.test/x"');
    expect(out).toContain('content="/signup is here"');
    expect(out).toContain('alt="/not-a-url"');
  });

  it('refuses a page whose inline style or script names a file the CDN copy cannot rewrite', () => {
    expect(() => rewriteLanderHtml('<style>a{background:url(/media/x.webp)}</style>', rewrite)).toThrow(
      /inline style refers to \/media\/x\.webp/,
    );
    expect(() => rewriteLanderHtml('<script>location.href="/signup"</script>', rewrite)).toThrow(
      /inline script refers to \/signup/,
    );
    expect(() => rewriteLanderHtml('<style>@font-face{src:url(/_astro/f.1.woff2)}</style>', rewrite)).not.toThrow();
  });

  it("the entry page forwards to the app's entry link with the query, allowed by its own policy", () => {
    const html = cdnEntryHtml({ appOrigin: 'https://amora.test', design: 'video', title: 'A<b>', lang: 'de-DE' });
    const script = /<script>([^<]*)<\/script>/.exec(html)![1]!;
    expect(script).toBe('location.replace("https://amora.test/landers/video/" + location.search);');
    expect(html).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    expect(html).toContain('<title>A&lt;b&gt;</title>');
  });
});
