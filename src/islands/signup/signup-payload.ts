import type { SignupPayloadInput } from '~/shared/contracts/auth';
import type { Locale } from '~/shared/locales';

/**
 * The docs/product.md §3 signup payload from the form values and the browser context
 * (time zone, referrer, user agent, landing parameters and the page's query, which carries the
 * tracking record without a cookie; `profile` from
 * `?profile=` or a member lander's path).
 */
export function buildSignupPayload(
  form: { email: string; name: string; password: string },
  context: { locale: Locale; url: URL; referrer: string; userAgent: string; timezone: string; token: string | null },
): SignupPayloadInput {
  // The originating member: `?profile=` or a member lander's path (/members/:memberId/signup).
  const profileParam = Number(
    context.url.searchParams.get('profile') ?? /^\/members\/(\d+)\//.exec(context.url.pathname)?.[1],
  );
  const trafficsource = context.url.searchParams.get('trafficsource') ?? context.url.searchParams.get('network');
  return {
    email: form.email,
    name: form.name,
    password: form.password,
    trafficsource: trafficsource || null,
    timezone: context.timezone,
    country: null,
    language: context.locale,
    profile: Number.isInteger(profileParam) && profileParam > 0 ? profileParam : null,
    form_path: context.url.pathname,
    query: context.url.search.slice(0, 2048),
    referrer: context.referrer.slice(0, 2048),
    csrf: makeClientHash(),
    token: context.token,
    n: context.userAgent.slice(0, 1024),
  };
}

/** The client-made `csrf` value of the payload: 128 random bits as hex. */
function makeClientHash(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
