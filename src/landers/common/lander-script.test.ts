import { describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, CONSENT_MAX_AGE_S, CONSENTED_COOKIES } from '~/shared/consent';
import { TRACKING_COOKIE } from '~/shared/tracking';
import { EXPERIMENT_COOKIE } from '~/server/http/lander-entry';
import { LANDER_CONSENT_COOKIE, LANDER_CONSENT_MAX_AGE_S, runLanderScript } from './lander-script';

/** A button or panel of the consent choice: attributes, `hidden`, click listeners, focus. */
interface FakeElement {
  hidden: boolean;
  focused: boolean;
  value: string;
  children: FakeElement[];
  onclick: (() => void) | null;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  click(): void;
  focus(): void;
  querySelectorAll(): unknown[];
}
function fakeElement(value = ''): FakeElement {
  const attributes: Record<string, string> = {};
  return {
    hidden: true,
    focused: false,
    value,
    children: [],
    onclick: null,
    getAttribute: (name: string) => attributes[name] ?? null,
    setAttribute: (name: string, value: string) => void (attributes[name] = value),
    click() {
      this.onclick?.();
    },
    focus() {
      this.focused = true;
    },
    querySelectorAll(): unknown[] {
      return this.children;
    },
  };
}

/** The consent panel (Accept, Decline) and the footer's "Cookie settings" button of a site that asks. */
function consentChoice() {
  const panel = fakeElement();
  const accept = fakeElement('granted');
  const decline = fakeElement('denied');
  panel.children = [accept, decline];
  return { panel, accept, decline, opener: fakeElement() };
}

/** Just enough of a document for the lander script: links, GET forms, cookies, the consent choice. */
function fakeDocument(
  links: { href: string; locale?: string }[],
  forms = 0,
  consent?: { choice: ReturnType<typeof consentChoice>; cookie: string },
) {
  const cookies: string[] = [];
  const anchors = links.map((link) => {
    const attributes: Record<string, string> = { href: link.href };
    return {
      dataset: { locale: link.locale },
      onclick: null as (() => void) | null,
      getAttribute: (name: string) => attributes[name] ?? null,
      setAttribute: (name: string, value: string) => void (attributes[name] = value),
      click() {
        this.onclick?.();
      },
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
    get cookie() {
      return consent?.cookie ?? '';
    },
    querySelector: (selector: string) =>
      (selector === '[data-consent-panel]'
        ? consent?.choice.panel
        : selector === '[data-consent-open]'
          ? consent?.choice.opener
          : null) ?? null,
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
    removeItem: (key: string) => void data.delete(key),
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

describe('lander script on a site that asks for consent (docs/product.md §3 Consent)', () => {
  const RECORD = { network: 'abc', sub1: 'x' };
  const trackingCookie = `amora_tracking=${encodeURIComponent(JSON.stringify(RECORD))};max-age=2592000;path=/;samesite=lax;secure`;

  it('repeats the consent cookie of src/shared/consent.ts and removes exactly the cookies consent allows', () => {
    expect([LANDER_CONSENT_COOKIE, LANDER_CONSENT_MAX_AGE_S]).toEqual([CONSENT_COOKIE, CONSENT_MAX_AGE_S]);
    expect([...CONSENTED_COOKIES]).toEqual([TRACKING_COOKIE, EXPERIMENT_COOKIE]);
  });

  it('before a choice: opens the choice, keeps nothing, and still carries the URL record on every CTA', () => {
    const choice = consentChoice();
    const storage = memoryStorage();
    storage.setItem('amora_tracking', JSON.stringify({ record: { network: 'old' }, expires: 10 }));
    const page = fakeDocument([{ href: '/signup' }], 1, { choice, cookie: '' });
    expect(runLanderScript(page.doc, location('?network=abc&sub1=x'), storage, 0)).toEqual(RECORD);
    expect(page.cookies).toEqual([]);
    expect(page.anchors[0]!.getAttribute('href')).toBe('/signup?network=abc&sub1=x');
    expect(page.forms[0]!.fields.map((field) => field.name)).toEqual(['network', 'sub1']);
    expect([choice.panel.hidden, choice.opener.hidden]).toEqual([false, true]);
    // A record kept before is not read back without consent either.
    const bare = fakeDocument([{ href: '/signup' }], 0, { choice: consentChoice(), cookie: '' });
    expect(runLanderScript(bare.doc, location(''), storage, 0)).toBeNull();
  });

  it("accept: stores the choice for 180 days and keeps the visit's record as without the choice", () => {
    const choice = consentChoice();
    const storage = memoryStorage();
    const page = fakeDocument([{ href: '/signup' }], 0, { choice, cookie: '' });
    runLanderScript(page.doc, location('?network=abc&sub1=x'), storage, 0);
    choice.accept.click();
    expect(page.cookies).toEqual(['amora_consent=granted;max-age=15552000;path=/;samesite=lax;secure', trackingCookie]);
    expect(JSON.parse(storage.getItem('amora_tracking')!)).toEqual({ record: RECORD, expires: 30 * 86_400_000 });
    expect([choice.panel.hidden, choice.opener.hidden, choice.opener.focused]).toEqual([true, false, true]);
    expect(choice.accept.getAttribute('aria-pressed')).toBe('true');
    // The next page: the choice is known, the panel stays closed and the record is read back.
    const next = consentChoice();
    const later = fakeDocument([{ href: '/signup' }], 0, { choice: next, cookie: 'a=1; amora_consent=granted' });
    expect(runLanderScript(later.doc, location(''), storage, 1000)).toEqual(RECORD);
    expect([next.panel.hidden, next.opener.hidden]).toEqual([true, false]);
  });

  it('decline, also changed later from "Cookie settings": stores the choice and removes the record and the variant', () => {
    const choice = consentChoice();
    const storage = memoryStorage();
    const page = fakeDocument([{ href: '/signup' }], 0, { choice, cookie: 'amora_consent=granted' });
    runLanderScript(page.doc, location('?network=abc&sub1=x'), storage, 0);
    expect(page.cookies).toEqual([trackingCookie]);
    expect([choice.panel.hidden, choice.opener.hidden]).toEqual([true, false]);
    choice.opener.click();
    expect([choice.panel.hidden, choice.accept.focused]).toEqual([false, true]);
    choice.decline.click();
    expect(page.cookies.slice(1)).toEqual([
      'amora_consent=denied;max-age=15552000;path=/;samesite=lax;secure',
      'amora_tracking=;max-age=0;path=/;samesite=lax;secure',
      'amora_ab=;max-age=0;path=/;samesite=lax;secure',
    ]);
    expect(storage.getItem('amora_tracking')).toBeNull();
    expect(choice.decline.getAttribute('aria-pressed')).toBe('true');
    expect(page.anchors[0]!.getAttribute('href')).toBe('/signup?network=abc&sub1=x');
  });
});
