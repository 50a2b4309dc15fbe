import { describe, expect, it } from 'vitest';
import { createActionStore } from './action';
import { adminFailure } from './errors';
import { createLoadStore } from './load';

/** A promise with its resolve/reject outside, to answer loads in any order. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const failure = (code: string, message = 'x', issues: unknown[] = []) =>
  Object.assign(new Error(message), { code, issues });

describe('console load store (docs/product.md §13)', () => {
  it('loads a key, keeps the data while the next key loads, and reloads the last key', async () => {
    const keys: string[] = [];
    const store = createLoadStore(async (key: string) => {
      keys.push(key);
      return `rows of ${key}`;
    });
    expect(store.$state.get()).toEqual({ data: null, error: null, loading: false });
    await store.load('site-a');
    expect(store.$state.get()).toEqual({ data: 'rows of site-a', error: null, loading: false });
    const next = store.load('site-b');
    expect(store.$state.get()).toMatchObject({ data: 'rows of site-a', loading: true });
    await next;
    await store.reload();
    expect(keys).toEqual(['site-a', 'site-b', 'site-b']);
  });

  it('drops the late answer of an older key', async () => {
    const answers = new Map([
      ['old', deferred<string>()],
      ['new', deferred<string>()],
    ]);
    const store = createLoadStore((key: string) => answers.get(key)!.promise);
    const old = store.load('old');
    const fresh = store.load('new');
    answers.get('new')!.resolve('new rows');
    await fresh;
    answers.get('old')!.resolve('old rows');
    await old;
    expect(store.$state.get()).toEqual({ data: 'new rows', error: null, loading: false });
  });

  it('keeps the data on a failure and words the failure; a change applies to the data shown', async () => {
    let fail = false;
    const store = createLoadStore(async () => {
      if (fail) throw failure('network');
      return [1, 2, 3];
    });
    await store.load(undefined);
    store.update((rows) => rows.filter((row) => row !== 2));
    expect(store.$state.get().data).toEqual([1, 3]);
    fail = true;
    await store.reload();
    expect(store.$state.get()).toEqual({ data: [1, 3], error: { key: 'errors.network' }, loading: false });
  });
});

describe('console action store', () => {
  it('is busy while the action runs, resolves with its value, and runs one action at a time', async () => {
    const store = createActionStore();
    const answer = deferred<number>();
    const first = store.run(() => answer.promise);
    expect(store.$state.get()).toEqual({ busy: true, error: null });
    expect(await store.run(async () => 2)).toBeNull();
    answer.resolve(1);
    expect(await first).toBe(1);
    expect(store.$state.get()).toEqual({ busy: false, error: null });
  });

  it('shows the precise text of a failure when given, else the generic one; fail and reset', async () => {
    const store = createActionStore();
    expect(
      await store.run(
        () => Promise.reject(failure('conflict')),
        () => ({ key: 'refund.conflict' }),
      ),
    ).toBeNull();
    expect(store.$state.get().error).toEqual({ key: 'refund.conflict' });
    await store.run(
      () => Promise.reject(failure('rate_limited')),
      () => null,
    );
    expect(store.$state.get().error).toEqual({ key: 'errors.rate_limited' });
    store.fail({ key: 'setup.differ' });
    expect(store.$state.get()).toEqual({ busy: false, error: { key: 'setup.differ' } });
    store.reset();
    expect(store.$state.get()).toEqual({ busy: false, error: null });
  });
});

describe('console failure texts', () => {
  it('words refusals, codes, form issues and anything else', () => {
    expect(adminFailure(failure('conflict', 'admin.report_resolved'))).toEqual({ key: 'errors.report_resolved' });
    expect(adminFailure(failure('forbidden'))).toEqual({ key: 'errors.forbidden' });
    expect(adminFailure(failure('validation_failed', 'x', [{ path: 'days', message: 'too_big' }]))).toEqual({
      key: 'errors.validation_failed',
      values: { issues: 'days: too_big' },
    });
    expect(adminFailure(failure('validation_failed'))).toEqual({ key: 'errors.check_form' });
    expect(adminFailure(failure('internal'))).toEqual({ key: 'errors.server' });
    expect(adminFailure(new Error('boom'))).toEqual({ key: 'errors.unknown' });
    expect(adminFailure(null)).toEqual({ key: 'errors.unknown' });
  });
});
