import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { landerReport } from '../../src/server/affiliates/lander-report';
import { formatLanderReport } from '../../src/server/affiliates/lander-report-text';
import { conversions, landerVisits } from '../../src/server/db/schema';
import { enterLander } from '../../src/server/http/lander-entry';
import { useTestContext } from '../helpers/context';
import { createMember } from '../helpers/factories';

const { ctx, clock } = useTestContext();
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

/** `count` accounts that signed up through a lander/variant on `day`, the first `activated` confirmed and the first `bought` paying. */
async function cohort(input: {
  lander: string;
  variant: string | null;
  day: string;
  count: number;
  activated: number;
  bought: number;
}) {
  for (let i = 0; i < input.count; i += 1) {
    const userId = await createMember(ctx());
    const at = new Date(`${input.day}T10:00:00Z`);
    const base = {
      userId,
      site: 'amora',
      lander: input.lander,
      variant: input.variant,
      network: 'adnet',
      createdAt: at,
    };
    await ctx()
      .db.insert(conversions)
      .values({ ...base, event: 'signup', key: 'signup' });
    if (i < input.activated)
      await ctx()
        .db.insert(conversions)
        .values({ ...base, event: 'activation', key: 'activation' });
    // The sale comes weeks later, after the period: it still counts for the cohort.
    if (i < input.bought)
      await ctx()
        .db.insert(conversions)
        .values({
          ...base,
          event: 'sale',
          key: 'sale',
          amountCents: 1999,
          currency: 'EUR',
          createdAt: new Date('2026-12-20T00:00:00Z'),
        });
  }
}

