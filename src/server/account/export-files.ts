import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context';
import {
  blocks,
  conversations,
  creditLedger,
  images,
  likes,
  messages,
  notificationSettings,
  profiles,
  reports,
  sessions,
  users,
} from '../db/schema';
import { describeUserAgent } from '../platform/accounts/user-agent';

/**
 * What a member's data export holds (docs/product.md §10 Data export), one JSON value per file.
 * Only the member's own data: their account and profile, their photos, likes given and
 * received, the messages THEY wrote (never the other side's texts), credits and log-in sessions.
 * Other members appear by id and first name only (no name once they deleted their account).
 */

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Another member's first name, or null when that account was deleted. */
const otherName = (other: { name: string | null; status: string | null }) =>
  other.status === 'deleted' ? null : other.name;

/** profile.json: account (e-mail, signup date, tracking record), profile and its fields, notification choices. */
export async function profileFile(ctx: AppContext, userId: number) {
  const [row] = await ctx.db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  const { user, profile } = row;
  const [settings] = await ctx.db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return {
    account: {
      id: user.id,
      site: user.site,
      email: user.email,
      status: user.status,
      signedUpAt: iso(user.createdAt),
      premiumUntil: iso(user.premiumUntil),
      paidUser: user.paidUser,
      timezone: user.timezone,
      signupUserAgent: user.userAgent,
      trafficSource: user.trafficsource,
      referrer: user.referrer,
      signupForm: user.formPath,
      tracking: user.tracking ?? null,
      savedSearch: user.savedSearch ?? null,
    },
    profile: profile && {
      name: profile.name,
      gender: profile.gender,
      dateOfBirth: profile.dateOfBirth,
      country: profile.country,
      region: profile.countryregion,
      city: profile.city,
      aboutMe: profile.personal,
      language: profile.language,
      fields: profile.fields,
      visible: profile.isVisible,
      lastActiveAt: iso(profile.lastActiveAt),
    },
    notificationSettings: settings
      ? {
          messageMail: settings.messageMail,
          messagePush: settings.messagePush,
          likeMail: settings.likeMail,
          likePush: settings.likePush,
        }
      : null,
  };
}

/** The member's photos in gallery order: storage key and what photos.json says about each. */
export async function photoRows(ctx: AppContext, userId: number) {
  const [profile] = await ctx.db
    .select({ mainImageId: profiles.mainImageId })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const rows = await ctx.db
    .select()
    .from(images)
    .where(eq(images.profileId, userId))
    .orderBy(asc(images.position), asc(images.id));
  return rows.map((image, index) => {
    const extension = image.filename.split('.').pop()?.toLowerCase() ?? 'webp';
    return {
      key: image.filename,
      entry: {
        file: `photos/${index + 1}-${image.id}.${/^[a-z0-9]{2,5}$/.test(extension) ? extension : 'bin'}`,
        position: image.position,
        main: profile?.mainImageId === image.id,
        width: image.width,
        height: image.height,
        uploadedAt: iso(image.createdAt),
      },
    };
  });
}

/** likes.json: likes the member gave and received, with the other member's id and first name. */
export async function likesFile(ctx: AppContext, userId: number) {
  const other = alias(profiles, 'other');
  const otherUser = alias(users, 'other_user');
  const select = (mine: 'given' | 'received') =>
    ctx.db
      .select({ memberId: other.id, name: other.name, status: otherUser.status, at: likes.createdAt })
      .from(likes)
      .innerJoin(other, eq(other.id, mine === 'given' ? likes.likedId : likes.likerId))
      .innerJoin(otherUser, eq(otherUser.id, other.id))
      .where(eq(mine === 'given' ? likes.likerId : likes.likedId, userId))
      .orderBy(asc(likes.createdAt), asc(likes.id));
  const toEntry = (row: { memberId: number; name: string; status: string; at: Date }) => ({
    memberId: row.memberId,
    name: otherName(row),
    at: iso(row.at),
  });
  return { given: (await select('given')).map(toEntry), received: (await select('received')).map(toEntry) };
}

/** messages.json: the messages the member wrote (text or GIF), oldest first; replies are not theirs. */
export async function messagesFile(ctx: AppContext, userId: number) {
  const rows = await ctx.db
    .select({
      conversationId: messages.conversationId,
      to: sql<number>`CASE WHEN ${conversations.memberLow} = ${userId} THEN ${conversations.memberHigh} ELSE ${conversations.memberLow} END`,
      sentAt: messages.createdAt,
      text: messages.text,
      gif: messages.gif,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.senderId, userId))
    .orderBy(asc(messages.id));
  return rows.map((row) => ({
    conversationId: row.conversationId,
    toMemberId: Number(row.to),
    sentAt: iso(row.sentAt),
    text: row.text,
    gif: row.gif ? { id: row.gif.id, title: row.gif.title, url: row.gif.url } : null,
  }));
}

/** credits.json: balance, premium and every change of the balance with its reason. */
export async function creditsFile(ctx: AppContext, userId: number) {
  const [user] = await ctx.db
    .select({ credits: users.credits, premiumUntil: users.premiumUntil })
    .from(users)
    .where(eq(users.id, userId));
  const ledger = await ctx.db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(asc(creditLedger.createdAt), asc(creditLedger.id));
  return {
    balance: user?.credits ?? 0,
    premiumUntil: iso(user?.premiumUntil ?? null),
    ledger: ledger.map((row) => ({ at: iso(row.createdAt), change: row.delta, reason: row.reason })),
  };
}

/** sessions.json: where the member is logged in (started, last active, browser, country); no addresses are kept. */
export async function sessionsFile(ctx: AppContext, userId: number) {
  const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt));
  return rows.map((row) => ({
    startedAt: iso(row.createdAt),
    lastActiveAt: iso(row.lastSeenAt),
    expiresAt: iso(row.expiresAt),
    ...describeUserAgent(row.userAgent),
    userAgent: row.userAgent,
    country: row.country,
  }));
}

/** safety.json: members the member blocked and the reports they filed. */
export async function safetyFile(ctx: AppContext, userId: number) {
  const other = alias(profiles, 'other');
  const otherUser = alias(users, 'other_user');
  const blocked = await ctx.db
    .select({ memberId: blocks.blockedId, name: other.name, status: otherUser.status, at: blocks.createdAt })
    .from(blocks)
    .leftJoin(other, eq(other.id, blocks.blockedId))
    .leftJoin(otherUser, eq(otherUser.id, blocks.blockedId))
    .where(eq(blocks.blockerId, userId))
    .orderBy(asc(blocks.createdAt));
  const filed = await ctx.db
    .select()
    .from(reports)
    .where(eq(reports.reporterId, userId))
    .orderBy(asc(reports.createdAt), asc(reports.id));
  return {
    blocked: blocked.map((row) => ({ memberId: row.memberId, name: otherName(row), at: iso(row.at) })),
    reports: filed.map((row) => ({
      memberId: row.profileId,
      conversationId: row.conversationId,
      reason: row.reason,
      details: row.details,
      status: row.status,
      at: iso(row.createdAt),
    })),
  };
}
