import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '~/shared/contracts/profile';

const callApi = vi.fn();
vi.mock('../client/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../client/api')>()),
  callApi: (route: { name: string }, ...rest: unknown[]) => callApi(route.name, ...rest),
}));

const { ApiError } = await import('../client/api');
const { $user } = await import('./session');
const store = await import('./account-profile');

const user = { email: 'ann@example.com', profile: { id: 1, name: 'Ann' } } as unknown as User;
const today = new Date('2026-06-01T12:00:00Z');

describe('profile editing on /profile (docs/product.md §10)', () => {
  beforeEach(() => {
    callApi.mockReset();
    $user.set(user);
    for (const section of ['basics', 'about', 'location'] as const) store.resetSection(section);
  });

  it('applies the signup rules to the name, date of birth and city', () => {
    const check = (update: object, incompleteDate = false) =>
      store.validateProfileUpdate(update, { email: 'ann@example.com', today, incompleteDate });
    expect(check({ name: 'Ann' })).toEqual({});
    expect(check({ name: ' ' })).toEqual({ name: 'validation.required' });
    expect(check({ name: '@ann' })).toEqual({ name: 'signup.name_starts_with_at' });
    expect(check({ name: 'a'.repeat(151) })).toEqual({ name: 'validation.max_length' });
    expect(check({ name: 'ANN@example.com' })).toEqual({ name: 'signup.name_equal_to_email' });
    expect(check({ date_of_birth: '2010-01-01' })).toEqual({ date_of_birth: 'profile.date_of_birth_error' });
    expect(check({ date_of_birth: '1990-02-31' })).toEqual({ date_of_birth: 'profile.date_of_birth_error' });
    expect(check({ date_of_birth: '2008-06-01' })).toEqual({});
    expect(check({}, true)).toEqual({ date_of_birth: 'profile.date_of_birth_error' });
    expect(check({ city: 'c'.repeat(256) })).toEqual({ city: 'validation.max_length' });
  });

  it('saves a section and updates the session user', async () => {
    const saved = { ...user, profile: { ...user.profile, personal: 'Hi' } };
    callApi.mockResolvedValue({ user: saved });
    expect(await store.saveProfileSection('about', { personal: 'Hi' })).toBe(true);
    expect(callApi).toHaveBeenCalledWith('profileUpdate', { body: { personal: 'Hi' } });
    expect($user.get()).toBe(saved);
    expect(store.$profileSections.get().about.status).toBe('saved');
  });

  it('does not call the server with invalid input', async () => {
    expect(await store.saveProfileSection('basics', { name: '@x' })).toBe(false);
    expect(callApi).not.toHaveBeenCalled();
    expect(store.$profileSections.get().basics.errors).toEqual({ name: 'signup.name_starts_with_at' });
  });

  it('shows the server field issues, or a form error for other failures', async () => {
    callApi.mockRejectedValueOnce(
      new ApiError(422, 'validation_failed', 'errors.validation_failed', [
        { path: 'countryregion', message: 'search.region_needs_country' },
      ]),
    );
    expect(await store.saveProfileSection('location', { country: 'NL', countryregion: 'BY' })).toBe(false);
    expect(store.$profileSections.get().location).toMatchObject({
      errors: { countryregion: 'search.region_needs_country' },
      formError: null,
    });
    callApi.mockRejectedValueOnce(new ApiError(0, 'network', 'errors.network'));
    await store.saveProfileSection('location', { country: 'NL' });
    expect(store.$profileSections.get().location).toMatchObject({ errors: {}, formError: 'errors.network' });
    expect($user.get()).toBe(user);
  });
});
