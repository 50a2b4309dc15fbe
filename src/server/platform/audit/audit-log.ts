import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { OperatorRole } from '~/shared/contracts/admin/roles';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

/**
 * The audit log (docs/product.md §13 Audit log): one append-only row per operator action, written
 * in the same database transaction as the action, so an action and its entry exist together or
 * not at all. Values in `before`/`after` are what the action changed, never passwords, tokens or
 * message texts.
 */

/** The operator taking an action. */
export interface OperatorActor {
  id: number;
  email: string;
  role: OperatorRole;
}

export interface AuditEntry {
  /** Dotted verb: member.suspend, credits.adjust, report.dismiss, operator.login … */
  action: string;
  objectType: 'member' | 'report' | 'photo' | 'transaction' | 'postback' | 'operator';
  objectId?: string | number | null;
  reportId?: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

type Writer = Pick<Db, 'insert'>;

/** Appends one entry (inside the caller's transaction when `db` is one). */
export async function recordAudit(db: Writer, actor: OperatorActor, entry: AuditEntry, now: Date): Promise<void> {
  await db.insert(auditLog).values({
    operatorId: actor.id,
    operatorEmail: actor.email,
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId === undefined || entry.objectId === null ? null : String(entry.objectId),
    reportId: entry.reportId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: now,
  });
}

export interface AuditFilter {
  operator?: string;
  action?: string;
  objectType?: string;
  objectId?: string;
  from?: Date;
  to?: Date;
  /** Entries older than this id (the next page). */
  before?: number;
  limit: number;
}

/** Entries newest first, filtered (operator e-mail, action prefix, object, time range). */
export async function listAudit(ctx: AppContext, filter: AuditFilter) {
  const where: SQL[] = [];
  if (filter.operator) where.push(eq(auditLog.operatorEmail, filter.operator));
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.objectType) where.push(eq(auditLog.objectType, filter.objectType));
  if (filter.objectId) where.push(eq(auditLog.objectId, filter.objectId));
  if (filter.from) where.push(gte(auditLog.createdAt, filter.from));
  if (filter.to) where.push(lte(auditLog.createdAt, filter.to));
  if (filter.before) where.push(lt(auditLog.id, filter.before));
  const rows = await ctx.db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit + 1);
  return { entries: rows.slice(0, filter.limit), hasMore: rows.length > filter.limit };
}
