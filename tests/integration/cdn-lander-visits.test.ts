import { describe, expect, it } from 'vitest';
import { landerReport } from '../../src/server/affiliates/lander-report';
import { formatLanderReport } from '../../src/server/affiliates/lander-report-text';
import { enterLander } from '../../src/server/http/lander-entry';
import { useTestContext } from '../helpers/context';
import { sitesWith } from '../helpers/custom-sites';
import { SPRING_EXPERIMENT } from '../helpers/postback-receiver';

const LANDERS_URL = 'https://lp.amora.test';
const SITES_DIR = sitesWith({
  amora: {
    public_url: 'https://amora.test',
    landers_url: LANDERS_URL,
    affiliates: { networks: {}, experiments: [SPRING_EXPERIMENT] },
  },
});
const { ctx } = useTestContext({ SITES_DIR });
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

describe('landers on a CDN: visits and experiment splits (docs/product.md §12 Landers on a CDN)', () => {
  it('the entry link stays on the app: it counts the visit and the variant, then sends the visitor to the lander on landers_url with the tracking record', async () => {
    const site = ctx().sites.byPackageName.get('amora')!;
    const targets: URL[] = [];
    for (let i = 0; i < 20; i += 1) {
      const response = await enterLander(ctx(), {
        site,
        design: 'video',
        secureCookies: true,
        request: new Request(`https://amora.test/landers/video/?network=adnet&sub1=s${i}&clickid=c${i}`, {
          headers: { 'user-agent': CHROME, 'accept-language': 'de-DE' },
        }),
      });
      expect(response!.status).toBe(302);
      targets.push(new URL(response!.headers.get('location')!));
    }
    for (const [i, target] of targets.entries()) {
      expect(target.origin).toBe(LANDERS_URL);
      expect(target.pathname).toMatch(/^\/landers\/(video|gallery)\/de$/);
      expect(target.searchParams.get('network')).toBe('adnet');
      expect(target.searchParams.get('sub1')).toBe(`s${i}`);
      expect(target.searchParams.get('clickid')).toBe(`c${i}`);
      expect(target.searchParams.get('variant')).toMatch(/^spring:[ab]$/);
      expect(target.searchParams.get('lander')).toBe(target.pathname.split('/')[2]);
    }

    const day = ctx().clock.now().toISOString().slice(0, 10);
    const report = await landerReport(ctx(), { site: 'amora', from: day, to: day });
    const byVariant = Object.fromEntries(report.rows.map((row) => [row.variant, row]));
    const sent = (variant: string) => targets.filter((target) => target.searchParams.get('variant') === variant).length;
    expect(byVariant['spring:a']?.visits ?? 0).toBe(sent('spring:a'));
    expect(byVariant['spring:b']?.visits ?? 0).toBe(sent('spring:b'));
    expect(report.rows.reduce((sum, row) => sum + row.visits, 0)).toBe(20);
    expect(formatLanderReport(report)).toContain('spring:');
  });

  it('a bot is sent to the CDN too, uncounted', async () => {
    const site = ctx().sites.byPackageName.get('amora')!;
    const response = await enterLander(ctx(), {
      site,
      design: 'gallery',
      secureCookies: true,
      request: new Request('https://amora.test/landers/gallery/?network=adnet', {
        headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
      }),
    });
    expect(response!.headers.get('location')).toBe(`${LANDERS_URL}/landers/gallery/en?network=adnet`);
  });
});
