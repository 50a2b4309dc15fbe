import { describe, expect, it } from 'vitest';
import { accountTokens } from '../../src/server/db/schema';
import {
  consumeAccountToken,
  issueAccountToken,
  peekAccountToken,
} from '../../src/server/platform/security/account-tokens';
import { useTestContext } from '../helpers/context';
import { createMember } from '../helpers/factories';

const harness = useTestContext();

describe('account tokens (docs/product.md §10)', () => {
  it('are 256-bit, stored only as a hash, and work exactly once', async () => {
    const ctx = harness.ctx();
    const memberId = await createMember(ctx, { name: 'Tia' });
    const token = await issueAccountToken(ctx, {
      userId: memberId,
      purpose: 'reset_password',
      ttlMs: 60_000,
      data: { note: 'x' },
    });
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await ctx.db.select().from(accountTokens);
    expect(JSON.stringify(rows)).not.toContain(token);

    expect(await peekAccountToken(ctx, 'reset_password', token)).toEqual({
      ok: true,
      value: { userId: memberId, data: { note: 'x' } },
    });
    const [first, second] = await Promise.all([
      consumeAccountToken(ctx, 'reset_password', token),
      consumeAccountToken(ctx, 'reset_password', token),
    ]);
    expect([first.ok, second.ok].sort()).toEqual([false, true]);
    expect(await consumeAccountToken(ctx, 'reset_password', token)).toMatchObject({ ok: false, code: 'invalid_token' });
  });

  it('are bound to their purpose, expire, and a replacing token voids the earlier one', async () => {
    const ctx = harness.ctx();
    const memberId = await createMember(ctx, { name: 'Uli' });
    const old = await issueAccountToken(ctx, { userId: memberId, purpose: 'mail_change', ttlMs: 60_000 });
    expect(await peekAccountToken(ctx, 'reset_password', old)).toMatchObject({ ok: false, code: 'invalid_token' });
    const newer = await issueAccountToken(ctx, {
      userId: memberId,
      purpose: 'mail_change',
      ttlMs: 60_000,
      replace: true,
    });
    expect(await peekAccountToken(ctx, 'mail_change', old)).toMatchObject({ ok: false, code: 'invalid_token' });
    expect((await peekAccountToken(ctx, 'mail_change', newer)).ok).toBe(true);

    const short = await issueAccountToken(ctx, { userId: memberId, purpose: 'export_download', ttlMs: -1 });
    expect(await consumeAccountToken(ctx, 'export_download', short)).toMatchObject({
      ok: false,
      code: 'expired_token',
    });
    expect(await peekAccountToken(ctx, 'export_download', 'not a token')).toMatchObject({ ok: false });
  });
});
