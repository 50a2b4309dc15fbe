import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_MS, loadMessages, rememberedLanguage, rememberLanguage } from './language';

/** A Map-backed localStorage for the node test environment. */
function installStorage() {
  const data = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  });
  return data;
}

describe('client locale storage (SPEC §1, §7, §9)', () => {
  beforeEach(() => installStorage());
  afterEach(() => vi.unstubAllGlobals());

  it('remembers the chosen language for 30 days', () => {
    rememberLanguage('de', 1_000);
    expect(rememberedLanguage(1_000 + LANGUAGE_STORAGE_MS - 1)).toBe('de');
    expect(rememberedLanguage(1_000 + LANGUAGE_STORAGE_MS)).toBeNull();
    rememberLanguage('xx', 2_000);
    expect(rememberedLanguage(2_000)).toBe('de');
  });

  it('fetches messages once and serves them from the cache for 24 hours', async () => {
    const fetcher = vi.fn(async () => new Response(JSON.stringify({ fr: { nav: { login: 'Se connecter' } } })));
    expect(await loadMessages('fr', 0, fetcher)).toEqual({ nav: { login: 'Se connecter' } });
    expect(fetcher).toHaveBeenCalledWith('/_i18n/fr/messages.json');
    await loadMessages('fr', 24 * 60 * 60 * 1000 - 1, fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
    await loadMessages('fr', 24 * 60 * 60 * 1000, fetcher);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it("logs 'Failed to load messages for locale' and carries on when the load fails", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await loadMessages('pl', 0, async () => new Response('nope', { status: 503 }))).toBeNull();
    expect(await loadMessages('pl', 0, async () => { throw new TypeError('offline'); })).toBeNull();
    expect(error).toHaveBeenCalledTimes(2);
    expect(error.mock.calls[0]![0]).toBe('Failed to load messages for locale');
    error.mockRestore();
  });
});
