import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { OperatorRole } from '~/shared/contracts/admin/roles';
import { fail, ok, type Result } from '~/shared/errors';
import { hashPassword } from '../platform/passwords/passwords';
import type { AppContext } from '../context';
import { operators } from '../db/schema';
import { recordAudit, type OperatorActor } from '../platform/audit/audit-log';
import { endSessionsOf } from './operator-sessions';

/**
 * Operator accounts (docs/product.md §13 Access): created with a role and a one-time setup link
 * (72 hours) through which the operator sets a password; the authenticator is enrolled at the
 * first log-in. Operators are not members and have no account on any site.
 */

/** How long a setup link works, ms. */
export const SETUP_LINK_MS = 72 * 60 * 60_000;
/** Shortest operator password: longer than a member's, the console can do much more. */
export const OPERATOR_PASSWORD_MIN = 12;

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Normal form of an operator e-mail address (trimmed, lower case). */
export function normaliseOperatorEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Creates an operator with `role` and a setup token (the link is `/admin/setup?token=…`).
 * @returns `account_exists` when the e-mail address already has an operator account.
 */
export async function addOperator(
  ctx: AppContext,
  input: { email: string; role: OperatorRole },
  actor: OperatorActor | null = null,
): Promise<Result<{ id: number; setupToken: string; setupExpiresAt: Date }, 'account_exists'>> {
  const email = normaliseOperatorEmail(input.email);
  const setupToken = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  const setupExpiresAt = new Date(now.getTime() + SETUP_LINK_MS);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(operators)
      .values({ email, role: input.role, setupTokenHash: tokenHash(setupToken), setupExpiresAt, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: operators.id });
    if (!row) return fail('account_exists');
    if (actor) {
      await recordAudit(
        tx,
        actor,
        { action: 'operator.add', objectType: 'operator', objectId: row.id, after: { email, role: input.role } },
        now,
      );
    }
    return ok({ id: row.id, setupToken, setupExpiresAt });
  });
}

/**
 * Issues a new setup link for an operator (a lost password or authenticator): the password and
 * authenticator are cleared and every session ends; the operator enrols again (docs/product.md
 * §13 Access). @returns `conflict` for the acting admin's own account (they would lock themselves
 * out), `not_found` for an unknown operator.
 */
export async function resetOperatorAccess(
  ctx: AppContext,
  operatorId: number,
  actor: OperatorActor,
): Promise<Result<{ setupToken: string; setupExpiresAt: Date }, 'not_found' | 'conflict'>> {
  if (operatorId === actor.id) return fail('conflict', 'admin.not_on_yourself');
  const setupToken = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  const setupExpiresAt = new Date(now.getTime() + SETUP_LINK_MS);
  const done = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(operators)
      .set({
        passwordHash: null,
        totpSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        recoveryCodes: [],
        setupTokenHash: tokenHash(setupToken),
        setupExpiresAt,
      })
      .where(eq(operators.id, operatorId))
      .returning({ id: operators.id });
    if (!row) return false;
    await recordAudit(
      tx,
      actor,
      { action: 'operator.reset_access', objectType: 'operator', objectId: operatorId },
      now,
    );
    return true;
  });
  if (!done) return fail('not_found');
  await endSessionsOf(ctx, operatorId);
  return ok({ setupToken, setupExpiresAt });
}

/**
 * Sets the password through a setup link (single use). @returns `invalid_token` for an unknown
 * or used link, `expired_token` past 72 hours, `validation_failed` for a short password.
 */
export async function completeOperatorSetup(
  ctx: AppContext,
  input: { token: string; password: string },
): Promise<Result<{ email: string }, 'invalid_token' | 'expired_token' | 'validation_failed'>> {
  if (input.password.length < OPERATOR_PASSWORD_MIN)
    return fail('validation_failed', undefined, [{ path: 'password', message: 'admin.password_too_short' }]);
  const [row] = await ctx.db
    .select({ id: operators.id, email: operators.email, expiresAt: operators.setupExpiresAt })
    .from(operators)
    .where(eq(operators.setupTokenHash, tokenHash(input.token)))
    .limit(1);
  if (!row) return fail('invalid_token');
  if (!row.expiresAt || row.expiresAt <= ctx.clock.now()) return fail('expired_token');
  const passwordHash = await hashPassword(input.password);
  const [updated] = await ctx.db
    .update(operators)
    .set({ passwordHash, setupTokenHash: null, setupExpiresAt: null })
    .where(
      and(
        eq(operators.id, row.id),
        eq(operators.setupTokenHash, tokenHash(input.token)),
        gt(operators.setupExpiresAt, ctx.clock.now()),
      ),
    )
    .returning({ id: operators.id });
  if (!updated) return fail('invalid_token');
  await endSessionsOf(ctx, row.id);
  return ok({ email: row.email });
}

/** Every operator account, oldest first (the operators section). */
export async function listOperators(ctx: AppContext) {
  return ctx.db
    .select({
      id: operators.id,
      email: operators.email,
      role: operators.role,
      enrolled: operators.totpEnabledAt,
      disabledAt: operators.disabledAt,
      lastLoginAt: operators.lastLoginAt,
      createdAt: operators.createdAt,
    })
    .from(operators)
    .orderBy(asc(operators.id));
}

/**
 * Changes an operator's role or disables/enables the account (audited; the operator's sessions
 * end so the change holds at once). An admin cannot change their own account this way.
 */
export async function updateOperator(
  ctx: AppContext,
  operatorId: number,
  change: { role?: OperatorRole; disabled?: boolean },
  actor: OperatorActor,
): Promise<Result<{ id: number }, 'not_found' | 'conflict'>> {
  if (operatorId === actor.id) return fail('conflict', 'admin.not_on_yourself');
  const now = ctx.clock.now();
  const done = await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ role: operators.role, disabledAt: operators.disabledAt })
      .from(operators)
      .where(eq(operators.id, operatorId))
      .for('update');
    if (!before) return false;
    const set = {
      ...(change.role ? { role: change.role } : {}),
      ...(change.disabled === undefined ? {} : { disabledAt: change.disabled ? now : null }),
    };
    if (Object.keys(set).length > 0) await tx.update(operators).set(set).where(eq(operators.id, operatorId));
    await recordAudit(
      tx,
      actor,
      {
        action: 'operator.update',
        objectType: 'operator',
        objectId: operatorId,
        before: { role: before.role, disabled: before.disabledAt !== null },
        after: { role: change.role ?? before.role, disabled: change.disabled ?? before.disabledAt !== null },
      },
      now,
    );
    return true;
  });
  if (!done) return fail('not_found');
  await endSessionsOf(ctx, operatorId);
  return ok({ id: operatorId });
}
