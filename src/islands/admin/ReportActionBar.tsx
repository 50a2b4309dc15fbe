import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import type { ReportAction, ReportDetail } from '~/shared/contracts/admin/moderation';
import { TextField } from '../shell/TextField';
import { AdminConfirmAction } from './AdminConfirmAction';
import { SuspendForm } from './SuspendForm';

interface Props {
  locale: ConsoleLocale;
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
export function ReportActionBar({ locale, member, busy, note, onNote, onAct, perform, onDone }: Props) {
  const t = consoleT(locale);
  const deleted = member.status === 'deleted';
  const banned = member.bannedAt !== null;

  return (
    <section className="admin-report-section admin-report-actions" aria-labelledby="report-actions-title">
      <h3 id="report-actions-title">{t('report.decision')}</h3>
      {deleted && <p className="muted">{t('report.deleted_only_dismiss')}</p>}
      {banned && !deleted && <p className="muted">{t('errors.member_banned')}</p>}
      <TextField
        label={t('report.note')}
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
          {t('report.dismiss')}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy || deleted}
          onClick={() => onAct({ action: 'warn' })}
        >
          {t('report.warn')}
        </button>
      </div>
      {!deleted && !banned && (
        <SuspendForm
          locale={locale}
          label={t('moderation.suspend_for')}
          busy={busy}
          className="admin-form-row admin-report-suspend"
          onSuspend={(days) => onAct({ action: 'suspend', days })}
        />
      )}
      {!deleted && !banned && (
        <AdminConfirmAction
          locale={locale}
          label={t('moderation.ban')}
          question={member.name ? t('report.ban_question', { name: member.name }) : t('report.ban_question_unnamed')}
          confirmLabel={t('moderation.ban_confirm')}
          danger
          run={() => perform({ action: 'ban' })}
          onDone={onDone}
        />
      )}
    </section>
  );
}
