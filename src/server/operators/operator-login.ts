import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { fail, ok, type Result } from '~/shared/errors';
import { issueOperatorDeviceToken, isKnownOperatorDevice } from '../auth';
import { admitUnknownDevice, forgetAdmission, operatorPaceKey } from '../platform/rate-limit/login-pace';
import { verifyPassword } from '../platform/passwords/passwords';
import { hitRateLimit, rateLimited, refundRateLimit } from '../platform/rate-limit/rate-limit';
import type { AppContext } from '../context';
import { operators } from '../db/schema';
import { recordAudit } from '../platform/audit/audit-log';
import { normaliseOperatorEmail } from './operator-accounts';
import {
  createOperatorSession,
  endOperatorSessionById,
  pruneOperatorSessions,
  type OperatorSession,
} from './operator-sessions';
import {
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  openTotpSecret,
  recoveryCodeHash,
  sealTotpSecret,
  totpQrSvg,
  totpUri,
} from './totp';

/**
 * The two steps of an operator log-in (docs/product.md §13 Access): password, then a TOTP code
 * (or a recovery code). At the first log-in the second step enrols the authenticator: the
 * password step returns a new secret as a QR code, the first correct code confirms it and the
 * ten recovery codes are shown once.
 */

/** Name shown in authenticator apps. */
const TOTP_ISSUER = 'Amora console';

export interface Enrolment {
  secret: string;
  uri: string;
  qrSvg: string;
}

/**
 * Step 1, under the member log-in limits (docs/product.md §10 Log-in limits, §13 Access): per
 * client address a fixed window (`operatorLogin`); per account, for a device that never completed
 * a log-in of this operator (the `amora_operator_device` cookie, `deviceToken`), the growing wait
 * of admitUnknownDevice — slowed down, never refused for good, and a known device is never held
 * back by it, so strangers typing wrong passwords cannot lock the operator out. Only failures
 * count: a right password gives its attempt back. An unknown address, a disabled account, one
 * without a password yet and a wrong password all answer `invalid_credentials`, in the same time.
 * @returns the token of a `password`-stage session, and the enrolment when no authenticator is
 *   enrolled yet (a new secret each time until one is confirmed).
 */
export async function startOperatorLogin(
  ctx: AppContext,
  input: { email: string; password: string; clientAddress: string; deviceToken?: string },
): Promise<Result<{ token: string; enrolment: Enrolment | null }, 'invalid_credentials' | 'rate_limited'>> {
  const email = normaliseOperatorEmail(input.email);
  const addressKey = `ip:${input.clientAddress}`;
  const byAddress = await hitRateLimit(ctx, 'operatorLogin', addressKey);
  if (!byAddress.allowed) return rateLimited(byAddress.retryAfterS);
  const [row] = await ctx.db
    .select({
      id: operators.id,
      passwordHash: operators.passwordHash,
      disabledAt: operators.disabledAt,
      totpEnabledAt: operators.totpEnabledAt,
    })
    .from(operators)
    .where(eq(operators.email, email))
    .limit(1);
  const usable = row && row.disabledAt === null && row.passwordHash !== null ? row : null;
  const paceKey = operatorPaceKey(email);
  let admittedAt: Date | null = null;
  if (!usable || !isKnownOperatorDevice(ctx, input.deviceToken, usable.id)) {
    const pace = await admitUnknownDevice(ctx, paceKey);
    if (!pace.allowed) return rateLimited(pace.retryAfterS);
    admittedAt = pace.admittedAt;
  }
  const valid = await verifyPassword(usable?.passwordHash ?? null, input.password);
  if (!usable || !valid) {
    ctx.log.info('operator log-in refused', { operatorId: row?.id ?? null });
    return fail('invalid_credentials');
  }
  await refundRateLimit(ctx, 'operatorLogin', addressKey, byAddress.windowStart);
  if (admittedAt) await forgetAdmission(ctx, paceKey, admittedAt);
  await pruneOperatorSessions(ctx);
  let enrolment: Enrolment | null = null;
  if (!usable.totpEnabledAt) {
    const secret = newTotpSecret();
    await ctx.db
      .update(operators)
      .set({ totpSecret: sealTotpSecret(ctx.secret, secret) })
      .where(eq(operators.id, usable.id));
    const uri = totpUri(secret, email, TOTP_ISSUER);
    enrolment = { secret, uri, qrSvg: await totpQrSvg(uri) };
  }
  const { token } = await createOperatorSession(ctx, usable.id, 'password');
  return ok({ token, enrolment });
}

