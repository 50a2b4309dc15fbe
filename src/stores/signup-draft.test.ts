import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let packageName = 'amora';
vi.mock('../client/boot', () => ({ readBoot: () => ({ packageName }) }));
const callApi = vi.fn();
vi.mock('../client/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../client/api')>()),
  callApi: (route: { name: string }, ...rest: unknown[]) => callApi(route.name, ...rest),
}));

type DraftStore = typeof import('./signup-draft');
/** A fresh copy of the store per "page load": nothing may survive in module state, only in storage. */
let drafts: DraftStore;
let items: Map<string, string>;

/** A Map-backed localStorage; `failing` makes every call throw as Safari's private mode or a full quota does. */
function stubStorage({ failing = false } = {}) {
  items = new Map();
  const fail = () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => (failing ? fail() : (items.get(key) ?? null)),
    setItem: (key: string, value: string) => (failing ? fail() : items.set(key, value)),
    removeItem: (key: string) => (failing ? fail() : items.delete(key)),
  });
}

const KEY = 'amora_signup_draft:amora';
const stored = () => JSON.parse(items.get(KEY) ?? 'null') as Record<string, unknown> | null;
const DAY_MS = 24 * 60 * 60 * 1000;

async function reload(): Promise<DraftStore> {
  vi.resetModules();
  drafts = await import('./signup-draft');
  return drafts;
}

describe('signup form drafts (docs/product.md §3)', () => {
  beforeEach(async () => {
    packageName = 'amora';
    callApi.mockReset();
    stubStorage();
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
    await reload();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps the e-mail and name on every change and gives them back after a reload', async () => {
    expect(drafts.restoreAccountDraft()).toEqual({ email: '', name: '' });
    drafts.saveAccountDraft({ email: 'an', name: '' });
    expect(stored()).toEqual({ email: 'an', savedAt: Date.parse('2026-03-01T12:00:00Z') });
    drafts.saveAccountDraft({ email: ' anna@example.com ', name: 'Anna' });
    await reload();
    expect(drafts.restoreAccountDraft()).toEqual({ email: 'anna@example.com', name: 'Anna' });
    // Emptying both fields leaves nothing behind.
    drafts.saveAccountDraft({ email: '', name: '' });
    expect(items.has(KEY)).toBe(false);
  });

  it('never writes the password, whatever it is handed', () => {
    const values = { email: 'anna@example.com', name: 'Anna', password: 'secret-pass-123' };
    drafts.saveAccountDraft(values);
    drafts.saveProfileDraft(7, { personal: 'Hi', password: 'secret-pass-123' } as never);
    const raw = [...items.entries()].flat().join('\n');
    expect(raw).not.toContain('secret-pass-123');
    expect(raw).not.toContain('password');
    expect(Object.keys(stored()!).sort()).toEqual(['email', 'memberId', 'name', 'personal', 'savedAt']);
  });

  it('drops a draft 7 days after its last change, and removes it from storage', async () => {
    drafts.saveAccountDraft({ email: 'anna@example.com', name: 'Anna' });
    vi.setSystemTime(Date.now() + 7 * DAY_MS - 60_000);
    await reload();
    expect(drafts.restoreAccountDraft().email).toBe('anna@example.com');
    // That read changed nothing: the week still counts from the last change.
    vi.setSystemTime(Date.now() + 60_000);
    await reload();
    expect(drafts.restoreAccountDraft()).toEqual({ email: '', name: '' });
    expect(items.has(KEY)).toBe(false);
  });

  it('every change starts the week again', async () => {
    drafts.saveAccountDraft({ email: 'anna@example.com', name: '' });
    vi.setSystemTime(Date.now() + 6 * DAY_MS);
    drafts.saveAccountDraft({ email: 'anna@example.com', name: 'Anna' });
    vi.setSystemTime(Date.now() + 6 * DAY_MS);
    await reload();
    expect(drafts.restoreAccountDraft()).toEqual({ email: 'anna@example.com', name: 'Anna' });
    expect(drafts.isSignupDraftExpired(Date.now() + 1000, new Date())).toBe(true);
  });

  it('drops a corrupt or tampered draft instead of trusting it', async () => {
    const now = Date.now();
    const tampered = [
      '{not json',
      'null',
      '"anna@example.com"',
      JSON.stringify({ email: 'anna@example.com' }),
      JSON.stringify({ email: 'anna@example.com', savedAt: now, password: 'x' }),
      JSON.stringify({ email: 42, savedAt: now }),
      JSON.stringify({ name: 'x'.repeat(151), savedAt: now }),
      JSON.stringify({ email: 'anna@example.com', savedAt: now + DAY_MS }),
      JSON.stringify({ personal: 'no member', savedAt: now }),
      JSON.stringify({ memberId: 7, dateOfBirth: '<script>', savedAt: now }),
    ];
    for (const text of tampered) {
      items.set(KEY, text);
      await reload();
      expect(drafts.restoreAccountDraft(), text).toEqual({ email: '', name: '' });
      expect(items.has(KEY), text).toBe(false);
    }
  });

  it("keeps one draft per site: another site's draft never shows", async () => {
    drafts.saveAccountDraft({ email: 'anna@example.com', name: 'Anna' });
    packageName = 'lovelane';
    await reload();
    expect(drafts.restoreAccountDraft()).toEqual({ email: '', name: '' });
    drafts.saveAccountDraft({ email: 'lena@example.com', name: 'Lena' });
    expect([...items.keys()].sort()).toEqual(['amora_signup_draft:amora', 'amora_signup_draft:lovelane']);
    packageName = 'amora';
    await reload();
    expect(drafts.restoreAccountDraft().email).toBe('anna@example.com');
  });

  it("keeps a member's date of birth and notes for that member only, until their step is saved", async () => {
    drafts.saveProfileDraft(7, { dateOfBirth: ['1990', '04', ''] });
    drafts.saveProfileDraft(7, { personal: 'I love the sea.' });
    await reload();
    expect(drafts.restoreProfileDraft(7)).toEqual({ dateOfBirth: ['1990', '04', ''], personal: 'I love the sea.' });
    expect(drafts.restoreProfileDraft(8)).toEqual({ dateOfBirth: null, personal: null });
    // Another member writing replaces the first one's fields.
    drafts.saveProfileDraft(8, { personal: 'Hello' });
    expect(drafts.restoreProfileDraft(7)).toEqual({ dateOfBirth: null, personal: null });
    expect(stored()).toMatchObject({ memberId: 8, personal: 'Hello' });
    expect(stored()).not.toHaveProperty('dateOfBirth');

    drafts.saveProfileDraft(8, { dateOfBirth: ['1985', '12', '31'] });
    drafts.forgetSignupDraftFields(['dateOfBirth']);
    expect(drafts.restoreProfileDraft(8)).toEqual({ dateOfBirth: null, personal: 'Hello' });
    drafts.forgetSignupDraftFields(['personal']);
    expect(items.has(KEY)).toBe(false);
  });

  it('works on without storage (private mode, full quota): nothing kept, nothing thrown', async () => {
    stubStorage({ failing: true });
    await reload();
    expect(() => drafts.saveAccountDraft({ email: 'anna@example.com', name: 'Anna' })).not.toThrow();
    expect(drafts.restoreAccountDraft()).toEqual({ email: '', name: '' });
    expect(() => drafts.forgetSignupDraftFields(['personal'])).not.toThrow();
    vi.stubGlobal('localStorage', undefined);
    expect(drafts.restoreProfileDraft(7)).toEqual({ dateOfBirth: null, personal: null });
  });
});

