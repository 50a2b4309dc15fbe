import { beforeEach, describe, expect, it, vi } from 'vitest';

const callAdmin = vi.fn();
vi.mock('~/client/admin-api', () => ({
  callAdmin: (contract: { method: string; path: string }, input: unknown) =>
    callAdmin(`${contract.method} ${contract.path}`, input),
}));

const { createLoginStore, createSetupStore, logOutOperator } = await import('./auth');
const refused = (code: string) => Object.assign(new Error('x'), { code });

describe('console log-in store (docs/product.md §13 Access)', () => {
  beforeEach(() => callAdmin.mockReset());

  it('password, then the enrolment code, then the recovery codes to save', async () => {
    const store = createLoginStore();
    const enrolment = { secret: 'ABC', uri: 'otpauth://x', qrSvg: '<svg/>' };
    callAdmin.mockResolvedValueOnce({ enrolment });
    await store.submitPassword('ops@example.com', 'correct horse battery');
    expect(callAdmin.mock.calls[0]).toEqual([
      'POST /admin/api/login',
      { body: { email: 'ops@example.com', password: 'correct horse battery' } },
    ]);
    expect(store.$step.get()).toEqual({ kind: 'code', enrolment, recovery: false });
    callAdmin.mockResolvedValueOnce({ recoveryCodes: ['a-b', 'c-d'] });
    await store.submitCode(' 123 456 ');
    expect(callAdmin.mock.calls[1]![1]).toEqual({ body: { code: '123456' } });
    expect(store.$step.get()).toEqual({ kind: 'codes', codes: ['a-b', 'c-d'] });
  });

  it('a wrong password stays on the first step with its text; a recovery code finishes the log-in', async () => {
    const store = createLoginStore();
    callAdmin.mockRejectedValueOnce(refused('invalid_credentials'));
    await store.submitPassword('ops@example.com', 'wrong');
    expect(store.$step.get()).toEqual({ kind: 'password' });
    expect(store.action.$state.get()).toEqual({ busy: false, error: { key: 'errors.invalid_credentials' } });
    callAdmin.mockResolvedValueOnce({ enrolment: null });
    await store.submitPassword('ops@example.com', 'right');
    store.toggleRecovery();
    callAdmin.mockResolvedValueOnce({});
    await store.submitCode(' abcd-efgh ');
    expect(callAdmin.mock.calls.at(-1)![1]).toEqual({ body: { recoveryCode: 'abcd-efgh' } });
    expect(store.$step.get()).toEqual({ kind: 'done' });
  });

  it('logging out ignores a failure', async () => {
    callAdmin.mockRejectedValueOnce(refused('network'));
    await expect(logOutOperator()).resolves.toBeUndefined();
  });
});

describe('console setup store', () => {
  beforeEach(() => callAdmin.mockReset());

  it('checks the password before sending it with the token', async () => {
    const store = createSetupStore('token-1');
    await store.submit('short', 'short');
    expect(store.action.$state.get().error).toEqual({ key: 'setup.too_short' });
    await store.submit('long enough password', 'long enough passwort');
    expect(store.action.$state.get().error).toEqual({ key: 'setup.differ' });
    expect(callAdmin).not.toHaveBeenCalled();
    callAdmin.mockResolvedValueOnce({ email: 'new@example.com' });
    await store.submit('long enough password', 'long enough password');
    expect(callAdmin.mock.calls[0]![1]).toEqual({ body: { token: 'token-1', password: 'long enough password' } });
    expect(store.$done.get()).toBe('new@example.com');
  });

  it('words an expired link', async () => {
    const store = createSetupStore('old');
    callAdmin.mockRejectedValueOnce(refused('expired_token'));
    await store.submit('long enough password', 'long enough password');
    expect(store.action.$state.get().error).toEqual({ key: 'errors.expired_token' });
    expect(store.$done.get()).toBeNull();
  });
});
