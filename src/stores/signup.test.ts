import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const callApi = vi.fn();
vi.mock('../client/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../client/api')>()),
  callApi: (route: { name: string }, ...rest: unknown[]) => callApi(route.name, ...rest),
}));
const currentPosition = vi.fn();
vi.mock('../client/geolocation', () => ({ currentPosition: () => currentPosition() }));
const signup = await import('./signup');
const { $settings } = await import('./settings');
const { activationHeadingKey } = await import('../islands/signup/StepActivation');

const user = { email: 'a@example.com', profile: { id: 1, lastSignupStep: 7 } };

describe('activation progress (docs/product.md §4: 900 ms ticks, 20 at most, headings at 4, 7, 10)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    callApi.mockReset();
    vi.stubGlobal('window', { dispatchEvent: vi.fn() });
    vi.stubGlobal(
      'CustomEvent',
      class {
        constructor(readonly type: string) {}
      },
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('changes the heading at ticks 4, 7 and 10', () => {
    expect([0, 3, 4, 6, 7, 9, 10, 19].map(activationHeadingKey)).toEqual([
      'wizard.activation_1',
      'wizard.activation_1',
      'wizard.activation_2',
      'wizard.activation_2',
      'wizard.activation_3',
      'wizard.activation_3',
      'wizard.activation_4',
      'wizard.activation_4',
    ]);
  });

  it('finishes when the server reports delivered and moves to step 7', async () => {
    let polls = 0;
    callApi.mockImplementation(async (operation: string) => {
      if (operation === 'activation') return { delivered: ++polls >= 3 };
      if (operation === 'profileUpdate') return { user };
      return user;
    });
    signup.runActivation();
    await vi.advanceTimersByTimeAsync(0);
    expect(signup.$activation.get().tick).toBe(1);
    await vi.advanceTimersByTimeAsync(900);
    expect(signup.$activation.get().tick).toBe(2);
    await vi.advanceTimersByTimeAsync(900);
    expect(signup.$activation.get()).toMatchObject({ tick: 3, delivered: true, done: true });
    expect(signup.$signupStep.get()).toBe(7);
    // The first poll refetched the user.
    expect(callApi.mock.calls[0]![0]).toBe('user');
  });

  it('gives up waiting after 20 ticks', async () => {
    callApi.mockImplementation(async (operation: string) => {
      if (operation === 'activation') return { delivered: false };
      if (operation === 'profileUpdate') return { user };
      return user;
    });
    signup.runActivation();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(900 * 25);
    expect(signup.$activation.get()).toMatchObject({ tick: 20, delivered: false, done: true });
    expect(callApi.mock.calls.filter(([c]) => c === 'activation')).toHaveLength(20);
  });
});

describe('changing the e-mail after signup', () => {
  beforeEach(() => {
    callApi.mockReset();
  });

  it('sends the new address, then waits for the confirmation mail to it', async () => {
    const { ApiError } = await import('../client/api');
    callApi.mockImplementation(async (contract: unknown) =>
      contract === 'activation' ? { delivered: true } : { user },
    );
    await expect(signup.changeEmail('new@example.com')).resolves.toBe(true);
    expect(callApi.mock.calls.map(([contract]) => contract)).toEqual(['emailChange', 'activation']);
    expect(callApi.mock.calls[0]![1]).toEqual({ body: { email: 'new@example.com' } });

    callApi.mockReset();
    callApi.mockRejectedValue(new ApiError(409, 'account_exists', 'signup.existing_account_active'));
    await expect(signup.changeEmail('taken@example.com')).rejects.toMatchObject({
      message: 'signup.existing_account_active',
    });
    expect(callApi).toHaveBeenCalledTimes(1);
  });
});

describe('the location step prefill (docs/product.md §2 step 3)', () => {
  const countries = ['NL', 'BE', 'DE'];
  const settingsWith = (geoip_selected_country: string) => ({ geoip_country: 'XX', geoip_selected_country });

  beforeEach(() => {
    callApi.mockReset();
    currentPosition.mockReset();
    $settings.set(null);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('takes the geocoded browser position first', async () => {
    currentPosition.mockResolvedValue({ lat: 52.37, lon: 4.9 });
    callApi.mockImplementation(async (route: string) =>
      route === 'geocode' ? { country: 'NL', countryregion: 'NH', city: 'Amsterdam' } : settingsWith('DE'),
    );
    await expect(signup.prefillLocation(countries)).resolves.toEqual({
      country: 'NL',
      countryregion: 'NH',
      city: 'Amsterdam',
    });
    expect(callApi.mock.calls.map(([route]) => route)).toEqual(['geocode']);
  });

  it('falls back to the country of the IP address when the browser gives no position', async () => {
    currentPosition.mockResolvedValue(null);
    callApi.mockResolvedValue(settingsWith('DE'));
    await expect(signup.prefillLocation(countries)).resolves.toEqual({ country: 'DE', countryregion: null, city: '' });
    expect(callApi.mock.calls.map(([route]) => route)).toEqual(['settings']);
  });

  it('falls back to it as well when the position lies outside the site countries or geocoding fails', async () => {
    currentPosition.mockResolvedValue({ lat: 48.85, lon: 2.35 });
    callApi.mockImplementation(async (route: string) =>
      route === 'geocode' ? { country: 'FR', countryregion: 'IDF', city: 'Paris' } : settingsWith('BE'),
    );
    await expect(signup.prefillLocation(countries)).resolves.toEqual({ country: 'BE', countryregion: null, city: '' });

    const { ApiError } = await import('../client/api');
    callApi.mockImplementation(async (route: string) => {
      if (route === 'geocode') throw new ApiError(500, 'internal', 'errors.internal');
      return settingsWith('BE');
    });
    await expect(signup.prefillLocation(countries)).resolves.toMatchObject({ country: 'BE' });
  });

  it('prefills nothing when the settings fail or name a country the step does not offer', async () => {
    currentPosition.mockResolvedValue(null);
    const { ApiError } = await import('../client/api');
    callApi.mockRejectedValue(new ApiError(500, 'internal', 'errors.internal'));
    await expect(signup.prefillLocation(countries)).resolves.toBeNull();

    callApi.mockReset();
    callApi.mockResolvedValue(settingsWith('US'));
    await expect(signup.prefillLocation(countries)).resolves.toBeNull();
  });
});