describe('signup form drafts end with the visitor (docs/product.md §3)', () => {
  beforeEach(async () => {
    packageName = 'amora';
    callApi.mockReset();
    stubStorage();
    await reload();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const user = { email: 'anna@example.com', profile: { id: 7, lastSignupStep: 0 } };

  it('are removed once the account is created', async () => {
    const session = await import('./session');
    drafts.saveAccountDraft({ email: 'anna@example.com', name: 'Anna' });
    callApi.mockResolvedValueOnce({ user });
    await session.signUp({} as never);
    session.stopUserPolling();
    expect(items.has(KEY)).toBe(false);
  });

  it('are kept when the account could not be created', async () => {
    const session = await import('./session');
    drafts.saveAccountDraft({ email: 'anna@example.com', name: 'Anna' });
    const { ApiError } = await import('../client/api');
    callApi.mockRejectedValueOnce(new ApiError(409, 'account_exists', 'signup.existing_account_active'));
    await expect(session.signUp({} as never)).rejects.toThrow();
    expect(drafts.restoreAccountDraft().email).toBe('anna@example.com');
  });

  it('are removed on log-in and log-out', async () => {
    const session = await import('./session');
    drafts.saveAccountDraft({ email: 'anna@example.com', name: 'Anna' });
    callApi.mockResolvedValueOnce({ user });
    await session.logIn('anna@example.com', 'secret-pass');
    expect(items.has(KEY)).toBe(false);

    drafts.saveProfileDraft(7, { personal: 'Hi' });
    callApi.mockRejectedValueOnce(new Error('offline'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await session.logOut();
    expect(items.has(KEY)).toBe(false);
  });

  it('lose the date of birth and the notes when the wizard saves their step', async () => {
    const signup = await import('./signup');
    drafts.saveProfileDraft(7, { dateOfBirth: ['1990', '04', '12'], personal: 'Hi' });
    callApi.mockResolvedValue({ user: { ...user, profile: { ...user.profile, lastSignupStep: 5 } } });
    await signup.goToStep(5, { date_of_birth: '1990-04-12' });
    expect(drafts.restoreProfileDraft(7)).toEqual({ dateOfBirth: null, personal: 'Hi' });
    await signup.goToStep(6, { personal: 'Hi' });
    expect(items.has(KEY)).toBe(false);
  });
});
