import { defineMiddleware } from 'astro:middleware';
import { getAppContext } from '~/server/app';
import { registerAllMessages } from '~/server/i18n/messages';
import { botErrorResponse } from '~/server/http/bots';
import { resolvePageContext } from '~/server/http/page-context';
import { SECURITY_HEADERS } from '~/server/http/security-headers';

registerAllMessages();

/** Paths that resolve their own context (API, messages, media) or are static files. */
const PASSTHROUGH = /^\/(api|_i18n|media|_astro)\//;

/**
 * Resolves site, locale, the logged-in user and what the visitor may do for
 * page requests into `Astro.locals`, answers bots' error pages with plain text,
 * and adds security headers.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const { pathname } = context.url;
  if (PASSTHROUGH.test(pathname) || context.isPrerendered) return next();
  const ctx = await getAppContext();
  const page = await resolvePageContext(ctx, context.request);
  context.locals.site = page.site;
  context.locals.locale = page.locale;
  context.locals.user = page.user;
  context.locals.access = page.access;
  const rendered = await next();
  // Bots get plain text instead of any HTML error page (unknown paths of any depth, missing members).
  const response = botErrorResponse(context.request.headers.get('user-agent'), rendered) ?? rendered;
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
  if (response.headers.get('content-type')?.startsWith('text/html')) {
    // Pre-rendered landers and pages set their own caching; app pages are per member.
    if (!response.headers.has('cache-control')) response.headers.set('cache-control', 'private, no-store');
    if (!response.headers.has('vary')) response.headers.append('vary', 'Cookie, Accept-Language');
  }
  return response;
});
