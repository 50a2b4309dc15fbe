import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedMessages, loadMessages, messagesAddress, pageMessages } from './language';

const DAY = 24 * 60 * 60 * 1000;

/** Map-backed localStorage/sessionStorage, a cookie jar and a reload spy for the node environment. */
function installBrowser() {
  const local = new Map<string, string>();
  const session = new Map<string, string>();
  const cookies: string[] = [];
  const reload = vi.fn();
  const store = (data: Map<string, string>) => ({
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  });
  vi.stubGlobal('localStorage', store(local));
  vi.stubGlobal('sessionStorage', store(session));
  vi.stubGlobal('location', { protocol: 'http:' });
  vi.stubGlobal('window', { location: { reload } });
  vi.stubGlobal('document', {
    set cookie(value: string) {
      cookies.push(value);
    },
  });
  return { local, cookies, reload };
}

describe('client locale storage (docs/product.md §1, §7, §9)', () => {
  let browser: ReturnType<typeof installBrowser>;
  beforeEach(() => (browser = installBrowser()));
  afterEach(() => vi.unstubAllGlobals());

  it('fetches messages once, caches them 24 hours for that build, and sets the cookie that lets pages leave them out', async () => {
    const fetcher = vi.fn(async () => new Response(JSON.stringify({ fr: { nav: { login: 'Se connecter' } } })));
    expect(await loadMessages('fr', 'b1', 0, fetcher)).toEqual({ nav: { login: 'Se connecter' } });
    expect(fetcher).toHaveBeenCalledWith('/_i18n/fr/messages.json?build=b1', expect.anything());
    expect(browser.cookies).toEqual(['amora_messages=b1.fr;max-age=86400;path=/;samesite=lax']);
    await loadMessages('fr', 'b1', DAY - 1, fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
    await loadMessages('fr', 'b1', DAY, fetcher);
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(cachedMessages('fr', 'b2', DAY)).toBeNull();
  });

  it("logs 'Failed to load messages for locale' and carries on when the load fails", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await loadMessages('pl', 'b1', 0, async () => new Response('nope', { status: 503 }))).toBeNull();
    expect(
      await loadMessages('pl', 'b1', 0, async () => {
        throw new TypeError('offline');
      }),
    ).toBeNull();
    expect(error).toHaveBeenCalledTimes(2);
    expect(error.mock.calls[0]![0]).toBe('Failed to load messages for locale');
    expect(browser.cookies).toEqual([]);
    error.mockRestore();
  });

  it('gives islands the cached messages, else fetches them, else an empty tree (the islands show keys)', async () => {
    const messages = { nav: { login: 'Inloggen' } };
    const fetcher = vi.fn(async () => new Response(JSON.stringify({ nl: messages })));
    expect(await pageMessages('nl', 'b1', 0, fetcher)).toEqual(messages);
    expect(await pageMessages('nl', 'b1', 1_000, fetcher)).toEqual(messages);
    expect(fetcher).toHaveBeenCalledTimes(1);
    browser.local.clear();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await pageMessages('nl', 'b1', 2_000, async () => new Response('', { status: 502 }))).toEqual({});
    expect(error).toHaveBeenCalledOnce();
    expect(browser.reload).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('asks for a build-specific address, so an older build’s messages never come from the HTTP cache', () => {
    expect(messagesAddress('de', 'b 7')).toBe('/_i18n/de/messages.json?build=b%207');
  });
});
