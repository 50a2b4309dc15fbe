import { beforeEach, describe, expect, it, vi } from 'vitest';

const callApi = vi.fn();
vi.mock('../client/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../client/api')>()),
  callApi: (route: { name: string }, ...rest: unknown[]) => callApi(route.name, ...rest),
}));

const { ApiError } = await import('../client/api');
const store = await import('./email-change');

const status = (pending: string | null = null) => ({
  email: 'old@example.com',
  pending: pending ? { email: pending, expiresAt: '2026-11-22T12:00:00.000Z' } : null,
});

describe('e-mail change store (docs/product.md §10 E-mail change)', () => {
  beforeEach(() => {
    callApi.mockReset();
    store.resetEmailChange();
  });

  it('loads the address and pending change', async () => {
    callApi.mockResolvedValueOnce(status('new@example.com'));
    await store.loadEmailChange();
    expect(callApi.mock.calls[0]![0]).toBe('emailChangeStatus');
    expect(store.$emailChange.get().status).toEqual(status('new@example.com'));
  });

  it('checks the input like signup before calling the server', async () => {
    expect(await store.requestEmailChange('not-an-address', '')).toBe(false);
    expect(store.$emailChange.get().fieldErrors).toEqual({
      email: 'validation.email',
      password: 'validation.required',
    });
    expect(callApi).not.toHaveBeenCalled();
  });

  it('sends a valid request (lower-cased) and shows the pending change', async () => {
    callApi.mockResolvedValueOnce(status('new@example.com'));
    expect(await store.requestEmailChange(' New@Example.com ', 'secret')).toBe(true);
    expect(callApi.mock.calls[0]![0]).toBe('requestEmailChange');
    expect(callApi.mock.calls[0]![1].body).toEqual({ email: 'new@example.com', password: 'secret' });
    expect(store.$emailChange.get()).toMatchObject({ busy: false, status: status('new@example.com') });
  });

  it('puts a wrong password and a taken address on their fields', async () => {
    callApi.mockRejectedValueOnce(
      new ApiError(422, 'validation_failed', 'email_change.password_wrong', [
        { path: 'password', message: 'email_change.password_wrong' },
      ]),
    );
    expect(await store.requestEmailChange('new@example.com', 'wrong')).toBe(false);
    expect(store.$emailChange.get().fieldErrors).toEqual({ password: 'email_change.password_wrong' });
    callApi.mockRejectedValueOnce(new ApiError(409, 'account_exists', 'email_change.address_taken'));
    await store.requestEmailChange('taken@example.com', 'secret');
    expect(store.$emailChange.get().fieldErrors).toEqual({ email: 'email_change.address_taken' });
    callApi.mockRejectedValueOnce(new ApiError(429, 'rate_limited', 'errors.rate_limited'));
    await store.requestEmailChange('new@example.com', 'secret');
    expect(store.$emailChange.get()).toMatchObject({ fieldErrors: {}, error: 'errors.rate_limited' });
  });

  it('suggests a fix for a typo in the domain', () => {
    store.suggestNewEmail('anna@gmial.com');
    expect(store.$emailChange.get().suggestion).toBe('anna@gmail.com');
    store.suggestNewEmail('anna@gmail.com');
    expect(store.$emailChange.get().suggestion).toBeNull();
  });

  it('sends again, cancels, and reloads when nothing is pending any more', async () => {
    callApi.mockResolvedValueOnce(status('new@example.com'));
    await store.resendEmailChange();
    expect(store.$emailChange.get().notice).toBe('resent');
    callApi.mockResolvedValueOnce(status());
    await store.cancelEmailChange();
    expect(store.$emailChange.get()).toMatchObject({ notice: 'cancelled', status: status() });
    callApi.mockRejectedValueOnce(new ApiError(404, 'not_found', 'email_change.nothing_pending'));
    callApi.mockResolvedValueOnce(status());
    await store.resendEmailChange();
    expect(callApi.mock.calls.at(-1)![0]).toBe('emailChangeStatus');
    expect(store.$emailChange.get().error).toBe('email_change.nothing_pending');
  });

  it('checks an undo link, then undoes', async () => {
    callApi.mockResolvedValueOnce({ email: 'old@example.com' });
    await store.checkUndoLink('t'.repeat(43));
    expect(store.$emailChangeUndo.get()).toMatchObject({ step: 'ready', email: 'old@example.com' });
    callApi.mockResolvedValueOnce({ email: 'old@example.com', endedSessions: 2 });
    await store.undoEmailChange('t'.repeat(43));
    expect(callApi.mock.calls[1]![1].body).toEqual({ token: 't'.repeat(43) });
    expect(store.$emailChangeUndo.get()).toMatchObject({ step: 'done', busy: false });
  });

  it('tells a used or expired undo link apart from other failures', async () => {
    callApi.mockRejectedValueOnce(new ApiError(410, 'expired_token', 'account.token_expired'));
    await store.checkUndoLink('x');
    expect(store.$emailChangeUndo.get().step).toBe('expired');
    callApi.mockRejectedValueOnce(new ApiError(410, 'invalid_token', 'account.token_invalid'));
    await store.checkUndoLink('x');
    expect(store.$emailChangeUndo.get().step).toBe('invalid');
    callApi.mockResolvedValueOnce({ email: 'old@example.com' });
    await store.checkUndoLink('x');
    callApi.mockRejectedValueOnce(new ApiError(0, 'network', 'errors.network'));
    await store.undoEmailChange('x');
    expect(store.$emailChangeUndo.get()).toMatchObject({ step: 'ready', error: 'errors.network' });
  });
});
