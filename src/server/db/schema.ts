import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Database schema (drizzle). Migrations are generated from this file with
 * `npm run migrate:generate` and applied at start; they are forward-only.
 */

/** Tracking record of docs/product.md §3, stored with the account that came through it. */
export interface TrackingRecord {
  network?: string;
  ref?: string;
  sub1?: string;
  sub2?: string;
  sub3?: string;
  clickid?: string;
}

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
    tracking: jsonb('tracking').$type<TrackingRecord>(),
    isDemo: boolean('is_demo').notNull().default(false),
    /** Credit balance (whole credits); changed only together with a credit_ledger row. */
    credits: integer('credits').notNull().default(0),
    /** Premium until this time (messages are free while premium); null = never premium. */
    premiumUntil: timestamp('premium_until', { withTimezone: true }),
    /** docs/product.md §2: the member's last search filters, remembered unless a search says `do_not_save`. */
    savedSearch: jsonb('saved_search').$type<Record<string, string | number>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_site_email_idx').on(t.site, t.email)],
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
  },
  (t) => [index('images_profile_idx').on(t.profileId, t.position)],
);

/** Server-side sessions; `id` is the SHA-256 (hex) of the opaque cookie token, never the token. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Fixed-window rate-limit counters shared by every server process. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Every change of a member's credit balance (ARCHITECTURE §Conventions 12). */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Credits added (positive) or spent (negative). */
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_ledger_user_idx').on(t.userId, t.createdAt)],
);

/** Web push subscriptions (docs/product.md §4 push state); one row per browser endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/** E-mail activation links (docs/product.md §2 step 6/7); `tokenHash` is the SHA-256 (hex) of the link token. */
export const emailActivations = pgTable(
  'email_activations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the mail transport accepted the message (docs/product.md §3 Activation response `delivered`). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('email_activations_token_idx').on(t.tokenHash), index('email_activations_user_idx').on(t.userId)],
);

/** Likes between members (docs/product.md §3 Likes response); `isNew` stays true until the liked member opens the liker's profile. */
export const likes = pgTable(
  'likes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    likerId: integer('liker_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    likedId: integer('liked_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    isNew: boolean('is_new').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('likes_pair_idx').on(t.likerId, t.likedId),
    index('likes_liked_idx').on(t.likedId, t.createdAt),
  ],
);

export * from './schema-chat';
