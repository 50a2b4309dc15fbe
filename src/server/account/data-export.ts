import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { DataExportView } from '~/shared/contracts/data-export';
import { fail, ok, type Result } from '~/shared/errors';
import { hitRateLimit, rateLimited } from '../platform/rate-limit/rate-limit';
import type { AppContext } from '../context';
import { dataExports, users } from '../db/schema';
import { consumeAccountToken, issueAccountToken, peekAccountToken } from '../platform/security/account-tokens';
import { startExportBuild } from './build-export';

/**
 * docs/product.md §10 Data export: a member asks for their data, it is built in the
 * background, then downloaded with a one-time link while the file exists (24 h).
 */

/** A build still `building` after this long was cut off (a restart) and counts as failed (ms). */
export const STALE_BUILD_MS = 10 * 60_000;
/** Where the download link points; the token is its one query parameter. */
export const EXPORT_DOWNLOAD_PATH = '/account/export/download';

type ExportRow = typeof dataExports.$inferSelect;

/** The client's view; a kept export whose time is over shows as expired before the job removes it. */
function toView(row: ExportRow, now: Date): DataExportView {
  let status: DataExportView['status'];
  if (row.status === 'ready' || row.status === 'downloaded') {
    status = row.expiresAt && row.expiresAt > now ? 'ready' : 'expired';
  } else {
    status = row.status;
  }
  return {
    status,
    requestedAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
    downloaded: row.status === 'downloaded',
  };
}

/**
 * Marks builds that have been `building` for more than 10 minutes as failed (the process
 * building them stopped); all members', or only `userId`'s.
 * @returns how many were given up.
 */
export async function failStaleBuilds(ctx: AppContext, userId?: number): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - STALE_BUILD_MS);
  const stale = and(eq(dataExports.status, 'building'), lt(dataExports.createdAt, before));
  const failed = await ctx.db
    .update(dataExports)
    .set({ status: 'failed' })
    .where(userId === undefined ? stale : and(stale, eq(dataExports.userId, userId)))
    .returning({ id: dataExports.id });
  return failed.length;
}

async function latestExport(ctx: AppContext, userId: number): Promise<ExportRow | null> {
  const [row] = await ctx.db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(1);
  return row ?? null;
}

/** The member's latest export (a cut-off build shows as failed), or null when they never asked. */
export async function dataExportStatus(ctx: AppContext, userId: number): Promise<DataExportView | null> {
  await failStaleBuilds(ctx, userId);
  const row = await latestExport(ctx, userId);
  return row && toView(row, ctx.clock.now());
}

/**
 * Starts an export of the member's data in the background. While one is being built that one
 * is the answer (one build at a time per member, not counted); otherwise at most 3 requests a
 * day (`rate_limited`, message `data_export.daily_limit`).
 */
export async function requestDataExport(
  ctx: AppContext,
  userId: number,
): Promise<Result<DataExportView, 'rate_limited'>> {
  await failStaleBuilds(ctx, userId);
  const current = await latestExport(ctx, userId);
  if (current?.status === 'building') return ok(toView(current, ctx.clock.now()));
  const limit = await hitRateLimit(ctx, 'dataExport', `user:${userId}`);
  if (!limit.allowed) return { ...rateLimited(limit.retryAfterS), message: 'data_export.daily_limit' };
  const now = ctx.clock.now();
  const { row, isNew } = await ctx.db.transaction(async (tx) => {
    // The member's row is the lock: two requests at once make one build, not two. The other
    // request's export counts even when its build already ended while this one waited for the lock.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [latest] = await tx
      .select()
      .from(dataExports)
      .where(eq(dataExports.userId, userId))
      .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
      .limit(1);
    if (latest && (latest.status === 'building' || latest.id !== current?.id)) return { row: latest, isNew: false };
    const [created] = await tx.insert(dataExports).values({ userId, status: 'building', createdAt: now }).returning();
    return { row: created!, isNew: true };
  });
  if (isNew) startExportBuild(ctx, row.id, userId);
  return ok(toView(row, ctx.clock.now()));
}

/** A ready export of the member that still has its file, or null. */
async function downloadableExport(ctx: AppContext, userId: number, exportId?: number): Promise<ExportRow | null> {
  const row = exportId === undefined ? await latestExport(ctx, userId) : await exportById(ctx, userId, exportId);
  if (!row || !row.fileKey || !row.expiresAt) return null;
  if (row.status !== 'ready' && row.status !== 'downloaded') return null;
  return row.expiresAt > ctx.clock.now() ? row : null;
}

async function exportById(ctx: AppContext, userId: number, exportId: number): Promise<ExportRow | null> {
  const [row] = await ctx.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, userId)));
  return row ?? null;
}

/**
 * A download link for the member's ready export: an `export_download` account token valid
 * until the export expires (at most 24 h), usable once; a new link voids the earlier one.
 * `not_found` when no export is ready.
 */
export async function dataExportLink(
  ctx: AppContext,
  userId: number,
): Promise<Result<{ url: string; expiresAt: string }, 'not_found'>> {
  const row = await downloadableExport(ctx, userId);
  if (!row?.expiresAt) return fail('not_found');
  const token = await issueAccountToken(ctx, {
    userId,
    purpose: 'export_download',
    ttlMs: row.expiresAt.getTime() - ctx.clock.now().getTime(),
    data: { exportId: row.id },
    replace: true,
  });
  return ok({ url: `${EXPORT_DOWNLOAD_PATH}?token=${token}`, expiresAt: row.expiresAt.toISOString() });
}

/**
 * Uses a download link: only for the member it was issued to (`sessionUserId` from the
 * request's session). Someone else's link is `not_found` and stays unused; a used, unknown or
 * expired one is the token failure. On success the token is used up and the export marked
 * downloaded.
 * @returns the ZIP's bytes and its file name (`{site}-data-YYYY-MM-DD.zip`, the day it was made, UTC).
 */
export async function downloadDataExport(
  ctx: AppContext,
  sessionUserId: number,
  token: string,
): Promise<Result<{ data: Uint8Array; filename: string }, 'invalid_token' | 'expired_token' | 'not_found'>> {
  const grant = await peekAccountToken(ctx, 'export_download', token);
  if (!grant.ok) return grant;
  if (grant.value.userId !== sessionUserId) return fail('not_found');
  const exportId = Number(grant.value.data.exportId);
  const row = await downloadableExport(ctx, sessionUserId, exportId);
  const data = row?.fileKey ? await ctx.storage.get(row.fileKey) : null;
  if (!row || !data) return fail('not_found');
  const used = await consumeAccountToken(ctx, 'export_download', token);
  if (!used.ok) return used;
  await ctx.db
    .update(dataExports)
    .set({ status: 'downloaded' })
    .where(and(eq(dataExports.id, row.id), inArray(dataExports.status, ['ready', 'downloaded'])));
  const [user] = await ctx.db.select({ site: users.site }).from(users).where(eq(users.id, sessionUserId));
  const day = (row.readyAt ?? row.createdAt).toISOString().slice(0, 10);
  return ok({ data, filename: `${user?.site ?? 'amora'}-data-${day}.zip` });
}
