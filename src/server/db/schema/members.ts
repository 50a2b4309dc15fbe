import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { TrackingRecordValue } from '~/shared/tracking';

/** What the automated photo screening stored (docs/product.md §13 Screening). */
export interface PhotoScreening {
  /** nsfwjs class probabilities, 0..1: Drawing, Hentai, Neutral, Porn, Sexy. */
  nsfw: Record<string, number>;
  /** Faces found, and the youngest apparent age among them, when the face model ran. */
  faces?: number;
  youngestAge?: number | null;
  /** Time the classifiers took, ms. */
  ms: number;
  model: string;
}

/**
 * Member tables (docs/product.md §3 User, Profile): the account, its public profile and its photos.
 * Every other area file refers to these; this file imports no other area.
 */

/**
 * Not yet reminded to complete the signup, not a demo member, not deleted: the partial index
 * `users_signup_reminder_due_idx` and the reminder sweep's query (signup/signup-reminder.ts) both
 * use this one condition, so the planner can always answer the sweep from the index.
 */
export const awaitingSignupReminder = (t: {
  signupReminderSentAt: AnyPgColumn;
  isDemo: AnyPgColumn;
  status: AnyPgColumn;
}) => sql`${t.signupReminderSentAt} IS NULL AND NOT ${t.isDemo} AND ${t.status} <> 'deleted'`;

/** An account. One per e-mail address and site (`site` = the site's package name). */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    site: text('site').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** not_confirmed → active (e-mail confirmed) → deleted. */
    status: text('status', { enum: ['not_confirmed', 'active', 'deleted'] })
      .notNull()
      .default('not_confirmed'),
    paidUser: boolean('paid_user').notNull().default(false),
    mailprovider: smallint('mailprovider').notNull().default(0),
    trafficsource: text('trafficsource'),
    timezone: text('timezone'),
    referrer: text('referrer'),
    formPath: text('form_path'),
    userAgent: text('user_agent'),
    originatingProfileId: integer('originating_profile_id'),
    tracking: jsonb('tracking').$type<TrackingRecordValue>(),
    isDemo: boolean('is_demo').notNull().default(false),
    /** Credit balance (whole credits); changed only together with a credit_ledger row. */
    credits: integer('credits').notNull().default(0),
    /** Premium until this time (messages are free while premium); null = never premium. */
    premiumUntil: timestamp('premium_until', { withTimezone: true }),
    /**
     * Credits the member owes after a refund or chargeback took back more than the balance held
     * (docs/product.md §11 Refunds); sending is blocked while it is above 0, the next purchase settles it.
     */
    creditDebt: integer('credit_debt').notNull().default(0),
    /** docs/product.md §2: the member's last search filters, remembered unless a search says `do_not_save`. */
    savedSearch: jsonb('saved_search').$type<Record<string, string | number>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * docs/product.md §10 account deletion: when the member deleted the account. The row stays
     * (credit ledger, other members' conversations) with no personal data; `email` then holds
     * `deleted:` + a keyed hash of the address so a new signup with it is recognised.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The optional reason given when deleting (one of a fixed list; no free text). */
    deleteReason: text('delete_reason'),
    /** When the one-time `delete_discount` offer was shown (offered at most once). */
    deleteDiscountOfferedAt: timestamp('delete_discount_offered_at', { withTimezone: true }),
    /** When the complete-signup reminder mail went out (sent at most once). */
    signupReminderSentAt: timestamp('signup_reminder_sent_at', { withTimezone: true }),
    /**
     * docs/product.md §13 member actions: suspended until this time (log-in refused, sessions
     * ended, profile hidden; the profile shows again once it passed), or banned for good.
     */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    bannedAt: timestamp('banned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_site_email_idx').on(t.site, t.email),
    // The complete-signup reminder's sweep (signup/signup-reminder.ts, every 10 min in every process)
    // reads only members not yet reminded, by account age; without it the sweep scanned every
    // member (≈250 ms on PGlite with a million, blocking that process).
    index('users_signup_reminder_due_idx').on(t.createdAt).where(awaitingSignupReminder(t)),
    // The job lifting ended suspensions (moderation/lift-suspensions-job.ts, every minute in every
    // process) reads only suspended members.
    index('users_suspended_until_idx')
      .on(t.suspendedUntil)
      .where(sql`${t.suspendedUntil} IS NOT NULL`),
  ],
);

