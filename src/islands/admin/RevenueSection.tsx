import { useState, type FormEvent } from 'react';
import { callAdmin } from '~/client/admin-api';
import { adminRevenueContract, type RevenueRowView } from '~/shared/contracts/admin/payments';
import { TextField } from '../shell/TextField';
import { siteOptions, utcDayBefore } from './finance-format';
import { FilterSelect } from './FilterSelect';
import { formatMoney } from './member-format';
import { SegmentedChoice } from './SegmentedChoice';
import { useAdminLoad } from './use-admin-load';

type Option = { value: string; label: string };
type Grouping = 'day' | 'site' | 'country' | 'currency';
const GROUPINGS = [
  { value: 'day', label: 'Day' },
  { value: 'site', label: 'Site' },
  { value: 'country', label: 'Country' },
  { value: 'currency', label: 'Currency' },
] as const;
const KEY_HEADING: Record<Grouping, string | null> = {
  day: 'Day (UTC)',
  site: 'Site',
  country: 'Country',
  currency: null,
};

function RevenueCells({ row }: { row: RevenueRowView }) {
  const money = (cents: number) => formatMoney(cents, row.currency);
  return (
    <>
      <td>{row.currency}</td>
      <td className="num">{row.payments.toLocaleString('en-GB')}</td>
      <td className="num">{money(row.paidCents)}</td>
      <td className="num">{row.refunds.toLocaleString('en-GB')}</td>
      <td className="num">{row.refundedCents > 0 ? `−${money(row.refundedCents)}` : money(0)}</td>
      <td className="num">
        <strong>{money(row.netCents)}</strong>
      </td>
    </>
  );
}

/**
 * docs/product.md §13 Payments, revenue: paid minus refunded per UTC day, site, member's country or
 * currency (amounts of different currencies are never added up), with the period's totals.
 */
export function RevenueSection({ sites, version }: { sites: Option[]; version: number }) {
  const [period, setPeriod] = useState({ from: utcDayBefore(29), to: utcDayBefore(0), site: '' });
  const [by, setBy] = useState<Grouping>('day');
  const load = useAdminLoad(
    () => callAdmin(adminRevenueContract, { query: { ...period, site: period.site || undefined, by } }),
    JSON.stringify([period, by, version]),
  );

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPeriod({ from: String(form.get('from')), to: String(form.get('to')), site: String(form.get('site') ?? '') });
  }

  const heading = KEY_HEADING[by];
  const rows = load.data?.rows ?? [];
  return (
    <section className="admin-panel" aria-labelledby="revenue-title">
      <h2 id="revenue-title">Revenue</h2>
      <p className="muted">
        Payments count on the UTC day they were paid, refunds and chargebacks on the day they were reversed.
      </p>
      <form className="admin-toolbar" onSubmit={apply} aria-label="Revenue period">
        <TextField name="from" label="From (UTC day)" type="date" defaultValue={period.from} required />
        <TextField name="to" label="To (UTC day)" type="date" defaultValue={period.to} required />
        <FilterSelect name="site" label="Site" options={siteOptions(sites)} />
        <button type="submit" className="btn btn-secondary">
          Show
        </button>
      </form>
      <SegmentedChoice legend="Group by" value={by} options={GROUPINGS} onChange={setBy} />
      {load.error && (
        <p className="alert alert-danger" role="alert">
          {load.error}
        </p>
      )}
      {!load.data && load.loading && <p className="admin-empty">Loading…</p>}
      {load.data && rows.length === 0 && <p className="admin-empty">No payments or refunds in this period.</p>}
      {rows.length > 0 && (
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Revenue table">
          <table className="admin-table" aria-busy={load.loading}>
            <thead>
              <tr>
                {heading && <th scope="col">{heading}</th>}
                <th scope="col">Currency</th>
                <th scope="col" className="num">
                  Payments
                </th>
                <th scope="col" className="num">
                  Received
                </th>
                <th scope="col" className="num">
                  Refunds
                </th>
                <th scope="col" className="num">
                  Refunded
                </th>
                <th scope="col" className="num">
                  Net
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.key}-${row.currency}`}>
                  {heading && <th scope="row">{row.key}</th>}
                  <RevenueCells row={row} />
                </tr>
              ))}
            </tbody>
            {heading && (
              <tfoot>
                {(load.data?.totals ?? []).map((row) => (
                  <tr key={row.currency} className="admin-total-row">
                    <th scope="row">Total</th>
                    <RevenueCells row={row} />
                  </tr>
                ))}
              </tfoot>
            )}
          </table>
        </div>
      )}
    </section>
  );
}
