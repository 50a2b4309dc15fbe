import { z } from 'zod';
import { defineContract, idParam, noParams, profileRefBody } from './define';
import { idField, textField } from './fields';
import * as routes from './routes';
import { REPORT_REASONS, type ReportReason } from './values';

export { REPORT_REASONS, type ReportReason };

/**
 * One member the viewer blocked (docs/product.md §10 Blocked members): only the id and the name,
 * enough to recognise them and unblock — no photo, presence or other profile data, which a
 * blocked pair never sees of each other (docs/product.md §6). `blocked_at` is an ISO timestamp.
 */
export const blockedMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  blocked_at: z.string(),
});
export type BlockedMember = z.infer<typeof blockedMemberSchema>;

/** `GET /api/block.php`: the members the viewer blocked, most recent block first. */
export const blockedMembersContract = defineContract({
  ...routes.blockedMembers,
  auth: 'member',
  query: noParams,
  body: z.undefined(),
  response: z.object({ members: z.array(blockedMemberSchema) }),
  errors: ['not_logged_in'],
});

/**
 * `GET /api/block.php?action=status&profile=`: whether the viewer blocked member `profile`
 * (docs/product.md §10 Blocked members): the member's id and name as their blocker still sees them,
 * or null when the viewer did not block them (or their account is deleted). A block the other member
 * made is not told: it stays invisible to the blocked member (docs/product.md §6).
 */
export const blockedMemberContract = defineContract({
  ...routes.blockedMember,
  auth: 'member',
  query: z.strictObject({ action: z.literal('status'), profile: idParam }),
  body: z.undefined(),
  response: z.object({ member: z.object({ id: z.number().int(), name: z.string() }).nullable() }),
  errors: ['not_logged_in', 'validation_failed'],
});

/** `POST /api/block.php` {profile}: block a member (no messages either way, hidden from each other). */
export const blockContract = defineContract({
  ...routes.block,
  auth: 'member',
  query: noParams,
  body: profileRefBody,
  response: z.object({ blocked: z.literal(true) }),
  errors: ['not_logged_in', 'not_found', 'validation_failed'],
});

/** `DELETE /api/block.php` {profile}: unblock. */
export const unblockContract = defineContract({
  ...routes.unblock,
  auth: 'member',
  query: noParams,
  body: profileRefBody,
  response: z.object({ blocked: z.literal(false) }),
  errors: ['not_logged_in', 'validation_failed'],
});

/** `POST /api/report.php`: report a profile (and optionally your conversation with it) for moderation. */
export const reportContract = defineContract({
  ...routes.report,
  auth: 'member',
  query: noParams,
  body: z.strictObject({
    profile: idField,
    conversation: idField.optional(),
    reason: z.enum(REPORT_REASONS),
    details: textField().trim().max(1000, { error: 'safety.details_too_long' }).optional(),
  }),
  response: z.object({ reported: z.literal(true) }),
  errors: ['not_logged_in', 'not_found', 'validation_failed', 'rate_limited'],
});
