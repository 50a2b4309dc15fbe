/**
 * Fixed values of the contracts that the browser needs too (lists, limits), without zod: the
 * contract modules re-export them, and islands import them from here so a page that only shows a
 * list does not load the schemas (docs/architecture.md §3, the first visit's JavaScript).
 */

/**
 * docs/product.md §10 account deletion: the optional reasons a member may give (a fixed
 * list; no free text is asked for or stored).
 */
export const DELETE_REASONS = ['found_someone', 'not_enough_members', 'too_many_messages', 'privacy', 'other'] as const;

export type DeleteReason = (typeof DELETE_REASONS)[number];

/** Longest chat message (characters); longer texts are refused, never cut. */
export const MAX_MESSAGE_LENGTH = 2000;

/** Profile notes (docs/product.md §2 step 5) are free text up to this many characters. */
export const PERSONAL_MAX_LENGTH = 2000;

/** Why a member reports a profile (moderation). */
export const REPORT_REASONS = ['fake', 'spam', 'harassment', 'underage', 'inappropriate', 'other'] as const;

export type ReportReason = (typeof REPORT_REASONS)[number];

export const TEMPLATES = ['classic', 'boxy', 'lavish'] as const;

export type Template = (typeof TEMPLATES)[number];

/** Types a drop may bring (docs/product.md §5); the file picker accepts any image and the server sniffs the bytes. */
export const DROP_ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/jpg'];

/** Block index (0-based) → positions of the live and resell cards in every block of 12 (docs/product.md §9). */
export const CAM_CARD_POSITIONS = { live: 1, resell: 5 } as const;
