import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '~/shared/contracts/profile';

const callApi = vi.fn();
vi.mock('../client/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../client/api')>()),
  callApi: (route: { name: string }, ...rest: unknown[]) => callApi(route.name, ...rest),
}));

const { ApiError } = await import('../client/api');
const password = await import('./password');
const session = await import('./session');
const activation = await import('./activation-resend');

const user = { email: 'a@example.com', profile: { id: 1, name: 'A', lastSignupStep: 7 } } as unknown as User;

describe('password store (docs/product.md §10)', () => {
  beforeEach(() => {
    callApi.mockReset();
    password.resetPasswordForms();
    session.initSession(null);
    session.stopUserPolling();
  });

  it('checks the change form before calling the API', async () => {
    expect(await password.changePassword({ currentPassword: '', password: 'abc', confirm: 'abd' })).toBe(false);
    expect(callApi).not.toHaveBeenCalled();
    expect(password.$passwordChange.get().fieldErrors).toEqual({
      currentPassword: 'validation.required',
      password: 'validation.min_length',
      confirm: 'password.mismatch',
    });
  });

  it('changes the password and reports done', async () => {
    callApi.mockResolvedValueOnce({ endedSessions: 2 });
    expect(
      await password.changePassword({ currentPassword: 'old', password: 'new-secret', confirm: 'new-secret' }),
    ).toBe(true);
    expect(callApi).toHaveBeenCalledWith('changePassword', {
      query: { action: 'change' },
      body: { currentPassword: 'old', newPassword: 'new-secret' },
    });
    expect(password.$passwordChange.get().status).toBe('done');
  });

  it('shows a wrong current password on its field and a rate limit as a form error', async () => {
    callApi.mockRejectedValueOnce(
      new ApiError(422, 'validation_failed', 'password.current_wrong', [
        { path: 'currentPassword', message: 'password.current_wrong' },
      ]),
    );
    await password.changePassword({ currentPassword: 'bad', password: 'new-secret', confirm: 'new-secret' });
    expect(password.$passwordChange.get()).toMatchObject({
      status: 'error',
      fieldErrors: { currentPassword: 'password.current_wrong' },
      error: null,
    });
    callApi.mockRejectedValueOnce(new ApiError(429, 'rate_limited', 'errors.rate_limited'));
    await password.changePassword({ currentPassword: 'bad', password: 'new-secret', confirm: 'new-secret' });
    expect(password.$passwordChange.get()).toMatchObject({ error: 'errors.rate_limited', code: 'rate_limited' });
  });

  it('asks for a reset link', async () => {
    expect(await password.requestPasswordReset('nope')).toBe(false);
    expect(password.$resetRequest.get().fieldErrors.email).toBe('validation.email');
    callApi.mockResolvedValueOnce({ sent: true });
    expect(await password.requestPasswordReset(' Anna@Example.com ')).toBe(true);
    expect(callApi).toHaveBeenCalledWith('requestPasswordReset', {
      query: { action: 'request-reset' },
      body: { email: 'anna@example.com' },
    });
    expect(password.$resetRequest.get().status).toBe('done');
  });

  it('resets with the token, logs the member in, and names a dead link', async () => {
    callApi.mockResolvedValueOnce({ user });
    expect(await password.resetPassword('tok', { password: 'new-secret', confirm: 'new-secret' })).toEqual(user);
    expect(callApi).toHaveBeenCalledWith('resetPassword', {
      query: { action: 'reset' },
      body: { token: 'tok', newPassword: 'new-secret' },
    });
    expect(session.$user.get()).toEqual(user);
    expect(session.isUserPolling()).toBe(true);
    session.stopUserPolling();

    callApi.mockRejectedValueOnce(new ApiError(410, 'expired_token', 'account.token_expired'));
    expect(await password.resetPassword('tok', { password: 'new-secret', confirm: 'new-secret' })).toBeNull();
    expect(password.$passwordReset.get()).toMatchObject({ code: 'expired_token', error: 'account.token_expired' });
    callApi.mockRejectedValueOnce(
      new ApiError(422, 'validation_failed', 'errors.validation_failed', [
        { path: 'newPassword', message: 'validation.min_length' },
      ]),
    );
    await password.resetPassword('tok', { password: 'new-secret', confirm: 'new-secret' });
    expect(password.$passwordReset.get().fieldErrors).toEqual({ password: 'validation.min_length' });
  });
});

describe('activation resend store (docs/product.md §2 activate-reminder)', () => {
  it('goes sending → sent, or error with the reason', async () => {
    callApi.mockReset();
    let finish: (value: unknown) => void = () => undefined;
    callApi.mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
    const pending = activation.resendActivation();
    expect(activation.$activationResend.get()).toBe('sending');
    finish({ status: 'sent' });
    await pending;
    expect(activation.$activationResend.get()).toBe('sent');
    expect(callApi).toHaveBeenCalledWith('resendActivation', { query: { resend: '1' } });

    callApi.mockRejectedValueOnce(new ApiError(429, 'rate_limited', 'errors.rate_limited'));
    await activation.resendActivation();
    expect(activation.$activationResend.get()).toBe('error');
    expect(activation.$activationResendError.get()).toBe('errors.rate_limited');
  });
});
