import { z } from 'zod';
import { defineContract, noParams, profileRefBody } from './define';
import { idField, textField } from './fields';
import * as routes from './routes';
import { REPORT_REASONS, type ReportReason } from './values';

export { REPORT_REASONS, type ReportReason };

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
