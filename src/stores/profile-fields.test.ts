import { beforeEach, describe, expect, it, vi } from 'vitest';

const callApi = vi.fn();
vi.mock('../client/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../client/api')>()),
  callApi: (route: { name: string }, ...rest: unknown[]) => callApi(route.name, ...rest),
}));
const { $profileFields, loadProfileFields } = await import('./profile-fields');

describe('profile fields for signup step 4 (docs/product.md §5)', () => {
  beforeEach(() => {
    callApi.mockReset();
    $profileFields.set({});
  });

  it('holds the allowed values per field from GET /api/profile_fields.php', async () => {
    callApi.mockResolvedValue({ allowed_values: { eye_color: ['blue', 'green'] } });
    await loadProfileFields();
    expect(callApi).toHaveBeenCalledWith('profileFields');
    expect($profileFields.get()).toEqual({ eye_color: ['blue', 'green'] });
  });

  it('logs a failure and keeps the step usable without fields', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    callApi.mockRejectedValue(new Error('offline'));
    await expect(loadProfileFields()).resolves.toBeUndefined();
    expect($profileFields.get()).toEqual({});
    expect(warn).toHaveBeenCalledWith('profile fields failed', expect.any(Error));
    warn.mockRestore();
  });
});
