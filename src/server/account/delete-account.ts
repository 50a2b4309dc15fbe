import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { DeleteReason } from '~/shared/contracts/account-deletion';
import { fail, ok, type Result } from '~/shared/errors';
import { memberPaceKey } from '../platform/rate-limit/login-pace';
import { verifyPassword } from '../platform/passwords/passwords';
import { announceSessionsEnded } from '../platform/accounts/sessions';
import type { AppContext } from '../context';
import {
  accountTokens,
  blocks,
  conversationMembers,
  dataExports,
  emailActivations,
  images,
  likes,
  memberEvents,
  messageMailLog,
  notificationSettings,
  profiles,
  pushSubscriptions,
  rateLimits,
  sessions,
  streamPresence,
  users,
} from '../db/schema';
import { deletedEmailMarker } from '../platform/accounts/deleted-email';

/** A password hash no password matches (not a PHC string, so verification always fails). */
const UNUSABLE_PASSWORD_HASH = '!deleted';

/**
 * docs/product.md §10 account deletion: checks the member's password, then removes the account
 * (`removeAccount`).
 * Failure: `validation_failed` with a `password` issue for a wrong password (nothing changes).
 */
export async function deleteAccount(
  ctx: AppContext,
  input: { userId: number; password: string; reason: DeleteReason | null },
): Promise<Result<void, 'validation_failed'>> {
  const [account] = await ctx.db
    .select({ passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(eq(users.id, input.userId));
  const isActive = account !== undefined && account.status !== 'deleted';
  const isValid = await verifyPassword(isActive ? account.passwordHash : null, input.password);
  if (!account || !isActive || !isValid) {
    return fail('validation_failed', undefined, [{ path: 'password', message: 'account_delete.wrong_password' }]);
  }
  await removeAccount(ctx, { userId: input.userId, reason: input.reason });
  return ok(undefined);
}

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

/**
 * docs/product.md §10 account deletion, shared by the member's own deletion and an operator's
 * (docs/product.md §13 Members): in one transaction, with the user row locked, removes everything
 * personal — photos (rows), likes given and received, push subscriptions,
 * every session, account tokens, data exports, notification settings, mail log, activation
 * links, realtime events, blocks, the member's side of each conversation — blanks and hides
 * the profile (the row stays: the other members' conversations refer to it) and turns the
 * user row into `status = 'deleted'` with no address (a keyed hash, see deleted-email.ts),
 * no usable password and no tracking. Messages stay for the other member and the credit
 * ledger stays for the accounts. `beforeRemoval` runs first in the same transaction (an
 * operator's audit row). After the commit the member's open event streams close in every
 * process and the photo and export files leave storage.
 * @returns false, changing nothing, when there is no such account or it is already deleted.
 */
export async function removeAccount(
  ctx: AppContext,
  input: { userId: number; reason: DeleteReason | null },
  beforeRemoval?: (tx: Tx, account: { site: string; status: 'not_confirmed' | 'active' }) => Promise<void>,
): Promise<boolean> {
  const { userId } = input;
  const now = ctx.clock.now();
  const files = await ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ email: users.email, site: users.site, status: users.status })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!account || account.status === 'deleted') return null;
    await beforeRemoval?.(tx, { site: account.site, status: account.status });
    const photos = await tx
      .delete(images)
      .where(eq(images.profileId, userId))
      .returning({ filename: images.filename, thumb: images.thumbFilename });
    const exports = await tx
      .delete(dataExports)
      .where(eq(dataExports.userId, userId))
      .returning({ fileKey: dataExports.fileKey });
    await tx
      .update(profiles)
      .set({
        name: '',
        gender: null,
        dateOfBirth: null,
        country: null,
        countryregion: null,
        city: null,
        personal: null,
        fields: {},
        mainImageId: null,
        isVisible: false,
      })
      .where(eq(profiles.id, userId));
    await tx.delete(likes).where(or(eq(likes.likerId, userId), eq(likes.likedId, userId)));
    await tx.delete(blocks).where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
    for (const table of [
      pushSubscriptions,
      sessions,
      accountTokens,
      notificationSettings,
      messageMailLog,
      emailActivations,
      memberEvents,
      streamPresence,
      conversationMembers,
    ]) {
      await tx.delete(table).where(eq(table.userId, userId));
    }
    // The log-in pace counters name the address.
    await tx.delete(rateLimits).where(eq(rateLimits.key, memberPaceKey(account.site, account.email)));
    // The address may have been deleted before (and signed up again since): the earlier deleted
    // row gives up the marker, which always names the latest deleted account of the address.
    const marker = deletedEmailMarker(ctx.secret, account.site, account.email);
    await tx
      .update(users)
      .set({ email: sql`${users.email} || ':' || ${users.id}` })
      .where(and(eq(users.site, account.site), eq(users.email, marker), ne(users.id, userId)));
    await tx
      .update(users)
      .set({
        status: 'deleted',
        deletedAt: now,
        deleteReason: input.reason,
        email: marker,
        passwordHash: UNUSABLE_PASSWORD_HASH,
        mailprovider: 0,
        trafficsource: null,
        timezone: null,
        referrer: null,
        formPath: null,
        userAgent: null,
        originatingProfileId: null,
        tracking: null,
        savedSearch: null,
        signupReminderSentAt: null,
      })
      .where(and(eq(users.id, userId), ne(users.status, 'deleted')));
    return [
      ...photos.flatMap((photo) => [photo.filename, photo.thumb]),
      ...exports.flatMap((row) => (row.fileKey ? [row.fileKey] : [])),
    ];
  });
  if (files === null) return false;
  await announceSessionsEnded(ctx, userId);
  await removeFiles(ctx, files);
  ctx.log.info('account deleted', { userId });
  return true;
}

/** Removes stored files after the commit; a failure is logged (the rows are already gone). */
async function removeFiles(ctx: AppContext, keys: string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => ctx.storage.delete(key)));
  const failed = results.filter((result) => result.status === 'rejected').length;
  if (failed > 0) ctx.log.warn('account deletion left files in storage', { failed });
}
