import { z } from 'zod';
import { idField, idParam, textField } from '../fields';
import { noParams } from '../define';
import { REPORT_REASONS } from '../values';
import { defineAdminContract } from './define';
import { MEMBER_ACTION_ROLES, SECTION_ROLES } from './roles';

/**
 * The reports queue and the moderation actions on a member (docs/product.md §13 Reports queue,
 * Member actions). Report operations are for the roles of the reports section; the member actions
 * (also taken outside a report, from the members section) for `MEMBER_ACTION_ROLES.moderate`.
 */

const isoDate = z.iso.datetime({ offset: true });

/** docs/product.md §13 Member actions: suspensions last 1 to 365 days. */
export const SUSPEND_DAYS_MIN = 1;
export const SUSPEND_DAYS_MAX = 365;

/** What an operator did with a report. */
export const REPORT_OUTCOMES = [
  'dismissed',
  'warned',
  'photo_removed',
  'about_cleared',
  'suspended',
  'banned',
] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/** The operator's own words on why (kept in the audit log), optional. */
const reasonField = textField().trim().max(500).optional();

/** A member's account state as moderation sees it. */
export const memberModerationSchema = z.object({
  memberId: z.number(),
  status: z.enum(['not_confirmed', 'active', 'deleted']),
  /** Suspended until this time; null when not suspended (or the suspension has passed). */
  suspendedUntil: isoDate.nullable(),
  bannedAt: isoDate.nullable(),
  /** Shown in search, profiles, likes and chats. */
  visible: z.boolean(),
});
export type MemberModerationView = z.infer<typeof memberModerationSchema>;

/** One open report in the queue. */
export const reportListItemSchema = z.object({
  id: z.number(),
  reason: z.enum(REPORT_REASONS),
  createdAt: isoDate,
  /** Seconds since the report was made (server time). */
  ageS: z.number(),
  hasConversation: z.boolean(),
  member: z.object({
    id: z.number(),
    name: z.string(),
    /** URL of the main photo's thumbnail, when there is one. */
    thumbUrl: z.string().nullable(),
    /** Open reports about this member, this one included. */
    openReports: z.number(),
  }),
});
export type ReportListItem = z.infer<typeof reportListItemSchema>;

/** The SLA figure: the age of the oldest open report, and how many are open. */
export const reportsSlaSchema = z.object({
  openCount: z.number(),
  underageCount: z.number(),
  /** Seconds; null when nothing is open. */
  oldestAgeS: z.number().nullable(),
});
export type ReportsSla = z.infer<typeof reportsSlaSchema>;

/** `GET /admin/api/reports?after=`: open reports, about minors first, then oldest first; `after` pages on. */
export const adminReportsContract = defineAdminContract({
  name: 'adminReports',
  method: 'GET',
  path: '/admin/api/reports',
  roles: SECTION_ROLES.reports,
  query: z.strictObject({ after: idParam.optional() }),
  body: noParams.optional(),
  response: z.object({ reports: z.array(reportListItemSchema), hasMore: z.boolean(), sla: reportsSlaSchema }),
  errors: ['not_logged_in', 'forbidden', 'validation_failed', 'not_found'],
});

export const reportPhotoSchema = z.object({
  id: z.number(),
  url: z.string(),
  thumbUrl: z.string(),
  isMain: z.boolean(),
  reviewStatus: z.enum(['pending', 'approved', 'rejected']),
  nudity: z.boolean(),
});

export const reportMessageSchema = z.object({
  id: z.number(),
  senderId: z.number(),
  senderName: z.string(),
  /** Sent by the reported member (else by the reporter). */
  byReported: z.boolean(),
  /** The text as typed (show as plain text), or `[GIF]`. */
  text: z.string(),
  createdAt: isoDate,
});
export type ReportMessage = z.infer<typeof reportMessageSchema>;

/** One report with what a moderator needs to decide. */
export const reportDetailSchema = z.object({
  id: z.number(),
  reason: z.enum(REPORT_REASONS),
  /** The reporter's note. */
  details: z.string().nullable(),
  createdAt: isoDate,
  status: z.enum(['open', 'reviewed']),
  outcome: z.enum(REPORT_OUTCOMES).nullable(),
  resolvedAt: isoDate.nullable(),
  reporter: z.object({ id: z.number(), name: z.string() }),
  member: memberModerationSchema.extend({
    name: z.string(),
    age: z.number().nullable(),
    gender: z.enum(['male', 'female']).nullable(),
    country: z.string().nullable(),
    city: z.string().nullable(),
    /** The about-me text (`profiles.personal`). */
    about: z.string().nullable(),
    site: z.string(),
    joinedAt: isoDate,
    lastActiveAt: isoDate,
    photos: z.array(reportPhotoSchema),
    openReports: z.number(),
  }),
  /** The reported conversation's last messages, oldest first; null for a report without one. */
  conversation: z.object({ id: z.number(), messages: z.array(reportMessageSchema) }).nullable(),
});
export type ReportDetail = z.infer<typeof reportDetailSchema>;

