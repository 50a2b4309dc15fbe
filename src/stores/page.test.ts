import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BootData } from '../client/boot';
import { getI18n, hasMessages } from '~/shared/i18n';
import { ensurePageMessages, pageCanSignUp, pagePushKey } from './page';

const boot = {
  packageName: 'amora',
  locale: 'pl',
  user: null,
  access: { canSignUp: false, canSearch: true },
  settings: { push_pub: 'BKey' },
  messages: { page_test: { hello: 'Cześć' } },
} as unknown as BootData;

describe("the page's boot data for islands", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('has no push key and registers nothing while rendering on the server', () => {
    expect(pagePushKey()).toBeNull();
    ensurePageMessages('pl', 'build-1');
    expect(hasMessages('pl')).toBe(false);
  });

  it('reads push key, access and messages from #amora-boot in the browser', () => {
    vi.stubGlobal('location', { protocol: 'http:' });
    vi.stubGlobal('document', {
      cookie: '',
      getElementById: (id: string) => (id === 'amora-boot' ? { textContent: JSON.stringify(boot) } : null),
    });
    expect(pagePushKey()).toBe('BKey');
    expect(pageCanSignUp()).toBe(false);
    ensurePageMessages('pl', 'build-1');
    expect(getI18n('pl').t('page_test.hello')).toBe('Cześć');
  });
});
