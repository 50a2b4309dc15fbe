import { and, eq, gt, isNull, lt, lte } from 'drizzle-orm';
import { fail, ok, type Result } from '~/shared/errors';
import { LAST_STEP } from '~/shared/rules/signup-steps';
import { memberMailInfo } from '../platform/accounts/member-mail-info';
import type { AppContext } from '../context';
import { awaitingSignupReminder, profiles, users } from '../db/schema';
import { siteMailFrom, siteOrigin } from '../outbox';
import { signupReminderMail } from '../platform/mail/signup-reminder-mail';
import type { PeriodicJob } from '../platform/jobs/periodic-job';
import { deliverDueOutbox } from '../outbox';
import { queueMail } from '../outbox';
import { consumeAccountToken, issueAccountToken } from '../platform/security/account-tokens';

const HOUR_MS = 60 * 60_000;
/** docs/product.md §10: a member who stopped the wizard is reminded once the account is this old (ms). */
export const REMINDER_AFTER_MS = 24 * HOUR_MS;
/** Accounts older than this are left alone (no reminder for signups from long ago) (ms). */
export const REMINDER_UNTIL_MS = 30 * 24 * HOUR_MS;
/** The reminder's link works this long (ms). */
export const COMPLETE_SIGNUP_TTL_MS = 7 * 24 * HOUR_MS;
/** Members claimed per run; the next run takes the rest. */
const BATCH = 50;

/**
 * Members due a complete-signup reminder at `now` (at most BATCH ids): the sweep's select, kept
 * within the partial index `users_signup_reminder_due_idx` through its condition, awaitingSignupReminder.
 */
export function remindersDue(ctx: AppContext, now: Date) {
  return ctx.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(
      and(
        lt(profiles.lastSignupStep, LAST_STEP),
        lte(users.createdAt, new Date(now.getTime() - REMINDER_AFTER_MS)),
        gt(users.createdAt, new Date(now.getTime() - REMINDER_UNTIL_MS)),
        awaitingSignupReminder(users),
      ),
    )
    .limit(BATCH);
}

/**
 * docs/product.md §10 Complete-signup reminder: mails every member who stopped the signup
 * wizard (last step below 7), whose account is 24 hours to 30 days old, not deleted, not a demo
 * member and not yet reminded, one link that logs them in and resumes the wizard. Members are
 * claimed by setting `signup_reminder_sent_at` in one conditional UPDATE, so two processes never
 * mail the same member; the claim, the link and the mail (outbox) commit together, and a mail the
 * server refused is retried by the outbox.
 * @returns how many reminders were queued (and sent at once unless the mail server refused).
 */
export async function sendSignupReminders(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const due = remindersDue(ctx, now);
  let sent = 0;
  for (const { id } of await due) {
    // Per member one transaction: the claim (a conditional UPDATE: a row another process claimed
    // first no longer matches, so it is skipped rather than mailed twice), the link and its mail
    // in the outbox commit together.
    const queued = await ctx.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(users)
        .set({ signupReminderSentAt: now })
        .where(and(eq(users.id, id), isNull(users.signupReminderSentAt)))
        .returning({ id: users.id, site: users.site });
      return claimed ? queueReminder({ ...ctx, db: tx }, claimed.id, claimed.site) : false;
    });
    if (queued) sent++;
  }
  // The reminders go out now (the outbox retries one the mail server refused).
  if (sent > 0) await deliverDueOutbox(ctx);
  return sent;
}

async function queueReminder(ctx: AppContext, userId: number, packageName: string): Promise<boolean> {
  const member = await memberMailInfo(ctx, userId);
  const site = ctx.sites.byPackageName.get(packageName) ?? ctx.sites.defaultSite;
  if (!member) return false;
  const token = await issueAccountToken(ctx, {
    userId,
    purpose: 'complete_signup',
    ttlMs: COMPLETE_SIGNUP_TTL_MS,
    data: { email: member.email },
    replace: true,
  });
  await queueMail(ctx, ctx.db, {
    purpose: 'signup_reminder',
    userId,
    message: signupReminderMail({
      to: member.email,
      name: member.name,
      locale: member.locale,
      siteName: site.name,
      from: siteMailFrom(ctx, site.name),
      link: `${siteOrigin(ctx, site)}/complete-signup?token=${token}`,
    }),
  });
  return true;
}

/**
 * The reminder's link: uses the token up and names the member to log in. A used, unknown or
 * expired link, a deleted account, or one whose address changed since → the token failure.
 */
export async function useCompleteSignupLink(
  ctx: AppContext,
  token: string,
): Promise<Result<{ userId: number }, 'invalid_token' | 'expired_token'>> {
  const grant = await consumeAccountToken(ctx, 'complete_signup', token);
  if (!grant.ok) return grant;
  const member = await memberMailInfo(ctx, grant.value.userId);
  if (!member || member.status === 'deleted' || member.email !== grant.value.data.email) return fail('invalid_token');
  return ok({ userId: member.id });
}

/** The `signup-reminder` job (src/server/lifecycle/all-jobs.ts). */
export const signupReminderJob: PeriodicJob = {
  name: 'signup-reminder',
  owns: 'users.signup_reminder_sent_at: complete-signup reminder mails (queued in the outbox)',
  everyMs: 10 * 60_000,
  run: async (ctx) => {
    await sendSignupReminders(ctx);
  },
};
