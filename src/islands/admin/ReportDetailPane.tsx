import { useEffect, useRef, useState } from 'react';
import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import type { ReportAction } from '~/shared/contracts/admin/moderation';
import { isResolvedElsewhere } from '../../stores/admin/errors';
import { actOnReport, fetchReport } from '../../stores/admin/moderation';
import { ErrorAlert } from './AdminLoadState';
import { ReportActionBar } from './ReportActionBar';
import { ReportConversation } from './ReportConversation';
import { ReportMemberCard } from './ReportMemberCard';
import { outcomeText, reasonText } from './report-format';
import { formatTime, useAdminAction, useAdminLoad } from './use-admin-load';

interface Props {
  locale: ConsoleLocale;
  reportId: number;
  /** The report was resolved (here or meanwhile elsewhere): it leaves the queue, `notice` says how. */
  onResolved(reportId: number, notice: string): void;
}

/**
 * One report in full (docs/product.md §13 Reports queue): the reason and the reporter's note,
 * the reported member with photos and about-me, the conversation when the report came from one,
 * and the decision. Its heading takes the focus when another report is opened (on a phone the
 * pane is below the list).
 */
export function ReportDetailPane({ locale, reportId, onResolved }: Props) {
  const t = consoleT(locale);
  const load = useAdminLoad(fetchReport, reportId);
  const [note, setNote] = useState('');
  const action = useAdminAction();
  const { reset } = action;
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    setNote('');
    reset();
  }, [reportId, reset]);
  const detail = load.data?.id === reportId ? load.data : null;
  useEffect(() => {
    if (detail) heading.current?.focus();
  }, [detail]);

  /** Takes `action` on the report; resolves with the success notice, throws on a refusal. */
  async function perform(taken: ReportAction): Promise<string> {
    const name = detail?.member.name || t('report.the_member');
    try {
      const answer = await actOnReport(reportId, { ...taken, note: note.trim() || undefined });
      const days = taken.action === 'suspend' ? taken.days : undefined;
      return t('report.resolved', { id: reportId, outcome: outcomeText(locale, answer.outcome, name, days) });
    } catch (caught) {
      if (isResolvedElsewhere(caught)) return t('report.resolved_elsewhere', { id: reportId });
      throw caught;
    }
  }
  const finish = (notice: string) => onResolved(reportId, notice);

  async function act(taken: ReportAction) {
    const notice = await action.run(() => perform(taken));
    if (notice !== null) finish(notice);
  }

  if (!detail) {
    return (
      <section className="admin-panel" aria-labelledby="report-loading-title" aria-busy={load.loading}>
        <h2 id="report-loading-title">{t('report.title', { id: reportId })}</h2>
        {load.error ? (
          <p className="alert alert-danger" role="alert">
            {t(load.error.key, load.error.values ?? {})}{' '}
            <button type="button" className="btn btn-small btn-secondary" onClick={load.reload}>
              {t('common.try_again')}
            </button>
          </p>
        ) : (
          <p className="admin-empty">{t('report.loading')}</p>
        )}
      </section>
    );
  }

  const open = detail.status === 'open';
  return (
    <section className="admin-panel admin-report-detail" aria-labelledby="report-title" aria-busy={action.busy}>
      <h2 id="report-title" ref={heading} tabIndex={-1}>
        {t('report.title', { id: detail.id })}:{' '}
        <span className={`admin-badge${detail.reason === 'underage' ? ' admin-badge-alert' : ''}`}>
          {reasonText(locale, detail.reason)}
        </span>
      </h2>
      <p className="muted">
        {t('report.reported_at', { time: formatTime(locale, detail.createdAt) })}{' '}
        <a href={`/admin/members/${detail.reporter.id}`}>
          {detail.reporter.name || t('payments.member_ref', { id: detail.reporter.id })}
        </a>
        {!open && detail.outcome && ` · ${t('report.resolved_as', { outcome: t(`outcomes.${detail.outcome}`) })}`}
      </p>
      <h3 className="visually-hidden">{t('report.note_title')}</h3>
      {detail.details ? (
        <blockquote className="admin-report-quote admin-report-note">{detail.details}</blockquote>
      ) : (
        <p className="muted">{t('report.no_note')}</p>
      )}
      <ErrorAlert locale={locale} error={action.error} />
      <ReportMemberCard locale={locale} member={detail.member} canAct={open} perform={perform} onDone={finish} />
      {detail.conversation && <ReportConversation locale={locale} messages={detail.conversation.messages} />}
      {open && (
        <ReportActionBar
          locale={locale}
          member={detail.member}
          busy={action.busy}
          note={note}
          onNote={setNote}
          onAct={(taken) => void act(taken)}
          perform={perform}
          onDone={finish}
        />
      )}
    </section>
  );
}
