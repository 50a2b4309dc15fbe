/** The member record's reports section (docs/product.md §13 Members): reports by and about the member. */
import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import type { MemberReportView } from '~/shared/contracts/admin/members';
import { statusText } from './member-format';
import { formatTime } from './use-admin-load';

function ReportRows({ locale, reports, other }: { locale: ConsoleLocale; reports: MemberReportView[]; other: string }) {
  const t = consoleT(locale);
  return (
    <table className="admin-table">
      <thead>
        <tr>
          <th scope="col">{t('audit.when')}</th>
          <th scope="col">{other}</th>
          <th scope="col">{t('credits.reason')}</th>
          <th scope="col">{t('payments.status')}</th>
        </tr>
      </thead>
      <tbody>
        {reports.map((report) => (
          <tr key={report.id}>
            <td>{formatTime(locale, report.createdAt)}</td>
            <td>
              <a href={`/admin/members/${report.otherId}`}>{report.otherName || t('members.no_name')}</a>{' '}
              <span className="admin-mono muted">#{report.otherId}</span>
            </td>
            <td>
              {t(`reasons.${report.reason}`, { defaultValue: report.reason })}
              {report.details && <div className="muted admin-member-details">{report.details}</div>}
            </td>
            <td>
              <span className={`admin-badge${report.status === 'open' ? '' : ' admin-badge-muted'}`}>
                {report.status === 'open'
                  ? statusText(locale, 'open')
                  : report.outcome
                    ? t(`outcomes.${report.outcome}`, { defaultValue: report.outcome })
                    : t('record.reviewed')}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The latest 20 reports the member made, and the latest 20 about the member. */
export function MemberReportsPanel({
  locale,
  by,
  about,
}: {
  locale: ConsoleLocale;
  by: MemberReportView[];
  about: MemberReportView[];
}) {
  const t = consoleT(locale);
  return (
    <section className="admin-panel" aria-labelledby="member-reports-title">
      <h2 id="member-reports-title">{t('reports.title')}</h2>
      <h3 className="admin-member-subtitle">{t('record.about_member')}</h3>
      {about.length === 0 ? (
        <p className="admin-empty">{t('record.no_reports_about')}</p>
      ) : (
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={t('record.reports_about')}>
          <ReportRows locale={locale} reports={about} other={t('record.reported_by')} />
        </div>
      )}
      <h3 className="admin-member-subtitle">{t('record.by_member')}</h3>
      {by.length === 0 ? (
        <p className="admin-empty">{t('record.no_reports_by')}</p>
      ) : (
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={t('record.reports_by')}>
          <ReportRows locale={locale} reports={by} other={t('record.reported_member')} />
        </div>
      )}
    </section>
  );
}
