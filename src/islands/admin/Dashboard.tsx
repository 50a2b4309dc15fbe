import { useEffect, useState } from 'react';
import { callAdmin } from '~/client/admin-api';
import { adminDashboardContract, type DashboardView } from '~/shared/contracts/admin/dashboard';
import { SelectField } from '../shell/SelectField';
import { ComparisonStat, PlainStat } from './DashboardStat';
import { siteOptions } from './finance-format';
import { formatMoney } from './member-format';
import { formatAge, useAdminLoad } from './use-admin-load';

type Option = { value: string; label: string };
const REFRESH_MS = 60_000;

interface Props {
  sites: Option[];
  /** Which sections this operator may open (links from the figures). */
  links: { reports: boolean; payments: boolean };
}

/** The revenue cards: net (paid minus refunded) per currency; only in answers for finance and admins. */
function RevenueStats({
  revenue,
  linkPayments,
}: {
  revenue: NonNullable<DashboardView['revenue']>;
  linkPayments: boolean;
}) {
  return (
    <>
      <h2 id="dashboard-revenue">Revenue (net of refunds)</h2>
      {revenue.length === 0 ? (
        <p className="admin-empty">No payments today or in the 7 days before.</p>
      ) : (
        <dl className="admin-stats" aria-labelledby="dashboard-revenue">
          {revenue.map((row) => (
            <ComparisonStat
              key={row.currency}
              label={`Today in ${row.currency}`}
              today={row.todayCents}
              last7Days={row.last7DaysCents}
              format={(cents) => formatMoney(Math.round(cents), row.currency)}
            />
          ))}
        </dl>
      )}
      {linkPayments && (
        <p>
          <a href="/admin/payments">Transactions and revenue report</a>
        </p>
      )}
    </>
  );
}

/** docs/product.md §13 Dashboard: today (UTC) against the 7 days before, refreshed every minute. */
export default function Dashboard({ sites, links }: Props) {
  const [site, setSite] = useState('');
  const load = useAdminLoad(() => callAdmin(adminDashboardContract, { query: { site: site || undefined } }), site);
  const { reload } = load;
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') reload();
    }, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [reload]);

  const data = load.data;
  return (
    <section className="admin-panel" aria-labelledby="dashboard-title" aria-busy={load.loading}>
      <div className="admin-section-head">
        <h1 id="dashboard-title">Dashboard</h1>
        <div className="admin-toolbar">
          <SelectField label="Site" value={site} options={siteOptions(sites)} onChange={setSite} />
          <button type="button" className="btn btn-secondary" onClick={reload} disabled={load.loading}>
            {load.loading ? 'Refreshing…' : 'Refresh'}
          </button>
        </div>
      </div>
      <p className="muted">
        “Today” is the current UTC day{data ? ` (${data.day}, since 00:00 UTC)` : ''}, compared with the 7 whole UTC
        days before it.
      </p>
      {load.error && (
        <p className="alert alert-danger" role="alert">
          {load.error}{' '}
          <button type="button" className="btn btn-small btn-secondary" onClick={reload}>
            Try again
          </button>
        </p>
      )}
      {!data && load.loading && <p className="admin-empty">Loading…</p>}
      {data && (
        <>
          <h2 id="dashboard-members">Members</h2>
          <dl className="admin-stats" aria-labelledby="dashboard-members">
            <ComparisonStat label="Signups today" today={data.signups.today} last7Days={data.signups.last7Days} />
            <ComparisonStat
              label="Activations today"
              today={data.activations.today}
              last7Days={data.activations.last7Days}
            />
            <ComparisonStat label="Messages today" today={data.messages.today} last7Days={data.messages.last7Days} />
            <PlainStat
              label="Active members, last 24 h"
              value={data.activeMembers.last24Hours.toLocaleString('en-GB')}
              note={`${data.activeMembers.last7Days.toLocaleString('en-GB')} in the last 7 days`}
            />
            <PlainStat
              label="Open reports"
              value={data.openReports.count.toLocaleString('en-GB')}
              note={
                data.openReports.oldestAgeSeconds === null
                  ? 'None waiting'
                  : `Oldest waiting ${formatAge(data.openReports.oldestAgeSeconds)}`
              }
              action={
                links.reports && data.openReports.count > 0 ? (
                  <a className="admin-stat-link" href="/admin/reports">
                    Work the queue
                  </a>
                ) : undefined
              }
            />
          </dl>
          {data.revenue && <RevenueStats revenue={data.revenue} linkPayments={links.payments} />}
        </>
      )}
    </section>
  );
}
