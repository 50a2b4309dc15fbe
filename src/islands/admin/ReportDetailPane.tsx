import { useEffect, useRef, useState } from 'react';
import { callAdmin } from '~/client/admin-api';
import { adminReportActionContract, adminReportContract, type ReportAction } from '~/shared/contracts/admin/moderation';
import { ReportActionBar } from './ReportActionBar';
import { ReportConversation } from './ReportConversation';
import { ReportMemberCard } from './ReportMemberCard';
import { isResolvedElsewhere, moderationErrorText, outcomeText, REASON_LABELS } from './report-format';
import { formatTime, useAdminLoad } from './use-admin-load';

interface Props {
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
export function ReportDetailPane({ reportId, onResolved }: Props) {
  const load = useAdminLoad(() => callAdmin(adminReportContract, { params: { id: reportId } }), String(reportId));
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    setNote('');
    setError(null);
  }, [reportId]);
  const detail = load.data?.id === reportId ? load.data : null;
  useEffect(() => {
    if (detail) heading.current?.focus();
  }, [detail]);

  /** Takes `action` on the report; resolves with the success notice, throws on a refusal. */
  async function perform(action: ReportAction): Promise<string> {
    const name = detail?.member.name || 'The member';
    try {
      const answer = await callAdmin(adminReportActionContract, {
        params: { id: reportId },
        body: { ...action, note: note.trim() || undefined },
      });
      const days = action.action === 'suspend' ? action.days : undefined;
      return `Report #${reportId} resolved: ${outcomeText(answer.outcome, name, days)}.`;
    } catch (caught) {
      if (isResolvedElsewhere(caught)) return `Report #${reportId} had been resolved meanwhile by someone else.`;
      throw caught;
    }
  }
  const finish = (notice: string) => onResolved(reportId, notice);

  async function act(action: ReportAction) {
    setBusy(true);
    setError(null);
    try {
      finish(await perform(action));
    } catch (caught) {
      setError(moderationErrorText(caught));
    } finally {
      setBusy(false);
    }
  }

  if (!detail) {
    return (
      <section className="admin-panel" aria-labelledby="report-loading-title" aria-busy={load.loading}>
        <h2 id="report-loading-title">Report #{reportId}</h2>
        {load.error ? (
          <p className="alert alert-danger" role="alert">
            {load.error}{' '}
            <button type="button" className="btn btn-small btn-secondary" onClick={load.reload}>
              Try again
            </button>
          </p>
        ) : (
          <p className="admin-empty">Loading the report…</p>
        )}
      </section>
    );
  }

  const open = detail.status === 'open';
  return (
    <section className="admin-panel admin-report-detail" aria-labelledby="report-title" aria-busy={busy}>
      <h2 id="report-title" ref={heading} tabIndex={-1}>
        Report #{detail.id}:{' '}
        <span className={`admin-badge${detail.reason === 'underage' ? ' admin-badge-alert' : ''}`}>
          {REASON_LABELS[detail.reason]}
        </span>
      </h2>
      <p className="muted">
        Reported {formatTime(detail.createdAt)} by{' '}
        <a href={`/admin/members/${detail.reporter.id}`}>{detail.reporter.name || `member #${detail.reporter.id}`}</a>
        {!open && detail.outcome && ` · resolved (${detail.outcome.replace('_', ' ')})`}
      </p>
      <h3 className="visually-hidden">Reporter’s note</h3>
      {detail.details ? (
        <blockquote className="admin-report-quote admin-report-note">{detail.details}</blockquote>
      ) : (
        <p className="muted">The reporter added no note.</p>
      )}
      {error && (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      )}
      <ReportMemberCard member={detail.member} canAct={open} perform={perform} onDone={finish} />
      {detail.conversation && <ReportConversation messages={detail.conversation.messages} />}
      {open && (
        <ReportActionBar
          member={detail.member}
          busy={busy}
          note={note}
          onNote={setNote}
          onAct={(action) => void act(action)}
          perform={perform}
          onDone={finish}
        />
      )}
    </section>
  );
}
