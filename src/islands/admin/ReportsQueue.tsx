import { useState } from 'react';
import { callAdmin } from '~/client/admin-api';
import { adminReportsContract, type ReportListItem } from '~/shared/contracts/admin/moderation';
import { ReportDetailPane } from './ReportDetailPane';
import { ReportQueueList } from './ReportQueueList';
import { moderationErrorText } from './report-format';
import { formatAge, useAdminLoad } from './use-admin-load';

/**
 * docs/product.md §13 Reports queue (moderators, admins): the SLA figures, the open reports
 * (about minors first, then oldest first) and the selected report beside them (below them on a
 * phone). A report that was acted on leaves the queue, a notice says what was done, and the next
 * report opens.
 */
export default function ReportsQueue() {
  const load = useAdminLoad(() => callAdmin(adminReportsContract), 'reports');
  const [more, setMore] = useState<{ reports: ReportListItem[]; hasMore: boolean } | null>(null);
  const [resolved, setResolved] = useState<ReadonlySet<number>>(new Set());
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [moreError, setMoreError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  // Reports acted on stay out even while the queue reloads; a later page may repeat a report.
  const byId = new Map<number, ReportListItem>();
  for (const report of [...(load.data?.reports ?? []), ...(more?.reports ?? [])]) {
    if (!resolved.has(report.id) && !byId.has(report.id)) byId.set(report.id, report);
  }
  const reports = [...byId.values()];
  const hasMore = more ? more.hasMore : (load.data?.hasMore ?? false);
  const sla = load.data?.sla;

  function refresh() {
    setMore(null);
    setNotice(null);
    load.reload();
  }

  async function loadMore() {
    const last = reports.at(-1);
    if (!last) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await callAdmin(adminReportsContract, { query: { after: last.id } });
      setMore({ reports: [...(more?.reports ?? []), ...page.reports], hasMore: page.hasMore });
    } catch (caught) {
      setMoreError(moderationErrorText(caught));
    } finally {
      setLoadingMore(false);
    }
  }

  function onResolved(reportId: number, text: string) {
    const index = reports.findIndex((report) => report.id === reportId);
    const next = reports[index + 1] ?? reports[index - 1] ?? null;
    setResolved(new Set([...resolved, reportId]));
    setNotice(text);
    setSelectedId(next?.id ?? null);
    load.reload();
  }

  return (
    <>
      <section className="admin-panel" aria-labelledby="reports-title">
        <div className="admin-report-top">
          <h1 id="reports-title">Reports</h1>
          <button type="button" className="btn btn-secondary btn-small" onClick={refresh} disabled={load.loading}>
            {load.loading ? 'Refreshing…' : 'Refresh'}
          </button>
        </div>
        <dl className="admin-stats admin-report-stats">
          <div className="admin-stat">
            <dt>Oldest open report</dt>
            <dd>{sla ? (sla.oldestAgeS === null ? 'None' : formatAge(sla.oldestAgeS)) : '…'}</dd>
          </div>
          <div className="admin-stat">
            <dt>Open reports</dt>
            <dd>{sla ? sla.openCount : '…'}</dd>
          </div>
          <div className="admin-stat" data-alert={sla && sla.underageCount > 0 ? true : undefined}>
            <dt>About minors</dt>
            <dd>{sla ? sla.underageCount : '…'}</dd>
          </div>
        </dl>
        <div role="status" aria-live="polite">
          {notice && <p className="admin-notice admin-notice-success">{notice}</p>}
        </div>
        {load.error && (
          <p className="alert alert-danger" role="alert">
            {load.error}{' '}
            <button type="button" className="btn btn-small btn-secondary" onClick={load.reload}>
              Try again
            </button>
          </p>
        )}
      </section>
      <div className="admin-split admin-reports">
        <section className="admin-panel" aria-labelledby="queue-title" aria-busy={load.loading}>
          <h2 id="queue-title">Queue</h2>
          {!load.data && load.loading && <p className="admin-empty">Loading the queue…</p>}
          {load.data && reports.length === 0 && <p className="admin-empty">No open reports</p>}
          {reports.length > 0 && <ReportQueueList reports={reports} selectedId={selectedId} onSelect={setSelectedId} />}
          {moreError && (
            <p className="alert alert-danger" role="alert">
              {moreError}
            </p>
          )}
          {hasMore && (
            <div className="admin-actions admin-pager">
              <button
                type="button"
                className="btn btn-secondary"
                disabled={loadingMore}
                onClick={() => void loadMore()}
              >
                {loadingMore ? 'Loading…' : 'Show more'}
              </button>
            </div>
          )}
        </section>
        {selectedId === null ? (
          <section className="admin-panel admin-report-placeholder" aria-labelledby="report-none-title">
            <h2 id="report-none-title">No report selected</h2>
            <p className="muted">
              {reports.length > 0
                ? 'Choose a report from the queue to see the member, the note and the conversation.'
                : 'Nothing waits for a decision.'}
            </p>
          </section>
        ) : (
          <ReportDetailPane key={selectedId} reportId={selectedId} onResolved={onResolved} />
        )}
      </div>
    </>
  );
}
