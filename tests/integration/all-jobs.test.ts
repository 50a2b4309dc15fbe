import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { lt } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../src/server/context';
import { memberEvents } from '../../src/server/db/schema';
import { ALL_JOBS } from '../../src/server/lifecycle/all-jobs';
import { startPeriodicJobs } from '../../src/server/lifecycle/periodic-jobs';
import { EVENT_RETENTION_MS, memberEventsPruneJob, publishEvent } from '../../src/server/platform/events/events';
import { useTestContext } from '../helpers/context';
import { createMember } from '../helpers/factories';

const SERVER = path.resolve(__dirname, '../../src/server');
/** Every non-test .ts file under src/server with its source. */
function serverSources(): { file: string; source: string }[] {
  const files = readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.join(SERVER, file));
  return files.map((file) => ({ file, source: readFileSync(file, 'utf8') }));
}
/**
 * Job-like functions that are deliberately not jobs, with the file that calls them on another
 * path (checked below, so the exception cannot go stale).
 */
const RUN_ELSEWHERE: Record<string, string> = {
  pruneOperatorSessions: 'operators/operator-login.ts',
};

/** Timers that are not background jobs: they live only while a member's event stream is open in this process. */
const STREAM_TIMERS = ['realtime/session-watch.ts', 'realtime/presence.ts', 'realtime/stream.ts'];

const harness = useTestContext();
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** docs/architecture.md §6 convention 15: one typed list of every background job. */
describe('the list of background jobs', () => {
  it('holds every PeriodicJob a module exports, once, with a unique name and what it owns', async () => {
    const exported: { file: string; name: string }[] = [];
    for (const { file, source } of serverSources()) {
      for (const match of source.matchAll(/export const (\w+): PeriodicJob\b/g))
        exported.push({ file, name: match[1]! });
    }
    expect(exported.length).toBeGreaterThan(0);
    for (const { file, name } of exported) {
      const module = (await import(file)) as Record<string, unknown>;
      expect(ALL_JOBS, `${name} of ${path.relative(SERVER, file)} is not in ALL_JOBS`).toContain(module[name]);
    }
    expect(ALL_JOBS).toHaveLength(exported.length);
    expect(new Set(ALL_JOBS.map((job) => job.name)).size).toBe(ALL_JOBS.length);
    for (const job of ALL_JOBS) expect(job.owns.length, job.name).toBeGreaterThan(10);
    // A job is only ever started from the list: nothing registers or times jobs on its own.
    for (const { file, source } of serverSources()) {
      const relative = path.relative(SERVER, file);
      if (relative === path.join('lifecycle', 'periodic-jobs.ts') || STREAM_TIMERS.includes(relative)) continue;
      expect(source, path.relative(SERVER, file)).not.toMatch(/registerPeriodicJob|setInterval\(/);
    }
  });

  it('every prune… function runs in a listed job (or on its documented path)', () => {
    const sources = serverSources();
    const jobSources = sources.filter(({ source }) => /export const \w+: PeriodicJob\b/.test(source));
    const prunes = sources.flatMap(({ source }) =>
      [...source.matchAll(/export (?:async )?function (prune\w*)\(/g)].map((match) => match[1]!),
    );
    expect(prunes).toContain('pruneEvents');
    for (const prune of prunes) {
      const elsewhere = RUN_ELSEWHERE[prune];
      if (elsewhere) {
        expect(readFileSync(path.join(SERVER, elsewhere), 'utf8')).toMatch(new RegExp(`await ${prune}\\(`));
        continue;
      }
      expect(
        jobSources.some(({ source }) => new RegExp(`\\b${prune}\\(`).test(source.split(': PeriodicJob')[1] ?? '')),
        `${prune} runs in no job of ALL_JOBS`,
      ).toBe(true);
    }
  });

  it('starts every job of the list, and each one runs against the database without failing', async () => {
    vi.useFakeTimers();
    const runs = ALL_JOBS.map((job) => vi.spyOn(job, 'run').mockResolvedValue(undefined));
    const stop = startPeriodicJobs({ log: harness.ctx().log } as AppContext);
    await vi.advanceTimersByTimeAsync(5_000);
    for (const run of runs) expect(run).toHaveBeenCalled();
    await stop();
    vi.useRealTimers();
    vi.restoreAllMocks();
    for (const job of ALL_JOBS) await expect(job.run(harness.ctx()), job.name).resolves.toBeUndefined();
  });

  it('is the table of jobs in docs/architecture.md', () => {
    const docs = readFileSync(path.resolve(__dirname, '../../docs/architecture.md'), 'utf8');
    for (const job of ALL_JOBS) expect(docs, job.name).toMatch(new RegExp(`\\| \`${job.name}\` \\|`));
  });

  it('member-events-prune deletes events past their retention and keeps the rest', async () => {
    const ctx = harness.ctx();
    const member = await createMember(ctx, { name: 'Eve', email: 'eve@example.com' });
    await publishEvent(ctx, member, 'like', { from: member });
    harness.clock.advance(EVENT_RETENTION_MS + 60_000);
    await publishEvent(ctx, member, 'like', { from: member });
    await memberEventsPruneJob.run(ctx);
    const cutoff = new Date(harness.clock.now().getTime() - EVENT_RETENTION_MS);
    expect(await ctx.db.select().from(memberEvents).where(lt(memberEvents.createdAt, cutoff))).toHaveLength(0);
    expect(await ctx.db.select().from(memberEvents)).toHaveLength(1);
  });
});
