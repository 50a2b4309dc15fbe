import { beforeEach, describe, expect, it, vi } from 'vitest';

const callApi = vi.fn();
vi.mock('../client/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../client/api')>()),
  callApi: (route: { name: string }, ...rest: unknown[]) => callApi(route.name, ...rest),
}));

const { ApiError } = await import('../client/api');
const store = await import('./account-deletion');

describe('account deletion store (docs/product.md §10)', () => {
  beforeEach(() => {
    callApi.mockReset();
    store.resetAccountDeletion();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('shows the offer when the server has one, and declining goes on to the confirmation', async () => {
    callApi.mockResolvedValueOnce({ percent: 50 });
    await store.startDeletion();
    expect(callApi).toHaveBeenCalledWith('showDeleteOffer');
    expect(store.$accountDeletion.get()).toMatchObject({ step: 'offer', offerPercent: 50, busy: false });
    store.declineOffer();
    expect(store.$accountDeletion.get().step).toBe('confirm');
  });

  it('goes straight to the confirmation without an offer, or when asking for it failed', async () => {
    callApi.mockResolvedValueOnce({ percent: null });
    await store.startDeletion();
    expect(store.$accountDeletion.get().step).toBe('confirm');
    store.cancelDeletion();
    callApi.mockRejectedValueOnce(new ApiError(0, 'network', 'errors.network'));
    await store.startDeletion();
    expect(store.$accountDeletion.get()).toMatchObject({ step: 'confirm', error: null });
  });

  it('accepting keeps the account; a refusal is shown on the offer', async () => {
    callApi.mockResolvedValueOnce({ percent: 50 });
    await store.startDeletion();
    callApi.mockRejectedValueOnce(new ApiError(404, 'not_found', 'errors.not_found'));
    await store.acceptOffer();
    expect(store.$accountDeletion.get()).toMatchObject({ step: 'offer', error: 'errors.not_found' });
    callApi.mockResolvedValueOnce({ percent: 50 });
    await store.acceptOffer();
    expect(callApi).toHaveBeenLastCalledWith('acceptDeleteOffer');
    expect(store.$accountDeletion.get()).toMatchObject({ step: 'stayed', acceptedPercent: 50, error: null });
  });

  it('loads an accepted offer as a reminder', async () => {
    callApi.mockResolvedValueOnce({ offer_percent: null, accepted_percent: 50 });
    await store.loadDeleteOfferState();
    expect(store.$accountDeletion.get().acceptedPercent).toBe(50);
  });

  it('checks the password locally, then deletes with the reason', async () => {
    expect(await store.confirmDeletion('', null)).toBe(false);
    expect(store.$accountDeletion.get().fieldErrors).toEqual({ password: 'validation.required' });
    expect(callApi).not.toHaveBeenCalled();

    callApi.mockResolvedValueOnce({ deleted: true });
    expect(await store.confirmDeletion('secret', 'privacy')).toBe(true);
    expect(callApi).toHaveBeenCalledWith('deleteAccount', {
      body: { password: 'secret', reason: 'privacy' },
    });
  });

  it('puts a wrong password on the field and other failures above the form', async () => {
    callApi.mockRejectedValueOnce(
      new ApiError(422, 'validation_failed', 'errors.validation_failed', [
        { path: 'password', message: 'account_delete.wrong_password' },
      ]),
    );
    expect(await store.confirmDeletion('wrong', null)).toBe(false);
    expect(callApi).toHaveBeenCalledWith('deleteAccount', { body: { password: 'wrong' } });
    expect(store.$accountDeletion.get()).toMatchObject({
      busy: false,
      error: null,
      fieldErrors: { password: 'account_delete.wrong_password' },
    });
    callApi.mockRejectedValueOnce(new ApiError(429, 'rate_limited', 'errors.rate_limited'));
    expect(await store.confirmDeletion('again', null)).toBe(false);
    expect(store.$accountDeletion.get()).toMatchObject({ error: 'errors.rate_limited', fieldErrors: {} });
  });
});
