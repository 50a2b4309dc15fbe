import { defineMiddleware } from 'astro:middleware';
import { getAppContext } from '~/server/app';
import { registerAllMessages } from '~/server/i18n/messages';
import { botErrorResponse } from '~/server/http/bots';
import { clientAddressOf } from '~/server/http/client-address';
import { secureCookies } from '~/server/http/cookies';
import { resolvePageContext } from '~/server/http/page-context';
import { cspHash } from '~/server/http/content-security-policy';
import { cspSourcesFor, isHttpsRequest, withSecurityHeaders } from '~/server/http/security-headers';
import { routeConsoleToLog } from '~/server/log/framework-log';
import { routeNameOf } from '~/server/metrics/route-name';
import { TEMPLATE_FONTS, templateFontFaceCss, type TemplateName } from '~/styles/template-fonts';

registerAllMessages();

/** Paths that resolve their own context (API, messages, media, metrics) or are static files. */
const PASSTHROUGH = /^\/(api|_i18n|media|_astro)\/|^\/metrics$/;

/**
 * Document.astro writes the template's `@font-face` rules inline; Astro does not hash them, and a
 * hash it is told about while the page streams may come too late for the header, so the policy of
 * every page allows the rules of each template (their text is the build's own).
 */
const FONT_STYLE_HASHES = (Object.keys(TEMPLATE_FONTS) as TemplateName[]).map((template) =>
  cspHash(templateFontFaceCss(template)),
);

/** The socket's peer address; Astro throws where the adapter cannot tell it. */
function peerOf(context: { clientAddress: string }): string {
  try {
    return context.clientAddress;
  } catch {
    return 'unknown';
  }
}

/**
 * Resolves site, locale, the logged-in user and what the visitor may do for
 * page requests into `Astro.locals`, answers bots' error pages with plain text,
 * and adds the security headers to every answer it sees (docs/architecture.md §3):
 * `nosniff` and, over https, HSTS everywhere; on HTML the full Content-Security-Policy.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const { pathname } = context.url;
  // Metrics (docs/architecture.md §5): names the request's route for the server's request series.
  context.locals.metricsRoute = routeNameOf(context.routePattern);
  if (context.isPrerendered) return next();
  const ctx = await getAppContext();
  // Astro's and the adapter's own messages go through our logger (not in `astro dev`, whose
  // console is the developer's terminal): docs/architecture.md §5 Logging.
  if (ctx.config.nodeEnv !== 'development') routeConsoleToLog(ctx.log);
  const https = isHttpsRequest(context.request, peerOf(context), ctx.config.trustedProxies);
  // The development server (`astro dev`) injects scripts Astro does not hash: no policy there.
  const csp = ctx.config.nodeEnv === 'development' ? null : { sources: { images: [], media: [] } };
  if (PASSTHROUGH.test(pathname)) return withSecurityHeaders(await next(), { https, csp });
  const page = await resolvePageContext(ctx, context.request);
  context.locals.site = page.site;
  context.locals.locale = page.locale;
  context.locals.user = page.user;
  context.locals.access = page.access;
  context.locals.awaitingConfirmation = page.awaitingConfirmation;
  context.locals.pushPublicKey = page.pushPublicKey;
  context.locals.secureCookies = secureCookies({
    config: ctx.config,
    site: page.site,
    request: context.request,
    clientAddress: clientAddressOf(context, ctx.config.trustedProxies),
  });
  let rendered: Response;
  try {
    rendered = await next();
  } catch (error) {
    // Logged here, structured and without SQL or parameters, instead of by the framework; the
    // visitor gets the 500 page.
    ctx.log.error('page failed', { route: context.routePattern, error });
    // A request whose body the page read cannot be rewritten: Astro answers it with the 500 page
    // (and its own log line, summarised by framework-log.ts).
    if (context.request.bodyUsed) throw error;
    return context.rewrite('/500');
  }
  // Bots get plain text instead of any HTML error page (unknown paths of any depth, missing members).
  const response = withSecurityHeaders(
    botErrorResponse(context.request.headers.get('user-agent'), rendered) ?? rendered,
    { https, csp: csp && { sources: cspSourcesFor(ctx.config, page.site), styleHashes: FONT_STYLE_HASHES } },
  );
  if (response.headers.get('content-type')?.startsWith('text/html')) {
    // Pre-rendered landers and pages set their own caching; app pages are per member.
    if (!response.headers.has('cache-control')) response.headers.set('cache-control', 'private, no-store');
    if (!response.headers.has('vary')) response.headers.append('vary', 'Cookie, Accept-Language');
  }
  return response;
});
