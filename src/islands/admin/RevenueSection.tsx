import { useState, type FormEvent } from 'react';
import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import type { RevenueRowView } from '~/shared/contracts/admin/payments';
import { fetchRevenue, type RevenueGrouping } from '../../stores/admin/payments';
import { TextField } from '../shell/TextField';
import { formatCount, siteOptions, utcDayBefore } from './finance-format';
import { FilterSelect } from './FilterSelect';
import { formatMoney } from './member-format';
import { SegmentedChoice } from './SegmentedChoice';
import { ErrorAlert } from './AdminLoadState';
import { useAdminLoad } from './use-admin-load';

type Option = { value: string; label: string };
const GROUPINGS: readonly RevenueGrouping[] = ['day', 'site', 'country', 'currency'];

function RevenueCells({ locale, row }: { locale: ConsoleLocale; row: RevenueRowView }) {
  const money = (cents: number) => formatMoney(locale, cents, row.currency);
  return (
    <>
      <td>{row.currency}</td>
      <td className="num">{formatCount(locale, row.payments)}</td>
      <td className="num">{money(row.paidCents)}</td>
      <td className="num">{formatCount(locale, row.refunds)}</td>
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
export function RevenueSection({
  locale,
  sites,
  version,
}: {
  locale: ConsoleLocale;
  sites: Option[];
  version: number;
}) {
  const t = consoleT(locale);
  const [period, setPeriod] = useState({ from: utcDayBefore(29), to: utcDayBefore(0), site: '' });
  const [by, setBy] = useState<RevenueGrouping>('day');
  const load = useAdminLoad(fetchRevenue, { ...period, by, version });

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPeriod({ from: String(form.get('from')), to: String(form.get('to')), site: String(form.get('site') ?? '') });
  }

  const heading = by === 'currency' ? null : t(`revenue.key_${by}`);
  const rows = load.data?.rows ?? [];
  return (
    <section className="admin-panel" aria-labelledby="revenue-title">
      <h2 id="revenue-title">{t('revenue.title')}</h2>
      <p className="muted">{t('revenue.intro')}</p>
      <form className="admin-toolbar" onSubmit={apply} aria-label={t('revenue.period')}>
        <TextField name="from" label={t('payments.from_day')} type="date" defaultValue={period.from} required />
        <TextField name="to" label={t('payments.to_day')} type="date" defaultValue={period.to} required />
        <FilterSelect name="site" label={t('common.site')} options={siteOptions(locale, sites)} />
        <button type="submit" className="btn btn-secondary">
          {t('revenue.show')}
        </button>
      </form>
      <SegmentedChoice
        legend={t('revenue.group_by')}
        value={by}
        options={GROUPINGS.map((value) => ({ value, label: t(`revenue.by_${value}`) }))}
        onChange={setBy}
      />
      <ErrorAlert locale={locale} error={load.error} />
      {!load.data && load.loading && <p className="admin-empty">{t('common.loading')}</p>}
      {load.data && rows.length === 0 && <p className="admin-empty">{t('revenue.empty')}</p>}
      {rows.length > 0 && (
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={t('revenue.table')}>
          <table className="admin-table" aria-busy={load.loading}>
            <thead>
              <tr>
                {heading && <th scope="col">{heading}</th>}
                <th scope="col">{t('revenue.currency')}</th>
                <th scope="col" className="num">
                  {t('revenue.payments')}
                </th>
                <th scope="col" className="num">
                  {t('revenue.received')}
                </th>
                <th scope="col" className="num">
                  {t('revenue.refunds')}
                </th>
                <th scope="col" className="num">
                  {t('revenue.refunded')}
                </th>
                <th scope="col" className="num">
                  {t('revenue.net')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.key}-${row.currency}`}>
                  {heading && <th scope="row">{row.key}</th>}
                  <RevenueCells locale={locale} row={row} />
                </tr>
              ))}
            </tbody>
            {heading && (
              <tfoot>
                {(load.data?.totals ?? []).map((row) => (
                  <tr key={row.currency} className="admin-total-row">
                    <th scope="row">{t('revenue.total')}</th>
                    <RevenueCells locale={locale} row={row} />
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
