import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BootData } from '../client/boot';
import { getI18n, hasMessages } from '~/shared/i18n';
import { pageCanSignUp, pagePushKey, preparePageMessages } from './page';

const boot = {
  packageName: 'amora',
  locale: 'pl',
  user: null,
  access: { canSignUp: false, canSearch: true },
  settings: { push_pub: 'BKey' },
} as unknown as BootData;

describe("the page's boot data for islands", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('has no push key and registers nothing while rendering on the server', async () => {
    expect(pagePushKey()).toBeNull();
    await preparePageMessages('build-1');
    expect(hasMessages('pl')).toBe(false);
  });

  it('reads push key and access from #amora-boot in the browser, and registers the messages of its locale', async () => {
    vi.stubGlobal('location', { protocol: 'http:' });
    vi.stubGlobal('document', {
      cookie: '',
      getElementById: (id: string) => (id === 'amora-boot' ? { textContent: JSON.stringify(boot) } : null),
    });
    const fetcher = vi.fn(async () => new Response(JSON.stringify({ pl: { page_test: { hello: 'Cześć' } } })));
    vi.stubGlobal('fetch', fetcher);
    expect(pagePushKey()).toBe('BKey');
    expect(pageCanSignUp()).toBe(false);
    await preparePageMessages('build-1');
    expect(fetcher).toHaveBeenCalledWith('/_i18n/pl/messages.json?build=build-1', expect.anything());
    expect(getI18n('pl').t('page_test.hello')).toBe('Cześć');
  });
});
