import { z } from 'zod';
import { defineContract, noParams, profileRefBody } from './define';
import { idField, textField } from './fields';

/** Why a member reports a profile (moderation). */
export const REPORT_REASONS = ['fake', 'spam', 'harassment', 'underage', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** `POST /api/block.php` {profile}: block a member (no messages either way, hidden from each other). */
export const blockContract = defineContract({
  method: 'POST',
  path: '/api/block.php',
  auth: 'member',
  query: noParams,
  body: profileRefBody,
  response: z.object({ blocked: z.literal(true) }),
  errors: ['not_logged_in', 'not_found', 'validation_failed'],
});

/** `DELETE /api/block.php` {profile}: unblock. */
export const unblockContract = defineContract({
  method: 'DELETE',
  path: '/api/block.php',
  auth: 'member',
  query: noParams,
  body: profileRefBody,
  response: z.object({ blocked: z.literal(false) }),
  errors: ['not_logged_in', 'validation_failed'],
});

/** `POST /api/report.php`: report a profile (and optionally your conversation with it) for moderation. */
export const reportContract = defineContract({
  method: 'POST',
  path: '/api/report.php',
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