/** `GET /admin/api/reports/:id`: one report (open or resolved) in full. */
export const adminReportContract = defineAdminContract({
  name: 'adminReport',
  method: 'GET',
  path: '/admin/api/reports/:id',
  roles: SECTION_ROLES.reports,
  query: noParams,
  body: noParams.optional(),
  response: reportDetailSchema,
  errors: ['not_logged_in', 'forbidden', 'not_found'],
});

/** What an operator can do with a report. */
export const reportActionSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('dismiss'), note: reasonField }),
  z.strictObject({ action: z.literal('warn'), note: reasonField }),
  z.strictObject({ action: z.literal('remove_photo'), photoId: idField, note: reasonField }),
  z.strictObject({ action: z.literal('clear_about'), note: reasonField }),
  z.strictObject({
    action: z.literal('suspend'),
    days: z.number().int().min(SUSPEND_DAYS_MIN).max(SUSPEND_DAYS_MAX),
    note: reasonField,
  }),
  z.strictObject({ action: z.literal('ban'), note: reasonField }),
]);
export type ReportAction = z.infer<typeof reportActionSchema>;

/**
 * `POST /admin/api/reports/:id/actions` {action, days?, photoId?, note?}: acts on the reported
 * member and resolves the report; `conflict` when it was resolved already.
 */
export const adminReportActionContract = defineAdminContract({
  name: 'adminReportAction',
  method: 'POST',
  path: '/admin/api/reports/:id/actions',
  roles: SECTION_ROLES.reports,
  query: noParams,
  body: reportActionSchema,
  response: z.object({ reportId: z.number(), outcome: z.enum(REPORT_OUTCOMES), member: memberModerationSchema }),
  errors: ['not_logged_in', 'forbidden', 'validation_failed', 'not_found', 'conflict'],
});

const memberActionErrors = ['not_logged_in', 'forbidden', 'validation_failed', 'not_found', 'conflict'] as const;
const memberActionResponse = z.object({ member: memberModerationSchema });
const reasonBody = z.strictObject({ reason: reasonField });

/** `POST /admin/api/members/:id/suspend` {days, reason?}: no log-in and hidden for `days` days. */
export const adminSuspendMemberContract = defineAdminContract({
  name: 'adminSuspendMember',
  method: 'POST',
  path: '/admin/api/members/:id/suspend',
  roles: MEMBER_ACTION_ROLES.moderate,
  query: noParams,
  body: z.strictObject({ days: z.number().int().min(SUSPEND_DAYS_MIN).max(SUSPEND_DAYS_MAX), reason: reasonField }),
  response: memberActionResponse,
  errors: memberActionErrors,
});

/** `POST /admin/api/members/:id/ban` {reason?}: no log-in and hidden until unbanned. */
export const adminBanMemberContract = defineAdminContract({
  name: 'adminBanMember',
  method: 'POST',
  path: '/admin/api/members/:id/ban',
  roles: MEMBER_ACTION_ROLES.moderate,
  query: noParams,
  body: reasonBody,
  response: memberActionResponse,
  errors: memberActionErrors,
});

/** `POST /admin/api/members/:id/unban` {reason?}: lifts a ban or suspension. */
export const adminUnbanMemberContract = defineAdminContract({
  name: 'adminUnbanMember',
  method: 'POST',
  path: '/admin/api/members/:id/unban',
  roles: MEMBER_ACTION_ROLES.moderate,
  query: noParams,
  body: reasonBody,
  response: memberActionResponse,
  errors: memberActionErrors,
});

/** `POST /admin/api/members/:id/warn` {reason?}: mails the member a warning. */
export const adminWarnMemberContract = defineAdminContract({
  name: 'adminWarnMember',
  method: 'POST',
  path: '/admin/api/members/:id/warn',
  roles: MEMBER_ACTION_ROLES.moderate,
  query: noParams,
  body: reasonBody,
  response: memberActionResponse,
  errors: memberActionErrors,
});

/** `POST /admin/api/members/:id/clear-about` {reason?}: empties the member's about-me. */
export const adminClearAboutContract = defineAdminContract({
  name: 'adminClearAbout',
  method: 'POST',
  path: '/admin/api/members/:id/clear-about',
  roles: MEMBER_ACTION_ROLES.moderate,
  query: noParams,
  body: reasonBody,
  response: memberActionResponse,
  errors: memberActionErrors,
});

/** `DELETE /admin/api/members/:id/photos/:photoId` {reason?}: removes one photo of the member. */
export const adminRemovePhotoContract = defineAdminContract({
  name: 'adminRemovePhoto',
  method: 'DELETE',
  path: '/admin/api/members/:id/photos/:photoId',
  roles: MEMBER_ACTION_ROLES.moderate,
  query: noParams,
  body: reasonBody,
  response: memberActionResponse,
  errors: memberActionErrors,
});
