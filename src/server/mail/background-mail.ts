import type { AppContext } from '../context';
import type { MailMessage } from './mailer';

const inFlight = new Set<Promise<void>>();

/**
 * Builds and sends a mail without making the caller wait: the answer to a request does not
 * depend on whether (or how fast) a mail went out — the password-reset request answers the
 * same, in about the same time, for known and unknown addresses. `build` may look things up
 * and return null for "no mail". A failure is logged with `what` and the member id only (never
 * the address or the mail's link).
 */
export function sendMailInBackground(
  ctx: AppContext,
  what: string,
  build: () => Promise<{ message: MailMessage; userId: number } | null>,
): void {
  let userId: number | null = null;
  const job = build()
    .then(async (mail) => {
      if (!mail) return;
      userId = mail.userId;
      await ctx.mailer.send(mail.message);
    })
    .catch((error: unknown) => ctx.log.warn(`${what} mail failed`, { userId, error }))
    .finally(() => inFlight.delete(job));
  inFlight.add(job);
}

/** Waits until every background mail started so far has been sent or has failed (tests, shutdown). */
export async function settleBackgroundMails(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

/** The From header of a site's mails: the site's name with the configured sender address. */
export function siteMailFrom(ctx: AppContext, siteName: string): string {
  return `${siteName} <${ctx.config.mailFrom}>`;
}

/** The origin of links in mails: the site's configured public origin (never a request's host). */
export { siteOrigin } from '../sites/site-origin';
