import { describe, expect, it } from 'vitest';
import { createDatabaseProbe, readinessReport } from './readiness';

describe('readinessReport', () => {
  it('is ready only when started, jobs running, the database answering and not draining', () => {
    expect(readinessReport('ready', true, 'ok')).toEqual({
      ready: true,
      state: 'ready',
      database: 'ok',
      migrations: 'applied',
      jobs: 'running',
    });
    expect(readinessReport('starting', false, 'unknown')).toMatchObject({ ready: false, migrations: 'pending' });
    expect(readinessReport('ready', true, 'unreachable')).toMatchObject({ ready: false, database: 'unreachable' });
    expect(readinessReport('ready', false, 'ok')).toMatchObject({ ready: false, jobs: 'stopped' });
    expect(readinessReport('draining', true, 'ok')).toMatchObject({ ready: false, state: 'draining' });
    expect(readinessReport('stopped', false, 'unknown')).toMatchObject({ ready: false, migrations: 'pending' });
  });
});

describe('createDatabaseProbe', () => {
  it('asks the database once for concurrent checks and reuses the answer for the ttl', async () => {
    let now = 0;
    let pings = 0;
    const probe = createDatabaseProbe(async () => void pings++, { ttlMs: 1000, timeoutMs: 500, now: () => now });
    expect(await Promise.all([probe(), probe(), probe()])).toEqual(['ok', 'ok', 'ok']);
    expect(pings).toBe(1);
    now = 999;
    expect(await probe()).toBe('ok');
    expect(pings).toBe(1);
    now = 1000;
    expect(await probe()).toBe('ok');
    expect(pings).toBe(2);
  });

  it('says unreachable when the ping fails or takes longer than the timeout', async () => {
    let now = 0;
    let mode: 'fail' | 'hang' | 'ok' = 'fail';
    const probe = createDatabaseProbe(
      () =>
        mode === 'fail'
          ? Promise.reject(new Error('connection refused'))
          : mode === 'hang'
            ? new Promise(() => undefined)
            : Promise.resolve(),
      { ttlMs: 10, timeoutMs: 20, now: () => now },
    );
    expect(await probe()).toBe('unreachable');
    mode = 'hang';
    now = 100;
    expect(await probe()).toBe('unreachable');
    mode = 'ok';
    now = 200;
    expect(await probe()).toBe('ok');
  });
});