/** The public face of a member (docs/product.md §3 Profile); `id` equals the user id. */
export const profiles = pgTable(
  'profiles',
  {
    id: integer('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    gender: text('gender', { enum: ['male', 'female'] }),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    country: text('country'),
    countryregion: text('countryregion'),
    city: text('city'),
    personal: text('personal'),
    language: text('language').notNull().default('en'),
    lastSignupStep: smallint('last_signup_step').notNull().default(0),
    /** Optional profile fields (src/shared/profile-fields.ts): field name → allowed value. */
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
    mainImageId: integer('main_image_id'),
    isVisible: boolean('is_visible').notNull().default(true),
    /** docs/product.md §13 Screening: one of the member's photos is flagged explicit (`hideNudity` leaves the member out). */
    hasNudity: boolean('has_nudity').notNull().default(false),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Search indexes (members/search-page-rows.ts): the equality filters first, then the
    // order (last_active_at, id) — a backward scan serves `ORDER BY last_active_at DESC,
    // id DESC` with no Sort — then the remaining filter columns, so a page's ids come from
    // an index-only scan whatever the age range. Partial: only visible profiles are searched.
    index('profiles_search_idx')
      .on(t.lastActiveAt, t.id, t.gender, t.country, t.countryregion, t.dateOfBirth)
      .where(sql`${t.isVisible}`),
    index('profiles_search_gender_idx')
      .on(t.gender, t.lastActiveAt, t.id, t.country, t.countryregion, t.dateOfBirth)
      .where(sql`${t.isVisible}`),
    index('profiles_search_country_idx')
      .on(t.country, t.lastActiveAt, t.id, t.gender, t.countryregion, t.dateOfBirth)
      .where(sql`${t.isVisible}`),
    index('profiles_search_region_idx')
      .on(t.country, t.countryregion, t.lastActiveAt, t.id, t.gender, t.dateOfBirth)
      .where(sql`${t.isVisible}`),
    index('profiles_search_gender_country_idx')
      .on(t.gender, t.country, t.lastActiveAt, t.id, t.countryregion, t.dateOfBirth)
      .where(sql`${t.isVisible}`),
  ],
);

/** Profile photos; files live in storage under `filename` / `thumb_filename`. */
export const images = pgTable(
  'images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    thumbFilename: text('thumb_filename').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: smallint('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * docs/product.md §13 Photo review: a member's upload starts `pending`; an operator approves or
     * rejects it (a rejected photo's files are removed). Rows from before review existed are approved.
     */
    reviewStatus: text('review_status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('approved'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** The operator who reviewed it (operators.id; no reference: members.ts refers to no other area). */
    reviewedBy: integer('reviewed_by'),
    rejectReason: text('reject_reason'),
    /** Classifier scores of the automated screening (0..1 per class), null until screened. */
    screening: jsonb('screening').$type<PhotoScreening>(),
    screenedAt: timestamp('screened_at', { withTimezone: true }),
    /** A member's upload waits for the screening job (demo and older photos are not screened). */
    screeningDue: boolean('screening_due').notNull().default(false),
    /** Scored explicit by the screening (or by an operator). */
    nudity: boolean('nudity').notNull().default(false),
    /** Review queue order: higher first (no face, apparent age under 21, nudity). */
    reviewPriority: smallint('review_priority').notNull().default(0),
  },
  (t) => [
    index('images_profile_idx').on(t.profileId, t.position),
    index('images_review_idx').on(t.reviewStatus, t.reviewPriority, t.createdAt),
    index('images_screening_due_idx')
      .on(t.createdAt)
      .where(sql`${t.screeningDue}`),
  ],
);
