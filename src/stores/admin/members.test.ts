import { beforeEach, describe, expect, it, vi } from 'vitest';

const callAdmin = vi.fn();
vi.mock('~/client/admin-api', () => ({
  callAdmin: (contract: { method: string; path: string }, input: unknown) =>
    callAdmin(`${contract.method} ${contract.path}`, input),
}));

const members = await import('./members');
const moderation = await import('./moderation');
const payments = await import('./payments');
const refused = (code: string) => Object.assign(new Error('x'), { code });

describe('console member verbs (docs/product.md §13 Members)', () => {
  beforeEach(() => callAdmin.mockReset());

  it('searches with the filled-in filters only and keeps the search in the URL', async () => {
    callAdmin.mockResolvedValueOnce({ members: [], hasMore: false });
    await members.fetchMembers({ q: '', site: 'nl.amora', page: 2 });
    expect(callAdmin.mock.calls[0]).toEqual([
      'GET /admin/api/members',
      { query: { q: undefined, site: 'nl.amora', page: 2 } },
    ]);
    expect(members.memberQueryUrl({ q: 'ann', site: '', page: 1 }, 'https://x.test/admin/members?site=a&page=3')).toBe(
      'https://x.test/admin/members?q=ann',
    );
  });

  it('checks a credit adjustment before sending it', () => {
    expect(members.checkCreditAdjustment(0, 'ok reason', 10).amount?.key).toBe('credits.amount_invalid');
    expect(members.checkCreditAdjustment(1.5, 'ok reason', 10).amount?.key).toBe('credits.amount_invalid');
    expect(members.checkCreditAdjustment(-11, 'ok reason', 10).amount).toEqual({
      key: 'credits.amount_too_low',
      values: { balance: 10 },
    });
    expect(members.checkCreditAdjustment(5, 'no', 10).reason?.key).toBe('credits.reason_invalid');
    expect(members.checkCreditAdjustment(-10, 'goodwill', 10)).toEqual({});
  });

  it('checks premium days and suspension days', () => {
    expect(members.checkPremiumDays(0)?.key).toBe('credits.days_invalid');
    expect(members.checkPremiumDays(30)).toBeNull();
    expect(moderation.checkSuspendDays(0)).toEqual({ key: 'moderation.days_invalid', values: { min: 1, max: 365 } });
    expect(moderation.checkSuspendDays(7)).toBeNull();
  });

  it('sends the moderation reason only when given', async () => {
    callAdmin.mockResolvedValue({ member: {} });
    await moderation.suspendMember(4, 7, '  ');
    await moderation.banMember(4, ' spam ');
    expect(callAdmin.mock.calls.map((call) => call[1])).toEqual([
      { params: { id: 4 }, body: { days: 7, reason: undefined } },
      { params: { id: 4 }, body: { reason: 'spam' } },
    ]);
  });

  it('words the refusals the console explains precisely, and leaves the others generic', () => {
    expect(members.adjustErrorText(refused('conflict'))).toEqual({ key: 'credits.adjust_conflict' });
    expect(members.mailErrorText(refused('rate_limited'))).toEqual({ key: 'support.rate_limited' });
    expect(members.mailErrorText(refused('network'))).toBeNull();
    expect(members.providerErrorText('delete.provider_unavailable')(refused('payment_provider_unavailable'))).toEqual({
      key: 'delete.provider_unavailable',
    });
    expect(payments.refundErrorText(refused('conflict'))).toEqual({ key: 'refund.conflict' });
    expect(payments.refundErrorText(refused('forbidden'))).toBeNull();
  });
});
