import type { ReportAction, ReportDetail } from '~/shared/contracts/admin/moderation';
import { TextField } from '../shell/TextField';
import { AdminConfirmAction } from './AdminConfirmAction';
import { moderationErrorText } from './report-format';
import { SuspendForm } from './SuspendForm';

interface Props {
  member: ReportDetail['member'];
  busy: boolean;
  /** The operator's note (the pane sends it, kept in the audit log, with whichever action is taken). */
  note: string;
  onNote(note: string): void;
  /** Takes an action right away (its failure shows in the pane). */
  onAct(action: ReportAction): void;
  /** Takes an action and resolves with the notice, or throws (for the confirmed ban). */
  perform(action: ReportAction): Promise<string>;
  onDone(notice: string): void;
}

/**
 * What a moderator does with an open report (docs/product.md §13 Reports queue): dismiss, warn,
 * suspend for N days, ban (confirmed first). A deleted account can only be dismissed; a banned
 * member can be neither suspended nor banned again.
 */
export function ReportActionBar({ member, busy, note, onNote, onAct, perform, onDone }: Props) {
  const deleted = member.status === 'deleted';
  const banned = member.bannedAt !== null;

  return (
    <section className="admin-report-section admin-report-actions" aria-labelledby="report-actions-title">
      <h3 id="report-actions-title">Decision</h3>
      {deleted && <p className="muted">The member deleted their account: you can only dismiss this report.</p>}
      {banned && !deleted && <p className="muted">The member is banned already.</p>}
      <TextField
        label="Note (optional, kept in the audit log)"
        value={note}
        maxLength={500}
        onChange={(event) => onNote(event.target.value)}
      />
      <div className="admin-actions">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={() => onAct({ action: 'dismiss' })}
        >
          Dismiss
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy || deleted}
          onClick={() => onAct({ action: 'warn' })}
        >
          Warn by mail
        </button>
      </div>
      {!deleted && !banned && (
        <SuspendForm
          label="Suspend for (days)"
          busy={busy}
          className="admin-form-row admin-report-suspend"
          onSuspend={(days) => onAct({ action: 'suspend', days })}
        />
      )}
      {!deleted && !banned && (
        <AdminConfirmAction
          label="Ban"
          question={`Ban ${member.name || 'this member'}? They cannot log in, their sessions end and their profile is hidden until someone lifts the ban.`}
          confirmLabel="Ban the member"
          danger
          run={() => perform({ action: 'ban' })}
          onDone={onDone}
          errorText={moderationErrorText}
        />
      )}
    </section>
  );
}
