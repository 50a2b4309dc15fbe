import { useEffect, useState } from 'react';
import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import type { DashboardView } from '~/shared/contracts/admin/dashboard';
import { fetchDashboard } from '../../stores/admin/dashboard';
import { SelectField } from '../shell/SelectField';
import { LoadProblem } from './AdminLoadState';
import { ComparisonStat, PlainStat } from './DashboardStat';
import { formatCount, siteOptions } from './finance-format';
import { formatMoney } from './member-format';
import { formatAge, useAdminLoad } from './use-admin-load';

type Option = { value: string; label: string };
const REFRESH_MS = 60_000;

interface Props {
  locale: ConsoleLocale;
  sites: Option[];
  /** Which sections this operator may open (links from the figures). */
  links: { reports: boolean; payments: boolean };
}

/** The revenue cards: net (paid minus refunded) per currency; only in answers for finance and admins. */
function RevenueStats({
  locale,
  revenue,
  linkPayments,
}: {
  locale: ConsoleLocale;
  revenue: NonNullable<DashboardView['revenue']>;
  linkPayments: boolean;
}) {
  const t = consoleT(locale);
  return (
    <>
      <h2 id="dashboard-revenue">{t('dashboard.revenue_title')}</h2>
      {revenue.length === 0 ? (
        <p className="admin-empty">{t('dashboard.no_payments')}</p>
      ) : (
        <dl className="admin-stats" aria-labelledby="dashboard-revenue">
          {revenue.map((row) => (
            <ComparisonStat
              key={row.currency}
              locale={locale}
              label={t('dashboard.today_in', { currency: row.currency })}
              today={row.todayCents}
              last7Days={row.last7DaysCents}
              format={(cents) => formatMoney(locale, Math.round(cents), row.currency)}
            />
          ))}
        </dl>
      )}
      {linkPayments && (
        <p>
          <a href="/admin/payments">{t('dashboard.payments_link')}</a>
        </p>
      )}
    </>
  );
}

/** docs/product.md §13 Dashboard: today (UTC) against the 7 days before, refreshed every minute. */
export default function Dashboard({ locale, sites, links }: Props) {
  const t = consoleT(locale);
  const [site, setSite] = useState('');
  const load = useAdminLoad(fetchDashboard, site);
  const { reload } = load;
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') reload();
    }, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [reload]);

  const data = load.data;
  const count = (value: number) => formatCount(locale, value);
  return (
    <section className="admin-panel" aria-labelledby="dashboard-title" aria-busy={load.loading}>
      <div className="admin-section-head">
        <h1 id="dashboard-title">{t('dashboard.title')}</h1>
        <div className="admin-toolbar">
          <SelectField label={t('common.site')} value={site} options={siteOptions(locale, sites)} onChange={setSite} />
          <button type="button" className="btn btn-secondary" onClick={reload} disabled={load.loading}>
            {load.loading ? t('dashboard.refreshing') : t('dashboard.refresh')}
          </button>
        </div>
      </div>
      <p className="muted">{data ? t('dashboard.today_note_day', { day: data.day }) : t('dashboard.today_note')}</p>
      <LoadProblem locale={locale} load={load} />
      {data && (
        <>
          <h2 id="dashboard-members">{t('dashboard.members_title')}</h2>
          <dl className="admin-stats" aria-labelledby="dashboard-members">
            <ComparisonStat
              locale={locale}
              label={t('dashboard.signups')}
              today={data.signups.today}
              last7Days={data.signups.last7Days}
            />
            <ComparisonStat
              locale={locale}
              label={t('dashboard.activations')}
              today={data.activations.today}
              last7Days={data.activations.last7Days}
            />
            <ComparisonStat
              locale={locale}
              label={t('dashboard.messages')}
              today={data.messages.today}
              last7Days={data.messages.last7Days}
            />
            <PlainStat
              label={t('dashboard.active_members')}
              value={count(data.activeMembers.last24Hours)}
              note={t('dashboard.active_7_days', { n: count(data.activeMembers.last7Days) })}
            />
            <PlainStat
              label={t('dashboard.open_reports')}
              value={count(data.openReports.count)}
              note={
                data.openReports.oldestAgeSeconds === null
                  ? t('dashboard.none_waiting')
                  : t('dashboard.oldest_waiting', { age: formatAge(locale, data.openReports.oldestAgeSeconds) })
              }
              action={
                links.reports && data.openReports.count > 0 ? (
                  <a className="admin-stat-link" href="/admin/reports">
                    {t('dashboard.work_queue')}
                  </a>
                ) : undefined
              }
            />
          </dl>
          {data.revenue && <RevenueStats locale={locale} revenue={data.revenue} linkPayments={links.payments} />}
        </>
      )}
    </section>
  );
}
