import { beforeEach, describe, expect, it, vi } from 'vitest';

const callApi = vi.fn();
vi.mock('../client/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../client/api')>()),
  callApi: (route: { name: string }, ...rest: unknown[]) => callApi(route.name, ...rest),
}));
const { zeroCredits } = await import('./dev');

describe('developer panel actions (docs/product.md §2)', () => {
  beforeEach(() => {
    callApi.mockReset();
  });

  it('sets the credits to 0 through POST /api/dev.php', async () => {
    callApi.mockResolvedValue({ done: true, credits: 0 });
    await zeroCredits();
    expect(callApi).toHaveBeenCalledWith('devAction', { body: { action: 'zero_credits' } });
  });

  it('passes a refusal on to the panel', async () => {
    callApi.mockRejectedValue(new Error('errors.not_found'));
    await expect(zeroCredits()).rejects.toThrow('errors.not_found');
  });
});
