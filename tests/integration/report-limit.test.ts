import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reports } from '../../src/server/db/schema';
import { reportEndpoint } from '../../src/server/http/endpoints/safety';
import { callApi } from '../helpers/api';
import { useTestContext } from '../helpers/context';
import { createMember } from '../helpers/factories';
import { loggedInMember } from '../helpers/session';

const { ctx, clock } = useTestContext();

const report = (cookie: string, profile: number) =>
  callApi(ctx(), reportEndpoint, '/api/report.php', { method: 'POST', cookie, body: { profile, reason: 'spam' } });
const reportsBy = (id: number) => ctx().db.select().from(reports).where(eq(reports.reporterId, id));

describe('reports per member per hour (docs/product.md §9)', () => {
  it('takes 10 reports an hour, then answers rate_limited with Retry-After until the hour ends', async () => {
    expect(ctx().config.rateLimits.reportsPerHour).toBe(10);
    const reporter = await loggedInMember(ctx(), 'Rita');
    const other = await loggedInMember(ctx(), 'Sam');
    const targets = await Promise.all(Array.from({ length: 11 }, (_, i) => createMember(ctx(), { name: `T${i}` })));
    clock.set('2026-11-21T12:15:00Z');
    for (const target of targets.slice(0, 10)) expect((await report(reporter.cookie, target)).status).toBe(200);

    const refused = await report(reporter.cookie, targets[10]!);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toMatchObject({ code: 'rate_limited', message: 'safety.report_limit' });
    expect(refused.response.headers.get('retry-after')).toBe(String(45 * 60));
    expect(await reportsBy(reporter.id)).toHaveLength(10);

    // Another member's reports are counted apart.
    expect((await report(other.cookie, targets[10]!)).status).toBe(200);
    clock.set('2026-11-21T13:00:00Z');
    expect((await report(reporter.cookie, targets[10]!)).status).toBe(200);
    expect(await reportsBy(reporter.id)).toHaveLength(11);
  });

  it('counts refused attempts too, so probing unknown profiles is limited as well', async () => {
    const reporter = await loggedInMember(ctx(), 'Tess');
    const target = await createMember(ctx(), { name: 'Target' });
    for (let i = 0; i < 10; i++) expect((await report(reporter.cookie, 999_000 + i)).status).toBe(404);
    expect((await report(reporter.cookie, target)).status).toBe(429);
    expect(await reportsBy(reporter.id)).toHaveLength(0);
  });
});
