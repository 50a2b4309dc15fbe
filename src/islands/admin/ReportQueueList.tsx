import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import type { ReportListItem } from '~/shared/contracts/admin/moderation';
import { reasonText } from './report-format';
import { formatAge } from './use-admin-load';

interface Props {
  locale: ConsoleLocale;
  reports: ReportListItem[];
  selectedId: number | null;
  onSelect(id: number): void;
}

/**
 * The open reports in queue order (docs/product.md §13 Reports queue): reported member, reason
 * (a report about a minor stands out), how long it has waited, and whether it came from a chat.
 */
export function ReportQueueList({ locale, reports, selectedId, onSelect }: Props) {
  const t = consoleT(locale);
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
                  {report.member.name || t('record.member', { id: report.member.id })}
                  <span className="visually-hidden">, {t('reports.report_ref', { id: report.id })}</span>
                </span>
                <span className="admin-report-item-meta">
                  <span className={`admin-badge${underage ? ' admin-badge-alert' : ''}`}>
                    {reasonText(locale, report.reason)}
                  </span>
                  <span>{t('reports.ago', { age: formatAge(locale, report.ageS) })}</span>
                  {report.hasConversation && (
                    <span className="admin-badge admin-badge-muted">{t('reports.from_chat')}</span>
                  )}
                  {report.member.openReports > 1 && (
                    <span className="admin-badge admin-badge-muted">
                      {t('reports.open_count', { count: report.member.openReports })}
                    </span>
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
