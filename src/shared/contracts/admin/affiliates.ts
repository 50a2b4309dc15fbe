import { z } from 'zod';
import { idParam, textField } from '../fields';
import { noParams, queryFlag } from '../define';
import { checkDayRange } from './day-range';
import { defineAdminContract } from './define';
import { SECTION_ROLES } from './roles';

/** The Affiliates section (docs/product.md §13 Affiliates): finance operators and admins. */

const isoDate = z.iso.datetime({ offset: true });
export const CONVERSION_EVENT_VALUES = ['signup', 'activation', 'sale', 'rebill', 'refund', 'chargeback'] as const;
export const POSTBACK_STATUS_VALUES = ['pending', 'delivered', 'failed'] as const;

/** A rate per visit with its 95 % Wilson interval (0–1; null without visits). */
const rateSchema = z.object({
  successes: z.number(),
  trials: z.number(),
  rate: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});
export type RateView = z.infer<typeof rateSchema>;

const breakdownRowSchema = z.object({
  network: z.string().nullable(),
  lander: z.string(),
  variant: z.string().nullable(),
  day: z.string().nullable(),
  visits: z.number(),
  signups: z.number(),
  activations: z.number(),
  sales: z.number(),
  signupRate: rateSchema,
  activationRate: rateSchema,
  saleRate: rateSchema,
});
export type BreakdownRowView = z.infer<typeof breakdownRowSchema>;

const verdictSchema = z.object({
  experiment: z.string(),
  leader: z.string(),
  runnerUp: z.string(),
  p: z.number(),
  significant: z.boolean(),
});
export type VerdictView = z.infer<typeof verdictSchema>;

/**
 * `GET /admin/api/affiliates/report?site&from&to&byDay`: visits, signups, activations and sales
 * with rates per network / lander / variant (and UTC day with `byDay`), and per experiment whether
 * the leading variant's signup rate is significantly better (the lander report, docs/product.md §12).
 */
export const adminAffiliateReportContract = defineAdminContract({
  name: 'adminAffiliateReport',
  method: 'GET',
  path: '/admin/api/affiliates/report',
  roles: SECTION_ROLES.affiliates,
  query: z
    .strictObject({
      site: textField().trim().min(1).max(64),
      from: z.iso.date(),
      to: z.iso.date(),
      byDay: queryFlag.optional(),
    })
    .superRefine(checkDayRange),
  body: noParams.optional(),
  response: z.object({
    site: z.string(),
    from: z.string(),
    to: z.string(),
    rows: z.array(breakdownRowSchema),
    experiments: z.array(verdictSchema),
  }),
  errors: ['not_logged_in', 'forbidden', 'validation_failed', 'unknown_parameter', 'not_found'],
});

const postbackSchema = z.object({
  id: z.number(),
  site: z.string(),
  network: z.string(),
  event: z.enum(CONVERSION_EVENT_VALUES),
  eventId: z.number(),
  memberId: z.number(),
  transactionId: z.number().nullable(),
  method: z.enum(['GET', 'POST']),
  url: z.string(),
  status: z.enum(POSTBACK_STATUS_VALUES),
  attempts: z.number(),
  nextAttemptAt: isoDate,
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: isoDate,
  deliveredAt: isoDate.nullable(),
});
export type PostbackView = z.infer<typeof postbackSchema>;

/** `GET /admin/api/affiliates/postbacks`: the postback outbox newest first, filtered; `before` pages back. */
export const adminPostbacksContract = defineAdminContract({
  name: 'adminPostbacks',
  method: 'GET',
  path: '/admin/api/affiliates/postbacks',
  roles: SECTION_ROLES.affiliates,
  query: z.strictObject({
    site: textField().trim().min(1).max(64).optional(),
    network: textField().trim().min(1).max(64).optional(),
    status: z.enum(POSTBACK_STATUS_VALUES).optional(),
    event: z.enum(CONVERSION_EVENT_VALUES).optional(),
    before: idParam.optional(),
  }),
  body: noParams.optional(),
  response: z.object({ postbacks: z.array(postbackSchema), hasMore: z.boolean() }),
  errors: ['not_logged_in', 'forbidden', 'validation_failed', 'unknown_parameter'],
});

/** `GET /admin/api/affiliates/postbacks/:id/attempts`: each attempt to send it, oldest first. */
export const adminPostbackAttemptsContract = defineAdminContract({
  name: 'adminPostbackAttempts',
  method: 'GET',
  path: '/admin/api/affiliates/postbacks/:id/attempts',
  roles: SECTION_ROLES.affiliates,
  query: noParams,
  body: noParams.optional(),
  response: z.object({
    attempts: z.array(
      z.object({
        attemptedAt: isoDate,
        statusCode: z.number().nullable(),
        latencyMs: z.number(),
        error: z.string().nullable(),
      }),
    ),
  }),
  errors: ['not_logged_in', 'forbidden', 'not_found'],
});

/**
 * `POST /admin/api/affiliates/postbacks/:id/resend`: makes a postback due again now (same URL and
 * `{event_id}`); the sender delivers it within seconds.
 */
export const adminResendPostbackContract = defineAdminContract({
  name: 'adminResendPostback',
  method: 'POST',
  path: '/admin/api/affiliates/postbacks/:id/resend',
  roles: SECTION_ROLES.affiliates,
  query: noParams,
  body: noParams.optional(),
  response: z.object({ id: z.number(), status: z.literal('pending'), nextAttemptAt: isoDate }),
  errors: ['not_logged_in', 'forbidden', 'not_found', 'conflict'],
});
