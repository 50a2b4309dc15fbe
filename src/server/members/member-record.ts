import { and, desc, eq, inArray } from 'drizzle-orm';
import type { MemberRecord } from '~/shared/contracts/admin/members';
import { isPremium } from '~/shared/rules/message-costs';
import { fail, ok, type Result } from '~/shared/errors';
import { DELETED_EMAIL_PREFIX } from '../platform/accounts/deleted-email';
import type { AppContext } from '../context';
import { images, profiles, subscriptions, users } from '../db/schema';
import { ageOn } from '../platform/accounts/age';
import { memberLedger, memberReports, memberSessions, memberTransactions } from './member-history';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The main photo (or else the first one) with its public URL on the member's site, and counts by review status. */
async function photosOf(
  ctx: AppContext,
  userId: number,
  mainImageId: number | null,
  cdnPrefix: string,
): Promise<Pick<MemberRecord['profile'], 'mainPhoto' | 'photos'>> {
  const rows = await ctx.db
    .select({ id: images.id, thumb: images.thumbFilename, reviewStatus: images.reviewStatus })
    .from(images)
    .where(eq(images.profileId, userId))
    .orderBy(images.position, images.id);
  const main = rows.find((row) => row.id === mainImageId) ?? rows.find((row) => row.reviewStatus !== 'rejected');
  const tally = { approved: 0, pending: 0, rejected: 0 };
  for (const row of rows) tally[row.reviewStatus] += 1;
  return {
    mainPhoto:
      main && main.reviewStatus !== 'rejected'
        ? { url: `${cdnPrefix.replace(/\/$/, '')}/${main.thumb}`, reviewStatus: main.reviewStatus }
        : null,
    photos: tally,
  };
}

/** The member's latest active or cancelled premium plan. */
async function latestPlan(ctx: AppContext, userId: number): Promise<MemberRecord['credits']['subscription']> {
  const [plan] = await ctx.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'cancelled'])))
    .orderBy(desc(subscriptions.updatedAt), desc(subscriptions.id))
    .limit(1);
  if (!plan || plan.status === 'pending') return null;
  return {
    plan: plan.planId,
    months: plan.months,
    status: plan.status,
    amountCents: plan.amountCents,
    currency: plan.currency,
    cancelledAt: iso(plan.cancelledAt),
  };
}

/**
 * docs/product.md §13 Members: one member's record for the console — account and status
 * (suspension only while it lasts), profile with the main photo, credits, premium and plan,
 * live sessions (device and country only), the latest credit ledger rows and payment
 * transactions, the tracking record, and the reports made by and about the member.
 * Never the password hash, a token or a session id; a deleted account shows no address.
 * Failure: `not_found` for an unknown id.
 */
export async function memberRecord(ctx: AppContext, userId: number): Promise<Result<MemberRecord, 'not_found'>> {
  const [row] = await ctx.db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  if (!row) return fail('not_found');
  const { user, profile } = row;
  const now = ctx.clock.now();
  const site = ctx.sites.byPackageName.get(user.site);
  const [photos, subscription, sessionList, ledger, transactions, reportLists] = await Promise.all([
    photosOf(ctx, userId, profile?.mainImageId ?? null, site?.cdn_prefix ?? '/media'),
    latestPlan(ctx, userId),
    memberSessions(ctx, userId),
    memberLedger(ctx, userId),
    memberTransactions(ctx, userId),
    memberReports(ctx, userId),
  ]);
  const premium = isPremium(user.premiumUntil, now);
  return ok({
    account: {
      id: user.id,
      site: user.site,
      siteName: site?.name ?? user.site,
      email: user.email.startsWith(DELETED_EMAIL_PREFIX) ? null : user.email,
      status: user.status,
      isDemo: user.isDemo,
      createdAt: user.createdAt.toISOString(),
      deletedAt: iso(user.deletedAt),
      deleteReason: user.deleteReason,
      suspendedUntil: user.suspendedUntil && user.suspendedUntil > now ? user.suspendedUntil.toISOString() : null,
      bannedAt: iso(user.bannedAt),
    },
    profile: {
      name: profile?.name ?? '',
      gender: profile?.gender ?? null,
      dateOfBirth: profile?.dateOfBirth ?? null,
      age: ageOn(profile?.dateOfBirth ?? null, now),
      country: profile?.country ?? null,
      countryregion: profile?.countryregion ?? null,
      city: profile?.city ?? null,
      personal: profile?.personal ?? null,
      language: profile?.language ?? 'en',
      lastSignupStep: profile?.lastSignupStep ?? 0,
      isVisible: profile?.isVisible ?? false,
      hasNudity: profile?.hasNudity ?? false,
      lastActiveAt: iso(profile?.lastActiveAt ?? null),
      fields: profile?.fields ?? {},
      ...photos,
    },
    credits: {
      balance: user.credits,
      debt: user.creditDebt,
      premiumUntil: iso(user.premiumUntil),
      isPremium: premium,
      subscription,
    },
    sessions: sessionList,
    ledger,
    transactions,
    tracking: {
      record: user.tracking ? (Object.fromEntries(Object.entries(user.tracking)) as Record<string, string>) : null,
      trafficsource: user.trafficsource,
      referrer: user.referrer,
      formPath: user.formPath,
      timezone: user.timezone,
      userAgent: user.userAgent,
      originatingProfileId: user.originatingProfileId,
    },
    reportsBy: reportLists.by,
    reportsAbout: reportLists.about,
  });
}
