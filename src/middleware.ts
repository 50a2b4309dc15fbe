import { defineMiddleware } from 'astro:middleware';
import { getAppContext } from '~/server/app';
import { registerAllMessages } from '~/server/i18n/messages';
import { resolvePageContext, SECURITY_HEADERS } from '~/server/pages/page-context';

registerAllMessages();

/** Paths that resolve their own context (API, messages, media) or are static files. */
const PASSTHROUGH = /^\/(api|_i18n|media|_astro)\//;

/**
 * Resolves site, locale and the logged-in user for page requests into
 * `Astro.locals`, and adds security headers.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const { pathname } = context.url;
  if (PASSTHROUGH.test(pathname) || context.isPrerendered) return next();
  const ctx = await getAppContext();
  const page = await resolvePageContext(ctx, context.request);
  context.locals.site = page.site;
  context.locals.locale = page.locale;
  context.locals.user = page.user;
  const response = await next();
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
  if (response.headers.get('content-type')?.startsWith('text/html')) {
    // Pre-rendered landers and pages set their own caching; app pages are per member.
    if (!response.headers.has('cache-control')) response.headers.set('cache-control', 'private, no-store');
    if (!response.headers.has('vary')) response.headers.append('vary', 'Cookie, Accept-Language');
  }
  return response;
});
