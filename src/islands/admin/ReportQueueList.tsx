import type { ReportListItem } from '~/shared/contracts/admin/moderation';
import { REASON_LABELS } from './report-format';
import { formatAge } from './use-admin-load';

interface Props {
  reports: ReportListItem[];
  selectedId: number | null;
  onSelect(id: number): void;
}

/**
 * The open reports in queue order (docs/product.md §13 Reports queue): reported member, reason
 * (a report about a minor stands out), how long it has waited, and whether it came from a chat.
 */
export function ReportQueueList({ reports, selectedId, onSelect }: Props) {
  return (
    <ol className="admin-report-list">
      {reports.map((report) => {
        const underage = report.reason === 'underage';
        return (
          <li key={report.id}>
            <button
              type="button"
              className="admin-report-item"
              data-underage={underage || undefined}
              aria-current={report.id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(report.id)}
            >
              {report.member.thumbUrl ? (
                <img className="admin-report-thumb" src={report.member.thumbUrl} alt="" width={48} height={48} />
              ) : (
                <span className="admin-report-thumb admin-report-nothumb" aria-hidden="true">
                  {report.member.name.slice(0, 1).toUpperCase() || '?'}
                </span>
              )}
              <span className="admin-report-item-body">
                <span className="admin-report-item-name">
                  {report.member.name || `Member #${report.member.id}`}
                  <span className="visually-hidden">, report #{report.id}</span>
                </span>
                <span className="admin-report-item-meta">
                  <span className={`admin-badge${underage ? ' admin-badge-alert' : ''}`}>
                    {REASON_LABELS[report.reason]}
                  </span>
                  <span>{formatAge(report.ageS)} ago</span>
                  {report.hasConversation && <span className="admin-badge admin-badge-muted">From a chat</span>}
                  {report.member.openReports > 1 && (
                    <span className="admin-badge admin-badge-muted">{report.member.openReports} open reports</span>
                  )}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
