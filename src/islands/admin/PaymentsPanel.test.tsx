// @vitest-environment happy-dom
/**
 * The payments island (docs/product.md §13 Payments): the transactions with their filters and
 * paging, the refund of a paid one behind its confirmation (a refusal shown in the dialog, the
 * success notice, everything loaded again), the revenue report and its grouping, failed renewals.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TransactionItem } from '~/shared/contracts/admin/payments';
import { utcDayBefore } from './finance-format';

const callAdmin = vi.fn();
vi.mock('~/client/admin-api', () => ({
  callAdmin: (contract: { method: string; path: string }, input: unknown) =>
    callAdmin(`${contract.method} ${contract.path}`, input),
}));

const { default: PaymentsPanel } = await import('./PaymentsPanel');

const TRANSACTIONS = 'GET /admin/api/payments/transactions';
const REVENUE = 'GET /admin/api/payments/revenue';
const RENEWALS = 'GET /admin/api/payments/failed-renewals';
const REFUND = 'POST /admin/api/payments/transactions/:id/refund';
const sites = [{ value: 'nl.amora', label: 'Amora NL' }];

const transaction = (id: number, change: Partial<TransactionItem> = {}): TransactionItem => ({
  id,
  memberId: 42,
  memberEmail: 'ann@example.com',
  site: 'nl.amora',
  product: 'credits',
  productId: 'credits_500',
  credits: 500,
  bonusCredits: 50,
  premiumMonths: 0,
  amountCents: 2499,
  currency: 'EUR',
  vatCents: 434,
  discountCode: null,
  discountCents: 0,
  country: 'NL',
  method: 'ideal',
  sequenceType: 'oneoff',
  provider: 'mollie',
  providerPaymentId: 'tr_abc',
  status: 'paid',
  createdAt: '2026-12-01T10:00:00.000Z',
  paidAt: '2026-12-01T10:01:00.000Z',
  refundedAt: null,
  ...change,
});
const revenueRow = (key: string, netCents: number) => ({
  key,
  currency: 'EUR',
  payments: 2,
  paidCents: netCents + 1000,
  refunds: 1,
  refundedCents: 1000,
  netCents,
});
const renewal = {
  id: 301,
  memberId: 43,
  memberEmail: null,
  site: 'nl.amora',
  planId: 'premium_3',
  months: 3,
  amountCents: 4999,
  currency: 'EUR',
  method: 'creditcard',
  failedAt: '2026-12-01T06:00:00.000Z',
  subscriptionId: 9,
  subscriptionStatus: 'active' as const,
  premiumUntil: '2026-12-20T12:00:00.000Z',
};

/** Answers the three lists (transactions as given, in order) and refunds like the operator API would. */
function serve(...pages: { transactions: TransactionItem[]; hasMore: boolean }[]) {
  callAdmin.mockImplementation(async (route: string) => {
    if (route === TRANSACTIONS) return pages.length > 1 ? pages.shift() : pages[0];
    if (route === REVENUE) return { rows: [revenueRow('2026-12-01', 3998)], totals: [revenueRow('', 3998)] };
    if (route === RENEWALS) return { renewals: [renewal], hasMore: false };
    throw new Error(`unexpected ${route}`);
  });
}
const calls = (route: string) => callAdmin.mock.calls.filter(([called]) => called === route).map(([, input]) => input);
const row = (id: number) => screen.getByText(`#${id}`).closest('tr') as HTMLElement;

afterEach(() => {
  cleanup();
  callAdmin.mockReset();
});

