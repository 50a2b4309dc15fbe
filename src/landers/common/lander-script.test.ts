import { describe, expect, it } from 'vitest';
import { runLanderScript } from './lander-script';

/** Just enough of a document for the lander script: links, GET forms, cookies. */
function fakeDocument(links: { href: string; locale?: string }[], forms = 0) {
  const cookies: string[] = [];
  const anchors = links.map((link) => {
    const attributes: Record<string, string> = { href: link.href };
    const listeners: (() => void)[] = [];
    return {
      dataset: { locale: link.locale },
      getAttribute: (name: string) => attributes[name] ?? null,
      setAttribute: (name: string, value: string) => void (attributes[name] = value),
      addEventListener: (_: string, listener: () => void) => void listeners.push(listener),
      click: () => listeners.forEach((listener) => listener()),
      isLocale: link.locale !== undefined,
    };
  });
  const formElements = Array.from({ length: forms }, () => ({
    fields: [] as { name: string; value: string }[],
    append(input: { name: string; value: string }) {
      this.fields.push(input);
    },
  }));
  const doc = {
    set cookie(value: string) {
      cookies.push(value);
    },
    querySelectorAll: (selector: string) => {
      if (selector === 'a[data-cta]') return anchors.filter((a) => !a.isLocale);
      if (selector === 'a[data-locale]') return anchors.filter((a) => a.isLocale);
      if (selector === 'form[data-cta]') return formElements;
      return [];
    },
    createElement: () => ({ name: '', value: '', type: '' }),
  };
  return { doc: doc as unknown as Document, cookies, anchors, forms: formElements };
}

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  } as Storage;
}
const location = (search: string, protocol = 'https:') => ({ search, protocol }) as Location;

describe('lander script (docs/product.md §3 tracking record, docs/product.md §1 language)', () => {
  it('keeps the URL record 30 days in cookie and storage and puts it on every CTA and form', () => {
    const { doc, cookies, anchors, forms } = fakeDocument([{ href: '/signup' }, { href: '/signup?seeking=female' }], 1);
    const storage = memoryStorage();
    expect(runLanderScript(doc, location('?network=abc&sub1=x&sub2=y&click_id=k'), storage, 0)).toEqual({
      network: 'abc',
      sub1: 'x',
      sub2: 'y',
      clickid: 'k',
    });
    expect(cookies[0]).toBe(
      `amora_tracking=${encodeURIComponent(JSON.stringify({ network: 'abc', sub1: 'x', sub2: 'y', clickid: 'k' }))};max-age=2592000;path=/;samesite=lax;secure`,
    );
    expect(anchors[0]!.getAttribute('href')).toBe('/signup?network=abc&sub1=x&sub2=y&clickid=k');
    expect(anchors[1]!.getAttribute('href')).toBe('/signup?seeking=female&network=abc&sub1=x&sub2=y&clickid=k');
    expect(forms[0]!.fields.map((field) => `${field.name}=${field.value}`)).toEqual([
      'network=abc',
      'sub1=x',
      'sub2=y',
      'clickid=k',
    ]);
    expect(JSON.parse(storage.getItem('amora_tracking')!)).toEqual({
      record: { network: 'abc', sub1: 'x', sub2: 'y', clickid: 'k' },
      expires: 30 * 86_400_000,
    });
  });

  it('uses the stored record on a later visit without parameters, until it is 30 days old', () => {
    const storage = memoryStorage();
    runLanderScript(fakeDocument([]).doc, location('?network=abc'), storage, 0);
    const later = fakeDocument([{ href: '/signup' }]);
    runLanderScript(later.doc, location(''), storage, 29 * 86_400_000);
    expect(later.anchors[0]!.getAttribute('href')).toBe('/signup?network=abc');
    expect(later.cookies).toEqual([]);
    const expired = fakeDocument([{ href: '/signup' }]);
    expect(runLanderScript(expired.doc, location(''), storage, 30 * 86_400_000)).toBeNull();
    expect(expired.anchors[0]!.getAttribute('href')).toBe('/signup');
  });

  it('stores a language picked in the footer in i18n_redirected for 365 days', () => {
    const { doc, cookies, anchors } = fakeDocument([{ href: '/landers/video/fr', locale: 'fr' }]);
    runLanderScript(doc, location('', 'http:'), memoryStorage(), 0);
    anchors[0]!.click();
    expect(cookies).toEqual(['i18n_redirected=fr;max-age=31536000;path=/;samesite=lax']);
  });

  it('keeps the stored network when a visit brings only lander and variant, without rewriting the cookie; a new click replaces it (docs/product.md §12)', () => {
    const storage = memoryStorage();
    const at = (search: string) => ({ search, pathname: '/landers/video/de', protocol: 'https:' }) as Location;
    expect(runLanderScript(fakeDocument([]).doc, at('?network=abc&clickid=k'), storage, 0)).toEqual({
      network: 'abc',
      clickid: 'k',
    });
    const entered = fakeDocument([{ href: '/signup' }]);
    expect(runLanderScript(entered.doc, at('?lander=video&variant=spring%3Ab'), storage, 1000)).toEqual({
      network: 'abc',
      clickid: 'k',
      lander: 'video',
      variant: 'spring:b',
    });
    expect(entered.anchors[0]!.getAttribute('href')).toBe(
      '/signup?network=abc&clickid=k&lander=video&variant=spring%3Ab',
    );
    // No click in the URL: the cookie stays the server's (it merged lander and variant into the record it holds).
    expect(entered.cookies).toEqual([]);
    expect(runLanderScript(fakeDocument([]).doc, at('?network=other&lander=video'), storage, 2000)).toEqual({
      network: 'other',
      lander: 'video',
    });
  });
});
