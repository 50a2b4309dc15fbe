import { z } from 'zod';
import { idField, textField } from '../fields';
import { noParams } from '../define';
import { defineAdminContract } from './define';
import { MEMBER_ACTION_ROLES, SECTION_ROLES } from './roles';

/**
 * The console's Members section (docs/product.md §13 Members): finding members, one member's
 * record, and the support and admin actions on it. Moderation actions (suspend, ban, unban)
 * have their own contracts (moderation.ts).
 */

const isoDate = z.iso.datetime({ offset: true });
const memberStatus = z.enum(['not_confirmed', 'active', 'deleted']);

/** Limits of a credits adjustment: whole credits either way, and the reason's length. */
export const CREDIT_ADJUSTMENT_MAX = 100_000;
export const ADJUSTMENT_REASON_MIN = 3;
export const ADJUSTMENT_REASON_MAX = 200;
/** Most days of premium one grant gives. */
export const PREMIUM_GRANT_MAX_DAYS = 366;

/** One found member. `email` is null for a deleted account (only a keyed hash is kept). */
export const memberSummarySchema = z.object({
  id: z.number(),
  site: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  status: memberStatus,
  /** Set only while the suspension lasts. */
  suspendedUntil: isoDate.nullable(),
  banned: z.boolean(),
  credits: z.number(),
  /** Set only while premium runs. */
  premiumUntil: isoDate.nullable(),
  createdAt: isoDate,
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

/** `GET /admin/api/members?q=&site=&page=`: by id, e-mail address or name, newest first, 25 a page. */
export const adminFindMembersContract = defineAdminContract({
  name: 'adminFindMembers',
  method: 'GET',
  path: '/admin/api/members',
  roles: SECTION_ROLES.members,
  query: z.strictObject({
    q: textField().trim().max(254).optional(),
    site: textField().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(1000).default(1),
  }),
  body: noParams.optional(),
  response: z.object({ members: z.array(memberSummarySchema), page: z.number(), hasMore: z.boolean() }),
  errors: ['not_logged_in', 'forbidden', 'validation_failed'],
});

const reportSchema = z.object({
  id: z.number(),
  /** The other member: the one reported (reports by) or the reporter (reports about). */
  otherId: z.number(),
  otherName: z.string(),
  reason: z.string(),
  details: z.string().nullable(),
  status: z.enum(['open', 'reviewed']),
  outcome: z.string().nullable(),
  createdAt: isoDate,
  resolvedAt: isoDate.nullable(),
});
export type MemberReportView = z.infer<typeof reportSchema>;

/** Everything the console shows of one member. Never a password hash, token or session id. */
export const memberRecordSchema = z.object({
  account: z.object({
    id: z.number(),
    site: z.string(),
    siteName: z.string(),
    email: z.string().nullable(),
    status: memberStatus,
    isDemo: z.boolean(),
    createdAt: isoDate,
    deletedAt: isoDate.nullable(),
    deleteReason: z.string().nullable(),
    suspendedUntil: isoDate.nullable(),
    bannedAt: isoDate.nullable(),
  }),
  profile: z.object({
    name: z.string(),
    gender: z.enum(['male', 'female']).nullable(),
    dateOfBirth: z.string().nullable(),
    age: z.number().nullable(),
    country: z.string().nullable(),
    countryregion: z.string().nullable(),
    city: z.string().nullable(),
    personal: z.string().nullable(),
    language: z.string(),
    lastSignupStep: z.number(),
    isVisible: z.boolean(),
    hasNudity: z.boolean(),
    lastActiveAt: isoDate.nullable(),
    fields: z.record(z.string(), z.string()),
    mainPhoto: z.object({ url: z.string(), reviewStatus: z.enum(['pending', 'approved', 'rejected']) }).nullable(),
    photos: z.object({ approved: z.number(), pending: z.number(), rejected: z.number() }),
  }),
  credits: z.object({
    balance: z.number(),
    debt: z.number(),
    premiumUntil: isoDate.nullable(),
    isPremium: z.boolean(),
    /** The latest active or cancelled plan. */
    subscription: z
      .object({
        plan: z.string(),
        months: z.number(),
        status: z.enum(['active', 'cancelled']),
        amountCents: z.number(),
        currency: z.string(),
        cancelledAt: isoDate.nullable(),
      })
      .nullable(),
  }),
  sessions: z.array(
    z.object({
      browser: z.string().nullable(),
      os: z.string().nullable(),
      kind: z.string().nullable(),
      country: z.string().nullable(),
      startedAt: isoDate,
      lastActiveAt: isoDate,
    }),
  ),
  ledger: z.array(
    z.object({
      id: z.number(),
      delta: z.number(),
      reason: z.string(),
      shortfall: z.number(),
      transaction: z.string().nullable(),
      createdAt: isoDate,
    }),
  ),
  transactions: z.array(
    z.object({
      id: z.number(),
      publicId: z.string(),
      product: z.enum(['credits', 'premium']),
      productId: z.string(),
      status: z.string(),
      amountCents: z.number(),
      currency: z.string(),
      credits: z.number(),
      premiumMonths: z.number(),
      discountCode: z.string().nullable(),
      method: z.string(),
      provider: z.string(),
      createdAt: isoDate,
      paidAt: isoDate.nullable(),
      refundedAt: isoDate.nullable(),
    }),
  ),
  tracking: z.object({
    record: z.record(z.string(), z.string()).nullable(),
    trafficsource: z.string().nullable(),
    referrer: z.string().nullable(),
    formPath: z.string().nullable(),
    timezone: z.string().nullable(),
    userAgent: z.string().nullable(),
    originatingProfileId: z.number().nullable(),
  }),
  reportsBy: z.array(reportSchema),
  reportsAbout: z.array(reportSchema),
});
export type MemberRecord = z.infer<typeof memberRecordSchema>;

/** `GET /admin/api/members/:id`: the member's record. */
export const adminMemberRecordContract = defineAdminContract({
  name: 'adminMemberRecord',
  method: 'GET',
  path: '/admin/api/members/:id',
  roles: SECTION_ROLES.members,
  query: noParams,
  body: noParams.optional(),
  response: memberRecordSchema,
  errors: ['not_logged_in', 'forbidden', 'not_found'],
});

/** `POST /admin/api/members/:id/credits` {amount, reason}: adds or takes whole credits; never below 0. */
export const adminAdjustCreditsContract = defineAdminContract({
  name: 'adminAdjustCredits',
  method: 'POST',
  path: '/admin/api/members/:id/credits',
  roles: MEMBER_ACTION_ROLES.support,
  query: noParams,
  body: z.strictObject({
    amount: z
      .number()
      .int()
      .min(-CREDIT_ADJUSTMENT_MAX)
      .max(CREDIT_ADJUSTMENT_MAX)
      .refine((amount) => amount !== 0, { error: 'validation.not_allowed' }),
    reason: textField().trim().min(ADJUSTMENT_REASON_MIN).max(ADJUSTMENT_REASON_MAX),
  }),
  response: z.object({ credits: z.number() }),
  errors: ['not_logged_in', 'forbidden', 'validation_failed', 'not_found', 'conflict'],
});

/** `POST /admin/api/members/:id/premium` {days}: premium from the later of now and its current end. */
export const adminGrantPremiumContract = defineAdminContract({
  name: 'adminGrantPremium',
  method: 'POST',
  path: '/admin/api/members/:id/premium',
  roles: MEMBER_ACTION_ROLES.support,
  query: noParams,
  body: z.strictObject({ days: z.number().int().min(1).max(PREMIUM_GRANT_MAX_DAYS) }),
  response: z.object({ premiumUntil: isoDate }),
  errors: ['not_logged_in', 'forbidden', 'validation_failed', 'not_found', 'conflict'],
});

/** `DELETE /admin/api/members/:id/premium`: premium ends now and a renewing plan stops renewing. */
export const adminRevokePremiumContract = defineAdminContract({
  name: 'adminRevokePremium',
  method: 'DELETE',
  path: '/admin/api/members/:id/premium',
  roles: MEMBER_ACTION_ROLES.support,
  query: noParams,
  body: noParams.optional(),
  response: z.object({ premiumUntil: isoDate.nullable(), cancelledRenewal: z.boolean() }),
  errors: ['not_logged_in', 'forbidden', 'not_found', 'conflict', 'payment_provider_unavailable'],
});

/** `POST /admin/api/members/:id/activation-mail`: a new activation mail (not yet confirmed accounts). */
export const adminResendActivationContract = defineAdminContract({
  name: 'adminResendActivation',
  method: 'POST',
  path: '/admin/api/members/:id/activation-mail',
  roles: MEMBER_ACTION_ROLES.support,
  query: noParams,
  body: noParams.optional(),
  response: z.object({ sent: z.literal(true) }),
  errors: ['not_logged_in', 'forbidden', 'not_found', 'conflict', 'rate_limited'],
});

/** `POST /admin/api/members/:id/password-reset`: mails the member the normal password-reset link. */
export const adminPasswordResetContract = defineAdminContract({
  name: 'adminPasswordReset',
  method: 'POST',
  path: '/admin/api/members/:id/password-reset',
  roles: MEMBER_ACTION_ROLES.support,
  query: noParams,
  body: noParams.optional(),
  response: z.object({ sent: z.literal(true) }),
  errors: ['not_logged_in', 'forbidden', 'not_found', 'conflict', 'rate_limited'],
});

/** `DELETE /admin/api/members/:id` {confirm: the member id}: deletes the account as self-deletion does. */
export const adminDeleteMemberContract = defineAdminContract({
  name: 'adminDeleteMember',
  method: 'DELETE',
  path: '/admin/api/members/:id',
  roles: MEMBER_ACTION_ROLES.delete,
  query: noParams,
  body: z.strictObject({ confirm: idField }),
  response: z.object({ deleted: z.literal(true) }),
  errors: ['not_logged_in', 'forbidden', 'validation_failed', 'not_found', 'conflict', 'payment_provider_unavailable'],
});
