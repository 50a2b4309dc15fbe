import { z } from 'zod';
import { defineContract, noParams } from './define';
import * as routes from './routes';

/**
 * "Download my data" (docs/product.md §10 Data export), on `/api/data_export.php`: ask for an
 * export, follow its status while it is built, then get a one-time download link.
 */

/** The member's latest export. `ready` stays `ready` after a download until it expires. */
export const dataExportSchema = z.object({
  status: z.enum(['building', 'ready', 'failed', 'expired']),
  /** ISO timestamps; `readyAt`/`expiresAt` null until ready. */
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Size of the ZIP in bytes, null until ready. */
  sizeBytes: z.number().int().nonnegative().nullable(),
  /** True once the member has downloaded it. */
  downloaded: z.boolean(),
});
export type DataExportView = z.infer<typeof dataExportSchema>;

/** `GET`: the member's latest export, null when they never asked. */
export const dataExportStatusContract = defineContract({
  ...routes.dataExportStatus,
  auth: 'member',
  query: noParams,
  body: z.undefined(),
  response: z.object({ export: dataExportSchema.nullable() }),
  errors: ['not_logged_in'],
});

/**
 * `POST ?action=request`: starts building an export in the background. While one is being
 * built the answer is that one (no second build); at most 3 requests a day (`rate_limited`).
 */
export const requestDataExportContract = defineContract({
  ...routes.requestDataExport,
  auth: 'member',
  query: z.strictObject({ action: z.literal('request') }),
  body: z.undefined(),
  response: z.object({ export: dataExportSchema }),
  errors: ['not_logged_in', 'rate_limited'],
});

/**
 * `POST ?action=link`: a download link for the ready export, usable once, by this member only,
 * until the export expires. `not_found` when no export is ready.
 */
export const dataExportLinkContract = defineContract({
  ...routes.dataExportLink,
  auth: 'member',
  query: z.strictObject({ action: z.literal('link') }),
  body: z.undefined(),
  response: z.object({ url: z.string().startsWith('/'), expiresAt: z.string() }),
  errors: ['not_logged_in', 'not_found'],
});
