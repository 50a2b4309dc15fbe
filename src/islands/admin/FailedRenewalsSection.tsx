import { useState } from 'react';
import { callAdmin } from '~/client/admin-api';
import { adminFailedRenewalsContract } from '~/shared/contracts/admin/payments';
import { SelectField } from '../shell/SelectField';
import { siteOptions, statusBadgeClass } from './finance-format';
import { formatDay, formatMoney } from './member-format';
import { formatTime, useAdminLoad } from './use-admin-load';
import { KeysetPager } from './AdminLoadState';

type Option = { value: string; label: string };

/** docs/product.md §13 Payments, failed renewals: premium renewals the provider could not charge, most recent first. */
export function FailedRenewalsSection({ sites, version }: { sites: Option[]; version: number }) {
  const [site, setSite] = useState('');
  const [pages, setPages] = useState<number[]>([]);
  const before = pages.at(-1);
  const load = useAdminLoad(
    () => callAdmin(adminFailedRenewalsContract, { query: { site: site || undefined, before } }),
    JSON.stringify([site, before, version]),
  );
  const rows = load.data?.renewals ?? [];
  return (
    <section className="admin-panel" aria-labelledby="renewals-title">
      <h2 id="renewals-title">Failed renewals</h2>
      <p className="muted">
        The member was mailed; premium ends on its date unless they buy again. An active plan is charged again next
        period.
      </p>
      <div className="admin-toolbar admin-toolbar-narrow">
        <SelectField
          label="Site"
          value={site}
          options={siteOptions(sites)}
          onChange={(value) => {
            setPages([]);
            setSite(value);
          }}
        />
      </div>
      {load.error && (
        <p className="alert alert-danger" role="alert">
          {load.error}
        </p>
      )}
      {!load.data && load.loading && <p className="admin-empty">Loading…</p>}
      {load.data && rows.length === 0 && <p className="admin-empty">No failed renewals.</p>}
      {rows.length > 0 && (
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Failed renewals table">
          <table className="admin-table" aria-busy={load.loading}>
            <thead>
              <tr>
                <th scope="col">Failed</th>
                <th scope="col">Member</th>
                <th scope="col">Site</th>
                <th scope="col">Plan</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Method</th>
                <th scope="col">Plan now</th>
                <th scope="col">Premium until</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    {formatTime(row.failedAt)}
                    <div className="muted admin-mono">#{row.id}</div>
                  </td>
                  <td>
                    {row.memberEmail ?? <span className="muted">deleted account</span>}
                    <div className="muted">member #{row.memberId}</div>
                  </td>
                  <td>{row.site}</td>
                  <td>
                    {row.planId} ({row.months} m)
                  </td>
                  <td className="num">{formatMoney(row.amountCents, row.currency)}</td>
                  <td>{row.method}</td>
                  <td>
                    <span className={statusBadgeClass(row.subscriptionStatus)}>{row.subscriptionStatus}</span>
                  </td>
                  <td>{row.premiumUntil ? formatDay(row.premiumUntil) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <KeysetPager pages={pages} onPages={setPages} hasMore={load.data?.hasMore ?? false} lastId={rows.at(-1)?.id} />
    </section>
  );
}
