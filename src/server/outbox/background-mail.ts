import type { AppContext } from '../context';
import { nudgeOutbox, settleOutbox } from './deliver-outbox';
import { queueMail } from './outbox';
import type { MailMessage } from '../platform/mail/mailer';

const inFlight = new Set<Promise<void>>();

/**
 * Builds a mail in the background and queues it in the durable outbox (docs/architecture.md §5
 * Outbox): `build` runs inside one transaction and gets a context whose `db` is that transaction,
 * so whatever it writes (a reset token, …) commits together with the queued mail, or neither does.
 * The caller does not wait: the answer to a request does not depend on whether (or how fast) a mail
 * went out — the password-reset request answers the same, in about the same time, for known and
 * unknown addresses. `build` may return null for "no mail". `purpose` names the mail in logs,
 * which show only it and the member id (never the address or the link).
 * When the cause of the mail is already in a transaction, call `queueMail` (outbox/outbox.ts) in
 * it instead and `nudgeOutbox` after the commit.
 */
export function queueMailInBackground(
  ctx: AppContext,
  purpose: string,
  build: (txCtx: AppContext) => Promise<{ message: MailMessage; userId: number } | null>,
): void {
  const job = ctx.db
    .transaction(async (tx) => {
      const mail = await build({ ...ctx, db: tx });
      if (!mail) return false;
      await queueMail(ctx, tx, { purpose, userId: mail.userId, message: mail.message });
      return true;
    })
    .then((queued) => {
      if (queued) nudgeOutbox(ctx);
    })
    .catch((error: unknown) => ctx.log.warn('mail could not be queued', { purpose, error }))
    .finally(() => inFlight.delete(job));
  inFlight.add(job);
}

/**
 * Like queueMailInBackground, but the caller waits for the commit (use it when the answer depends
 * on what `build` writes, e.g. the pending e-mail change it shows). Delivery still happens after
 * the commit, in the background.
 * @throws the database's error; then neither `build`'s writes nor the mail were committed.
 */
export async function queueMailNow(
  ctx: AppContext,
  purpose: string,
  build: (txCtx: AppContext) => Promise<{ message: MailMessage; userId: number } | null>,
): Promise<void> {
  const queued = await ctx.db.transaction(async (tx) => {
    const mail = await build({ ...ctx, db: tx });
    if (!mail) return false;
    await queueMail(ctx, tx, { purpose, userId: mail.userId, message: mail.message });
    return true;
  });
  if (queued) nudgeOutbox(ctx);
}

/** Waits until every mail queued so far in the background has been queued and its delivery round has ended (tests, shutdown). */
export async function settleBackgroundMails(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
  await settleOutbox();
}

/** The From header of a site's mails: the site's name with the configured sender address. */
export function siteMailFrom(ctx: AppContext, siteName: string): string {
  return `${siteName} <${ctx.config.mailFrom}>`;
}

/** The origin of links in mails: the site's configured public origin (never a request's host). */
export { siteOrigin } from '../platform/sites/site-origin';