/**
 * Step 2, on a `password`-stage session: a 6-digit code of the current 30-s step (±1) that is
 * newer than the last one accepted (a replayed code is refused, also by two requests at once:
 * the step is stored with a compare-and-set), or an unused recovery code (used up by it).
 * Limit: 5 tries per 10 minutes per operator (`operatorCode`).
 * @returns the token of a new `active` session (the password-stage one ends), a fresh
 *   known-device token for this device (docs/product.md §13 Access) and, at enrolment, the
 *   recovery codes to show once; `invalid_code` otherwise.
 */
export async function finishOperatorLogin(
  ctx: AppContext,
  session: OperatorSession,
  input: { code?: string; recoveryCode?: string },
): Promise<
  Result<{ token: string; deviceToken: string; recoveryCodes: string[] | null }, 'invalid_code' | 'rate_limited'>
> {
  const operatorId = session.operator.id;
  const limit = await hitRateLimit(ctx, 'operatorCode', `operator:${operatorId}`);
  if (!limit.allowed) return rateLimited(limit.retryAfterS);
  const [row] = await ctx.db
    .select({
      totpSecret: operators.totpSecret,
      totpEnabledAt: operators.totpEnabledAt,
      totpLastStep: operators.totpLastStep,
    })
    .from(operators)
    .where(eq(operators.id, operatorId))
    .limit(1);
  if (!row?.totpSecret) return fail('invalid_code');
  const now = ctx.clock.now();
  let recoveryCodes: string[] | null = null;
  if (input.recoveryCode !== undefined) {
    if (!row.totpEnabledAt) return fail('invalid_code');
    const hash = recoveryCodeHash(input.recoveryCode);
    const [used] = await ctx.db
      .update(operators)
      .set({ recoveryCodes: sql`${operators.recoveryCodes} - ${hash}::text` })
      .where(and(eq(operators.id, operatorId), sql`${operators.recoveryCodes} ? ${hash}::text`))
      .returning({ id: operators.id });
    if (!used) return fail('invalid_code');
  } else {
    const secret = openTotpSecret(ctx.secret, row.totpSecret);
    const step = await matchTotp(secret, input.code ?? '', now.getTime(), row.totpLastStep);
    if (step === null) return fail('invalid_code');
    const enrolling = !row.totpEnabledAt;
    if (enrolling) recoveryCodes = newRecoveryCodes();
    const [accepted] = await ctx.db
      .update(operators)
      .set({
        totpLastStep: step,
        ...(enrolling ? { totpEnabledAt: now, recoveryCodes: recoveryCodes!.map(recoveryCodeHash) } : {}),
      })
      .where(
        and(
          eq(operators.id, operatorId),
          or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step)),
          eq(operators.totpSecret, row.totpSecret),
        ),
      )
      .returning({ id: operators.id });
    if (!accepted) return fail('invalid_code');
  }
  await endOperatorSessionById(ctx, session.id);
  const { token } = await createOperatorSession(ctx, operatorId, 'active');
  await ctx.db.transaction(async (tx) => {
    await tx.update(operators).set({ lastLoginAt: now }).where(eq(operators.id, operatorId));
    await recordAudit(
      tx,
      session.operator,
      {
        action: recoveryCodes ? 'operator.enrol' : 'operator.login',
        objectType: 'operator',
        objectId: operatorId,
        after: input.recoveryCode !== undefined ? { recoveryCodeUsed: true } : null,
      },
      now,
    );
  });
  return ok({ token, deviceToken: issueOperatorDeviceToken(ctx, operatorId), recoveryCodes });
}
