import { describe, expect, it } from 'vitest';
import { runLanderScript } from './lander-script';

/**
 * Just enough of a document for the lander script: links, GET forms, a cookie jar that reads
 * back like `document.cookie` (max-age=0 removes), and the consent choice when `consent` is set.
 */
function fakeDocument(links: { href: string; locale?: string }[], forms = 0, jar = new Map<string, string>()) {
  const cookies: string[] = [];
  let choice: { open: boolean } | null = null;
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
      const [pair] = value.split(';');
      const [name, ...rest] = pair!.split('=');
      if (value.includes('max-age=0')) jar.delete(name!);
      else jar.set(name!, rest.join('='));
    },
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    querySelector: (selector: string) => (selector === '[data-consent-panel]' ? choice : null),
    querySelectorAll: (selector: string) => {
      if (selector === 'a[data-cta]') return anchors.filter((a) => !a.isLocale);
      if (selector === 'a[data-locale]') return anchors.filter((a) => a.isLocale);
      if (selector === 'form[data-cta]') return formElements;
      return [];
    },
    createElement: () => ({ name: '', value: '', type: '' }),
  };
  return {
    doc: doc as unknown as Document,
    cookies,
    jar,
    anchors,
    forms: formElements,
    /** The site asks for consent: the footer has the (pre-rendered, open) choice. */
    withConsentChoice() {
      choice = { open: true };
      return choice;
    },
  };
}

const location = (search: string, protocol = 'https:') => ({ search, protocol }) as Location;
const trackingValue = (record: object) => encodeURIComponent(JSON.stringify(record));

describe('lander script (docs/product.md §3 tracking record, docs/product.md §1 language)', () => {
  it('keeps the URL record 30 days in the cookie and puts it on every CTA and form', () => {
    const { doc, cookies, anchors, forms } = fakeDocument([{ href: '/signup' }, { href: '/signup?seeking=female' }], 1);
    expect(runLanderScript(doc, location('?network=abc&sub1=x&sub2=y&click_id=k'))).toEqual({
      network: 'abc',
      sub1: 'x',
      sub2: 'y',
      clickid: 'k',
    });
    expect(cookies).toEqual([
      `amora_tracking=${trackingValue({ network: 'abc', sub1: 'x', sub2: 'y', clickid: 'k' })};max-age=2592000;path=/;samesite=lax;secure`,
    ]);
    expect(anchors[0]!.getAttribute('href')).toBe('/signup?network=abc&sub1=x&sub2=y&clickid=k');
    expect(anchors[1]!.getAttribute('href')).toBe('/signup?seeking=female&network=abc&sub1=x&sub2=y&clickid=k');
    expect(forms[0]!.fields.map((field) => `${field.name}=${field.value}`)).toEqual([
      'network=abc',
      'sub1=x',
      'sub2=y',
      'clickid=k',
    ]);
  });

  it('uses the record of the cookie on a later visit without parameters (the cookie keeps it 30 days); a broken cookie counts as none', () => {
    const first = fakeDocument([]);
    runLanderScript(first.doc, location('?network=abc'));
    const later = fakeDocument([{ href: '/signup' }], 0, first.jar);
    runLanderScript(later.doc, location(''));
    expect(later.anchors[0]!.getAttribute('href')).toBe('/signup?network=abc');
    expect(later.cookies).toEqual([]);
    const broken = fakeDocument([{ href: '/signup' }], 0, new Map([['amora_tracking', '%7Bnot-json']]));
    expect(runLanderScript(broken.doc, location(''))).toBeNull();
    expect(broken.anchors[0]!.getAttribute('href')).toBe('/signup');
  });

  it('stores a language picked in the footer in i18n_redirected for 365 days', () => {
    const { doc, cookies, anchors } = fakeDocument([{ href: '/landers/video/fr', locale: 'fr' }]);
    runLanderScript(doc, location('', 'http:'));
    anchors[0]!.click();
    expect(cookies).toEqual(['i18n_redirected=fr;max-age=31536000;path=/;samesite=lax']);
  });

  it('keeps the stored network when a visit brings only lander and variant, without rewriting the cookie; a new click replaces it (docs/product.md §12)', () => {
    const jar = new Map<string, string>();
    expect(runLanderScript(fakeDocument([], 0, jar).doc, location('?network=abc&clickid=k'))).toEqual({
      network: 'abc',
      clickid: 'k',
    });
    const entered = fakeDocument([{ href: '/signup' }], 0, jar);
    expect(runLanderScript(entered.doc, location('?lander=video&variant=spring%3Ab'))).toEqual({
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
    expect(runLanderScript(fakeDocument([], 0, jar).doc, location('?network=other&lander=video'))).toEqual({
      network: 'other',
      lander: 'video',
    });
  });
});

describe('lander script on a site that asks for consent (docs/product.md §3 Consent)', () => {
  it('before a choice: leaves the choice open, keeps nothing, reads no earlier record, and still carries the URL record on every CTA and form', () => {
    const page = fakeDocument(
      [{ href: '/signup' }],
      1,
      new Map([['amora_tracking', trackingValue({ network: 'old' })]]),
    );
    const choice = page.withConsentChoice();
    expect(runLanderScript(page.doc, location('?network=abc&sub1=x'))).toEqual({ network: 'abc', sub1: 'x' });
    expect(page.cookies).toEqual([]);
    expect(choice.open).toBe(true);
    expect(page.anchors[0]!.getAttribute('href')).toBe('/signup?network=abc&sub1=x');
    expect(page.forms[0]!.fields.map((field) => field.name)).toEqual(['network', 'sub1']);
    const bare = fakeDocument([{ href: '/signup' }], 0, page.jar);
    bare.withConsentChoice();
    expect(runLanderScript(bare.doc, location(''))).toBeNull();
  });

  it('declined: the choice closes and nothing is kept', () => {
    const page = fakeDocument([{ href: '/signup' }], 0, new Map([['amora_consent', 'denied']]));
    const choice = page.withConsentChoice();
    runLanderScript(page.doc, location('?network=abc'));
    expect([choice.open, page.cookies]).toEqual([false, []]);
    expect(page.anchors[0]!.getAttribute('href')).toBe('/signup?network=abc');
  });

  it('accepted: the choice closes and the record is kept and read back as on a site that does not ask', () => {
    const jar = new Map([
      ['other', '1'],
      ['amora_consent', 'granted'],
    ]);
    const page = fakeDocument([], 0, jar);
    const choice = page.withConsentChoice();
    runLanderScript(page.doc, location('?network=abc&sub1=x'));
    expect(choice.open).toBe(false);
    expect(page.cookies).toEqual([
      `amora_tracking=${trackingValue({ network: 'abc', sub1: 'x' })};max-age=2592000;path=/;samesite=lax;secure`,
    ]);
    const later = fakeDocument([{ href: '/signup' }], 0, jar);
    later.withConsentChoice();
    expect(runLanderScript(later.doc, location(''))).toEqual({ network: 'abc', sub1: 'x' });
  });
});
