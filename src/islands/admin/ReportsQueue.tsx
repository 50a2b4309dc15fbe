import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import { createReportsQueue } from '../../stores/admin/reports-queue';
import { ErrorAlert } from './AdminLoadState';
import { ReportDetailPane } from './ReportDetailPane';
import { ReportQueueList } from './ReportQueueList';
import { formatAge } from './use-admin-load';

/**
 * docs/product.md §13 Reports queue (moderators, admins): the SLA figures, the open reports
 * (about minors first, then oldest first) and the selected report beside them (below them on a
 * phone). A report that was acted on leaves the queue, a notice says what was done, and the next
 * report opens.
 */
export default function ReportsQueue({ locale }: { locale: ConsoleLocale }) {
  const t = consoleT(locale);
  const [queue] = useState(() => createReportsQueue());
  const state = useStore(queue.$state);
  const reports = useStore(queue.$reports);
  const hasMore = useStore(queue.$hasMore);
  useEffect(() => {
    void queue.load();
  }, [queue]);
  // Before the first answer (also while rendered on the server) the queue is loading.
  const loading = state.loading || (state.first === null && state.error === null);
  const sla = state.first?.sla;

  return (
    <>
      <section className="admin-panel" aria-labelledby="reports-title">
        <div className="admin-report-top">
          <h1 id="reports-title">{t('reports.title')}</h1>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => void queue.refresh()}
            disabled={loading}
          >
            {loading ? t('dashboard.refreshing') : t('dashboard.refresh')}
          </button>
        </div>
        <dl className="admin-stats admin-report-stats">
          <div className="admin-stat">
            <dt>{t('reports.oldest')}</dt>
            <dd>{sla ? (sla.oldestAgeS === null ? t('reports.none') : formatAge(locale, sla.oldestAgeS)) : '…'}</dd>
          </div>
          <div className="admin-stat">
            <dt>{t('dashboard.open_reports')}</dt>
            <dd>{sla ? sla.openCount : '…'}</dd>
          </div>
          <div className="admin-stat" data-alert={sla && sla.underageCount > 0 ? true : undefined}>
            <dt>{t('reports.minors')}</dt>
            <dd>{sla ? sla.underageCount : '…'}</dd>
          </div>
        </dl>
        <div role="status" aria-live="polite">
          {state.notice && <p className="admin-notice admin-notice-success">{state.notice}</p>}
        </div>
        {state.error && (
          <p className="alert alert-danger" role="alert">
            {t(state.error.key, state.error.values ?? {})}{' '}
            <button type="button" className="btn btn-small btn-secondary" onClick={() => void queue.load()}>
              {t('common.try_again')}
            </button>
          </p>
        )}
      </section>
      <div className="admin-split admin-reports">
        <section className="admin-panel" aria-labelledby="queue-title" aria-busy={loading}>
          <h2 id="queue-title">{t('reports.queue')}</h2>
          {!state.first && loading && <p className="admin-empty">{t('reports.loading_queue')}</p>}
          {state.first && reports.length === 0 && <p className="admin-empty">{t('reports.empty')}</p>}
          {reports.length > 0 && (
            <ReportQueueList locale={locale} reports={reports} selectedId={state.selectedId} onSelect={queue.select} />
          )}
          <ErrorAlert locale={locale} error={state.moreError} />
          {hasMore && (
            <div className="admin-actions admin-pager">
              <button
                type="button"
                className="btn btn-secondary"
                disabled={state.loadingMore}
                onClick={() => void queue.loadMore()}
              >
                {state.loadingMore ? t('common.loading') : t('reports.show_more')}
              </button>
            </div>
          )}
        </section>
        {state.selectedId === null ? (
          <section className="admin-panel admin-report-placeholder" aria-labelledby="report-none-title">
            <h2 id="report-none-title">{t('reports.none_selected')}</h2>
            <p className="muted">{reports.length > 0 ? t('reports.choose') : t('reports.nothing_waits')}</p>
          </section>
        ) : (
          <ReportDetailPane
            key={state.selectedId}
            locale={locale}
            reportId={state.selectedId}
            onResolved={(id, notice) => void queue.resolve(id, notice)}
          />
        )}
      </div>
    </>
  );
}