describe('lander report (docs/product.md §12)', () => {
  it('counts visits at the entry link per design, variant and network, but not bots', async () => {
    const site = ctx().sites.byPackageName.get('amora')!;
    const enter = (query: string, userAgent = CHROME) =>
      enterLander(ctx(), {
        site,
        secureCookies: false,
        design: 'video',
        request: new Request(`http://localhost/landers/video/${query}`, { headers: { 'user-agent': userAgent } }),
      });
    await enter('?network=AdNet');
    await enter('?network=adnet&sub1=x');
    await enter('');
    await enter('?network=adnet', 'Googlebot/2.1 (+http://www.google.com/bot.html)');
    await enter('?network=%3Cscript%3E');
    clock.advance(24 * 3_600_000);
    await enter('?network=adnet');
    const rows = await ctx().db.select().from(landerVisits).orderBy(asc(landerVisits.day), asc(landerVisits.network));
    expect(rows).toEqual([
      { site: 'amora', day: '2026-11-21', lander: 'video', variant: '', network: '', visits: 2 },
      { site: 'amora', day: '2026-11-21', lander: 'video', variant: '', network: 'adnet', visits: 2 },
      { site: 'amora', day: '2026-11-22', lander: 'video', variant: '', network: 'adnet', visits: 1 },
    ]);
    // The bots are counted apart, for the report's note, and in no row.
    await enter('', 'curl/8.5.0');
    await enter(
      '?network=adnet',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/131.0.0.0 Safari/537.36',
    );
    const report = await landerReport(ctx(), { site: 'amora', from: '2026-11-21', to: '2026-11-22' });
    expect(report.botVisits).toBe(3);
    expect(report.rows.reduce((sum, row) => sum + row.visits, 0)).toBe(5);
    expect(formatLanderReport(report)).toContain(
      'Note: 3 entry-link visits by bots (crawlers, curl, headless browsers) in this period are in no row. To try an experiment, send a browser User-Agent (docs/features.md: Landers).',
    );
    expect((await landerReport(ctx(), { site: 'amora', from: '2026-11-23', to: '2026-11-30' })).botVisits).toBe(0);
    expect((await landerReport(ctx(), { site: 'flirtbox', from: '2026-11-21', to: '2026-11-22' })).botVisits).toBe(0);
  });

  it('prints per design and variant the counts and rates with 95 % intervals, and whether the leader is significant', async () => {
    const visits = [
      { lander: 'video', variant: 'spring:a', network: 'adnet', day: '2026-11-10', visits: 120 },
      { lander: 'video', variant: 'spring:a', network: '', day: '2026-11-11', visits: 80 },
      { lander: 'gallery', variant: 'spring:b', network: 'adnet', day: '2026-11-10', visits: 200 },
      { lander: 'maplanding', variant: '', network: 'adnet', day: '2026-11-12', visits: 50 },
      // Outside the period.
      { lander: 'video', variant: 'spring:a', network: 'adnet', day: '2026-10-31', visits: 999 },
      { lander: 'video', variant: 'spring:a', network: 'adnet', day: '2026-12-01', visits: 999 },
    ];
    await ctx()
      .db.insert(landerVisits)
      .values(visits.map((visit) => ({ site: 'amora', ...visit })));
    await ctx()
      .db.insert(landerVisits)
      .values({ site: 'flirtbox', lander: 'video', variant: '', network: '', day: '2026-11-10', visits: 77 });
    await cohort({ lander: 'video', variant: 'spring:a', day: '2026-11-10', count: 30, activated: 20, bought: 3 });
    await cohort({ lander: 'gallery', variant: 'spring:b', day: '2026-11-30', count: 60, activated: 45, bought: 12 });
    await cohort({ lander: 'maplanding', variant: null, day: '2026-11-12', count: 0, activated: 0, bought: 0 });
    await cohort({ lander: 'gallery', variant: 'spring:b', day: '2026-12-01', count: 5, activated: 5, bought: 5 });

    const report = await landerReport(ctx(), { site: 'amora', from: '2026-11-01', to: '2026-11-30' });
    expect(
      report.rows.map(({ lander, variant, visits, signups, activations, sales }) => ({
        lander,
        variant,
        visits,
        signups,
        activations,
        sales,
      })),
    ).toEqual([
      { lander: 'gallery', variant: 'spring:b', visits: 200, signups: 60, activations: 45, sales: 12 },
      { lander: 'maplanding', variant: null, visits: 50, signups: 0, activations: 0, sales: 0 },
      { lander: 'video', variant: 'spring:a', visits: 200, signups: 30, activations: 20, sales: 3 },
    ]);
    const gallery = report.rows[0]!;
    // 60/200 = 30 %: Wilson [24.07 %, 36.68 %]; 45/200 = 22.5 %: [17.26 %, 28.77 %]; 12/200 = 6 %: [3.47 %, 10.19 %].
    expect(gallery.signupRate.rate).toBe(0.3);
    expect(gallery.signupRate.low).toBeCloseTo(0.24075, 4);
    expect(gallery.signupRate.high).toBeCloseTo(0.36679, 4);
    expect(gallery.activationRate.low).toBeCloseTo(0.1726, 4);
    expect(gallery.saleRate.low).toBeCloseTo(0.03465, 4);
    expect(gallery.saleRate.high).toBeCloseTo(0.10193, 4);
    // 60/200 against 30/200: z = 0.15 / √(0.225·0.775·0.01) = 3.5921, p = 2·(1 − Φ(3.5921)) = 0.000328.
    expect(report.experiments).toHaveLength(1);
    expect(report.experiments[0]).toMatchObject({
      experiment: 'spring',
      leader: 'spring:b',
      runnerUp: 'spring:a',
      significant: true,
    });
    expect(report.experiments[0]!.p).toBeCloseTo(0.000328, 5);

    const text = formatLanderReport(report);
    expect(text).toContain('gallery     spring:b');
    expect(text).toContain('30.0 % [24.1–36.7]');
    expect(text).toContain(
      'Experiment spring: spring:b leads spring:a on signup rate, p = 0.0003 → significant (p < 0.05)',
    );
    // No bot visited: no note.
    expect(text).not.toContain('bots');

    // Fewer visits: the same rates are no longer significantly different.
    const small = await landerReport(ctx(), { site: 'amora', from: '2026-11-11', to: '2026-11-11' });
    expect(small.rows.map((row) => [row.lander, row.visits, row.signups])).toEqual([['video', 80, 0]]);
    expect(small.experiments).toEqual([]);
    expect(
      formatLanderReport(await landerReport(ctx(), { site: 'amora', from: '2025-01-01', to: '2025-01-02' })),
    ).toContain('No visits or signups in this period.');
  });
});