describe('payments island (docs/product.md §13 Payments)', () => {
  it('lists transactions, the revenue of the last 30 days and the failed renewals', async () => {
    serve({
      transactions: [
        transaction(7),
        transaction(6, { memberEmail: null, product: 'premium', premiumMonths: 3, status: 'refunded' }),
      ],
      hasMore: false,
    });
    render(<PaymentsPanel locale="en" sites={sites} />);
    const paid = (await screen.findByText('#7')).closest('tr') as HTMLElement;
    expect(paid.textContent).toContain('ann@example.com');
    expect(paid.textContent).toContain('550 credits (credits_500)');
    expect(paid.textContent).toContain('€24.99VAT €4.34');
    expect(within(paid).getByText('paid')).toBeTruthy();
    expect(within(paid).getByRole('button', { name: 'Refund transaction #7' })).toBeTruthy();
    const refunded = row(6);
    expect(refunded.textContent).toContain('deleted account');
    expect(refunded.textContent).toContain('Premium 3 m (credits_500)');
    expect(within(refunded).queryByRole('button', { name: /Refund/ })).toBeNull();
    expect(calls(TRANSACTIONS)).toEqual([{ query: { status: undefined, before: undefined } }]);

    const revenue = await screen.findByRole('region', { name: 'Revenue table' });
    expect(within(revenue).getByRole('rowheader', { name: '2026-12-01' }).closest('tr')!.textContent).toBe(
      '2026-12-01EUR2€49.981−€10.00€39.98',
    );
    expect(within(revenue).getByRole('rowheader', { name: 'Total' })).toBeTruthy();
    expect(calls(REVENUE)).toEqual([
      { query: { from: utcDayBefore(29), to: utcDayBefore(0), site: undefined, by: 'day' } },
    ]);

    fireEvent.click(screen.getByRole('radio', { name: 'Site' }));
    await vi.waitFor(() => expect(calls(REVENUE)).toHaveLength(2));
    expect(calls(REVENUE)[1]).toMatchObject({ query: { by: 'site' } });
    expect(await within(revenue).findByRole('columnheader', { name: 'Site' })).toBeTruthy();

    const renewals = await screen.findByRole('region', { name: 'Failed renewals table' });
    expect(within(renewals).getByText('premium_3 (3 m)')).toBeTruthy();
    expect(within(renewals).getByText('member #43')).toBeTruthy();
    expect(within(renewals).getByText('20 Dec 2026')).toBeTruthy();
    expect(calls(RENEWALS)).toEqual([{ query: { site: undefined, before: undefined } }]);
  });

  it('filters the transactions from the first page and pages back by id', async () => {
    serve(
      { transactions: [transaction(9), transaction(8)], hasMore: true },
      { transactions: [transaction(5)], hasMore: false },
      { transactions: [], hasMore: false },
    );
    render(<PaymentsPanel locale="en" sites={sites} />);
    await screen.findByText('#9');
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('#5')).toBeTruthy();
    expect(calls(TRANSACTIONS)[1]).toEqual({ query: { status: undefined, before: 8 } });

    const form = screen.getByRole('form', { name: 'Filter transactions' });
    fireEvent.change(within(form).getByLabelText('Site'), { target: { value: 'nl.amora' } });
    fireEvent.change(within(form).getByLabelText('Status'), { target: { value: 'paid' } });
    fireEvent.change(within(form).getByLabelText('Method'), { target: { value: 'ideal' } });
    fireEvent.change(within(form).getByLabelText('From (UTC day)'), { target: { value: '2026-11-01' } });
    fireEvent.change(within(form).getByLabelText('Member id'), { target: { value: ' 42 ' } });
    fireEvent.submit(form);
    expect(await screen.findByText('No transactions match these filters.')).toBeTruthy();
    expect(calls(TRANSACTIONS)[2]).toEqual({
      query: {
        site: 'nl.amora',
        status: 'paid',
        method: 'ideal',
        from: '2026-11-01',
        to: undefined,
        member: '42',
        before: undefined,
      },
    });
    expect(screen.queryByRole('button', { name: 'Newer' })).toBeNull();
  });

  it('refunds a paid transaction only after its confirmation; a refusal shows in the dialog', async () => {
    serve(
      { transactions: [transaction(7)], hasMore: false },
      {
        transactions: [transaction(7, { status: 'refunded', refundedAt: '2026-12-01T11:00:00.000Z' })],
        hasMore: false,
      },
    );
    render(<PaymentsPanel locale="en" sites={sites} />);
    await screen.findByText('premium_3 (3 m)');

    fireEvent.click(screen.getByRole('button', { name: 'Refund transaction #7' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund transaction #7?' });
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(dialog.textContent).toContain(
      '€24.99 goes back to the payer through mollie (ann@example.com). 550 credits are taken back',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect((dialog as HTMLDialogElement).open).toBe(false);
    expect(calls(REFUND)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Refund transaction #7' }));
    callAdmin.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'payment_provider_unavailable' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund €24.99' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The payment provider refused the refund or could not be reached. Nothing was changed; try again later.',
    );
    expect((dialog as HTMLDialogElement).open).toBe(true);

    callAdmin.mockResolvedValueOnce({
      transaction: transaction(7, { status: 'refunded' }),
      member: { credits: 0, creditDebt: 120, premiumUntil: null },
      refundedAtProviderCents: 2499,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund €24.99' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Transaction #7 refunded (€24.99). Member #42 now has 0 credits and owes 120.',
    );
    expect(calls(REFUND)).toEqual([{ params: { id: 7 } }, { params: { id: 7 } }]);
    expect(await within(row(7)).findByText('refunded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refund transaction #7' })).toBeNull();
    // The refund changes the revenue and the renewals too: both load again.
    await vi.waitFor(() => expect(calls(REVENUE)).toHaveLength(2));
    await vi.waitFor(() => expect(calls(RENEWALS)).toHaveLength(2));
  });

  it('says when a transaction was refunded meanwhile', async () => {
    serve({ transactions: [transaction(7)], hasMore: false });
    render(<PaymentsPanel locale="en" sites={sites} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Refund transaction #7' }));
    callAdmin.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'conflict' }));
    fireEvent.click(screen.getByRole('button', { name: 'Refund €24.99' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This transaction is no longer paid');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
