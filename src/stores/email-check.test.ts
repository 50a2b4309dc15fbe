import { beforeEach, describe, expect, it, vi } from 'vitest';

const callApi = vi.fn();
vi.mock('../client/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../client/api')>()),
  callApi: (route: { name: string }, ...rest: unknown[]) => callApi(route.name, ...rest),
}));
const { ApiError } = await import('../client/api');
const { $emailCheck, checkEmailAddress } = await import('./email-check');

describe('e-mail check store (docs/product.md §5)', () => {
  beforeEach(() => {
    callApi.mockReset();
    $emailCheck.set({ status: 'idle', token: null, checkedEmail: '', suggestion: null });
  });

  it('does not call the server until the value has @ and a dot, but suggests typos', async () => {
    await checkEmailAddress('anna@gmial');
    expect(callApi).not.toHaveBeenCalled();
    callApi.mockResolvedValue({ status: 'new', token: 'T', email: 'anna@gmial.com', request_email: 'anna@gmial.com' });
    await checkEmailAddress('anna@gmial.com');
    expect($emailCheck.get().suggestion).toBe('anna@gmail.com');
  });

  it('keeps the token of a new address', async () => {
    callApi.mockResolvedValue({ status: 'new', token: 'T', email: 'a@example.com', request_email: 'a@example.com' });
    await checkEmailAddress('a@example.com');
    expect($emailCheck.get()).toMatchObject({ status: 'new', token: 'T' });
  });

  it('aborts the check in flight when the value changes', async () => {
    let firstSignal: AbortSignal | undefined;
    callApi.mockImplementationOnce((_c, { signal }) => {
      firstSignal = signal;
      return new Promise((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' }))),
      );
    });
    callApi.mockResolvedValueOnce({
      status: 'active',
      token: null,
      email: 'b@example.com',
      request_email: 'b@example.com',
    });
    const first = checkEmailAddress('a@example.com');
    await checkEmailAddress('b@example.com');
    await first;
    expect(firstSignal?.aborted).toBe(true);
    expect($emailCheck.get()).toMatchObject({ status: 'active', checkedEmail: 'b@example.com' });
  });

  it('marks the address invalid when the check fails', async () => {
    callApi.mockRejectedValue(new ApiError(500, 'internal', 'errors.internal'));
    await checkEmailAddress('c@example.com');
    expect($emailCheck.get().status).toBe('invalid');
  });
});

describe('refused addresses (docs/product.md §8)', () => {
  it('maps the checked status to its message key', async () => {
    const { emailCheckErrorKey } = await import('./email-check');
    for (const [status, key] of [
      ['active', 'signup.existing_account_active'],
      ['not_confirmed', 'signup.existing_account_active'],
      ['deleted', null],
      ['invalid', 'signup.invalid_email'],
      ['new', null],
    ] as const) {
      $emailCheck.set({ status, token: null, checkedEmail: 'a@example.com', suggestion: null });
      expect(emailCheckErrorKey(' a@example.com ')).toBe(key);
      expect(emailCheckErrorKey('b@example.com')).toBeNull();
    }
  });
});
