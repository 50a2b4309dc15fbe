import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../../src/server/http/switch-language';
import { continuePath } from '../../src/server/pages/continue-path';
import { signupContinuePath } from '../../src/server/pages/signup-journey';
import { OPEN_REDIRECTS, printable, SAME_SITE_PATHS } from '../corpus/open-redirects';
import { ORIGIN } from '../helpers/api';

/** `GET /language?locale=fr&next=…` as the route answers it. */
const language = (query: string) => switchLanguage(new Request(`${ORIGIN}/language?locale=fr&${query}`), false);
const params = (query: string) => new URL(`${ORIGIN}/login?${query}`).searchParams;

describe('redirect targets never leave the site (docs/product.md §5 Redirect targets)', () => {
  it('answers the reported /language URLs with a 303 to / and still remembers the locale', () => {
    for (const query of ['next=/%09/evil.example', 'next=/%0aSet-Cookie:%20amora_session=x', 'next=/%0d%0a']) {
      const response = language(query);
      expect(response.status, query).toBe(303);
      expect(response.headers.get('location'), query).toBe('/');
      expect(response.headers.getSetCookie(), query).toEqual([expect.stringMatching(/^i18n_redirected=fr;/)]);
    }
  });

  it.each(OPEN_REDIRECTS.map((next) => [printable(next), next]))(
    'falls back on /language, /login and /signup for %s',
    (_, next) => {
      const query = `next=${encodeURIComponent(next)}`;
      expect(language(query).headers.get('location')).toBe('/');
      expect(continuePath(params(query))).toBe('/members');
      expect(signupContinuePath(params(`${query}&seeking=female`))).toBe('/members');
    },
  );

  it('goes back to paths of this site', () => {
    for (const [next, expected] of SAME_SITE_PATHS) {
      const query = `next=${encodeURIComponent(next)}`;
      expect(language(query).headers.get('location'), next).toBe(expected);
      expect(continuePath(params(query)), next).toBe(expected);
    }
  });
});
