import { useState, type FormEvent } from 'react';
import { callAdmin } from '~/client/admin-api';
import {
  adminTransactionsContract,
  TRANSACTION_STATUS_VALUES,
  type TransactionItem,
} from '~/shared/contracts/admin/payments';
import { PAYMENT_METHODS } from '~/shared/payments';
import { TextField } from '../shell/TextField';
import { anyOption, siteOptions, statusBadgeClass } from './finance-format';
import { FilterSelect } from './FilterSelect';
import { formatMoney } from './member-format';
import { RefundAction } from './RefundAction';
import { formatTime, useAdminLoad } from './use-admin-load';
import { LoadProblem, KeysetPager } from './AdminLoadState';

type Option = { value: string; label: string };
type Filter = { site?: string; status?: string; method?: string; from?: string; to?: string; member?: string };

/** What was bought, in a few words. */
function productText(row: TransactionItem): string {
  return row.product === 'premium'
    ? `Premium ${row.premiumMonths} m (${row.productId})`
    : `${row.credits + row.bonusCredits} credits (${row.productId})`;
}

function TransactionRow({ row, onRefunded }: { row: TransactionItem; onRefunded: (notice: string) => void }) {
  return (
    <tr data-status={row.status}>
      <td>
        <span className="admin-mono">#{row.id}</span>
        {row.providerPaymentId && <div className="muted admin-mono admin-provider-id">{row.providerPaymentId}</div>}
      </td>
      <td>{formatTime(row.createdAt)}</td>
      <td>
        {row.memberEmail ?? <span className="muted">deleted account</span>}
        <div className="muted">member #{row.memberId}</div>
      </td>
      <td>{row.site}</td>
      <td>
        {productText(row)}
        {row.discountCode && <div className="muted">discount {row.discountCode}</div>}
      </td>
      <td className="num admin-nowrap">
        {formatMoney(row.amountCents, row.currency)}
        <div className="muted admin-nowrap">VAT {formatMoney(row.vatCents, row.currency)}</div>
      </td>
      <td>
        {row.method}
        <div className="muted">{row.country}</div>
      </td>
      <td>
        <span className={statusBadgeClass(row.status)}>{row.status}</span>
        {row.refundedAt && <div className="muted">{formatTime(row.refundedAt)}</div>}
      </td>
      <td>{row.status === 'paid' && <RefundAction transaction={row} onRefunded={onRefunded} />}</td>
    </tr>
  );
}

/** docs/product.md §13 Payments: transactions newest first with filters, paging and the refund of paid ones. */
export function TransactionsSection({ sites, onChanged }: { sites: Option[]; onChanged: () => void }) {
  const [filter, setFilter] = useState<Filter>({});
  const [pages, setPages] = useState<number[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const before = pages.at(-1);
  const load = useAdminLoad(
    () =>
      callAdmin(adminTransactionsContract, {
        query: { ...filter, status: filter.status as TransactionItem['status'] | undefined, before },
      }),
    JSON.stringify([filter, before]),
  );

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    setPages([]);
    setNotice(null);
    setFilter({
      site: value('site'),
      status: value('status'),
      method: value('method'),
      from: value('from'),
      to: value('to'),
      member: value('member'),
    });
  }

  function refunded(text: string) {
    setNotice(text);
    load.reload();
    onChanged();
  }

  const rows = load.data?.transactions ?? [];
  return (
    <section className="admin-panel" aria-labelledby="transactions-title">
      <h1 id="transactions-title">Payments</h1>
      <h2 className="admin-subtitle">Transactions</h2>
      <form className="admin-toolbar" onSubmit={apply} aria-label="Filter transactions">
        <FilterSelect name="site" label="Site" options={siteOptions(sites)} />
        <FilterSelect name="status" label="Status" options={anyOption(TRANSACTION_STATUS_VALUES)} />
        <FilterSelect name="method" label="Method" options={anyOption(PAYMENT_METHODS)} />
        <TextField name="from" label="From (UTC day)" type="date" />
        <TextField name="to" label="To (UTC day)" type="date" />
        <TextField name="member" label="Member id" inputMode="numeric" pattern="[0-9]*" />
        <button type="submit" className="btn btn-secondary">
          Filter
        </button>
      </form>
      {notice && (
        <p className="admin-notice admin-notice-success" role="status">
          {notice}
        </p>
      )}
      <LoadProblem load={load} />
      {load.data && rows.length === 0 && <p className="admin-empty">No transactions match these filters.</p>}
      {rows.length > 0 && (
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Transactions table">
          <table className="admin-table" aria-busy={load.loading}>
            <thead>
              <tr>
                <th scope="col">Transaction</th>
                <th scope="col">Created</th>
                <th scope="col">Member</th>
                <th scope="col">Site</th>
                <th scope="col">Bought</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Method</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <TransactionRow key={row.id} row={row} onRefunded={refunded} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <KeysetPager pages={pages} onPages={setPages} hasMore={load.data?.hasMore ?? false} lastId={rows.at(-1)?.id} />
    </section>
  );
}
