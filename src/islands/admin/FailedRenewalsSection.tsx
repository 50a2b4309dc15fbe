import { useState } from 'react';
import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import { fetchFailedRenewals } from '../../stores/admin/payments';
import { SelectField } from '../shell/SelectField';
import { siteOptions, statusBadgeClass } from './finance-format';
import { formatDay, formatMoney, statusText } from './member-format';
import { formatTime, useAdminLoad } from './use-admin-load';
import { ErrorAlert, KeysetPager } from './AdminLoadState';

type Option = { value: string; label: string };

/** docs/product.md §13 Payments, failed renewals: premium renewals the provider could not charge, most recent first. */
export function FailedRenewalsSection({
  locale,
  sites,
  version,
}: {
  locale: ConsoleLocale;
  sites: Option[];
  version: number;
}) {
  const t = consoleT(locale);
  const [site, setSite] = useState('');
  const [pages, setPages] = useState<number[]>([]);
  const before = pages.at(-1);
  const load = useAdminLoad(fetchFailedRenewals, { site, before, version });
  const rows = load.data?.renewals ?? [];
  return (
    <section className="admin-panel" aria-labelledby="renewals-title">
      <h2 id="renewals-title">{t('renewals.title')}</h2>
      <p className="muted">{t('renewals.intro')}</p>
      <div className="admin-toolbar admin-toolbar-narrow">
        <SelectField
          label={t('common.site')}
          value={site}
          options={siteOptions(locale, sites)}
          onChange={(value) => {
            setPages([]);
            setSite(value);
          }}
        />
      </div>
      <ErrorAlert locale={locale} error={load.error} />
      {!load.data && load.loading && <p className="admin-empty">{t('common.loading')}</p>}
      {load.data && rows.length === 0 && <p className="admin-empty">{t('renewals.empty')}</p>}
      {rows.length > 0 && (
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={t('renewals.table')}>
          <table className="admin-table" aria-busy={load.loading}>
            <thead>
              <tr>
                <th scope="col">{t('renewals.failed')}</th>
                <th scope="col">{t('payments.member')}</th>
                <th scope="col">{t('common.site')}</th>
                <th scope="col">{t('renewals.plan')}</th>
                <th scope="col" className="num">
                  {t('payments.amount')}
                </th>
                <th scope="col">{t('payments.method')}</th>
                <th scope="col">{t('renewals.plan_now')}</th>
                <th scope="col">{t('renewals.premium_until')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    {formatTime(locale, row.failedAt)}
                    <div className="muted admin-mono">#{row.id}</div>
                  </td>
                  <td>
                    {row.memberEmail ?? <span className="muted">{t('payments.deleted_account')}</span>}
                    <div className="muted">{t('payments.member_ref', { id: row.memberId })}</div>
                  </td>
                  <td>{row.site}</td>
                  <td>{t('renewals.plan_months', { plan: row.planId, months: row.months })}</td>
                  <td className="num">{formatMoney(locale, row.amountCents, row.currency)}</td>
                  <td>{row.method}</td>
                  <td>
                    <span className={statusBadgeClass(row.subscriptionStatus)}>
                      {statusText(locale, row.subscriptionStatus)}
                    </span>
                  </td>
                  <td>{row.premiumUntil ? formatDay(locale, row.premiumUntil) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <KeysetPager
        locale={locale}
        pages={pages}
        onPages={setPages}
        hasMore={load.data?.hasMore ?? false}
        lastId={rows.at(-1)?.id}
      />
    </section>
  );
}
