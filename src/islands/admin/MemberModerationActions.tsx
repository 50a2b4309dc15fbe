import { useId, useState } from 'react';
import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import { banMember, liftRestriction, suspendMember, warnMember } from '../../stores/admin/moderation';
import { TextField } from '../shell/TextField';
import { AdminConfirmAction } from './AdminConfirmAction';
import { ErrorAlert } from './AdminLoadState';
import { formatDay } from './member-format';
import { SuspendForm } from './SuspendForm';
import { useAdminAction } from './use-admin-load';

interface Props {
  locale: ConsoleLocale;
  memberId: number;
  /** Set only while a suspension lasts. */
  suspendedUntil: string | null;
  banned: boolean;
  deleted: boolean;
  /** Called after a successful action (the caller loads the member again). */
  onChanged(): void;
}

/**
 * docs/product.md §13 Member actions outside a report (moderators, admins): suspend for N days,
 * ban (confirmed first), lift a ban or suspension, send a warning; the optional reason goes into
 * the audit log. A deleted account is offered only the lifting of a ban or suspension it still has.
 */
export default function MemberModerationActions({
  locale,
  memberId,
  suspendedUntil,
  banned,
  deleted,
  onChanged,
}: Props) {
  const t = consoleT(locale);
  const id = useId();
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const suspension = useAdminAction();

  function done(text: string) {
    setNotice(text);
    suspension.reset();
    setReason('');
    onChanged();
  }

  async function suspend(days: number) {
    setNotice(null);
    const answer = await suspension.run(() => suspendMember(memberId, days, reason));
    if (answer) done(t('moderation.suspended', { day: formatDay(locale, answer.member.suspendedUntil ?? '') }));
  }

  const restricted = banned || suspendedUntil !== null;
  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('moderation.title')}</h2>
      <p className="muted">
        {banned
          ? t('moderation.state_banned')
          : suspendedUntil
            ? t('moderation.state_suspended', { day: formatDay(locale, suspendedUntil) })
            : deleted
              ? t('moderation.state_deleted')
              : t('moderation.state_none')}
      </p>
      <div role="status" aria-live="polite">
        {notice && <p className="admin-notice admin-notice-success">{notice}</p>}
      </div>
      <ErrorAlert locale={locale} error={suspension.error} />
      <TextField
        label={t('moderation.reason')}
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="admin-member-actions">
        {restricted && (
          <AdminConfirmAction
            locale={locale}
            label={banned ? t('moderation.lift_ban') : t('moderation.lift_suspension')}
            question={deleted ? t('moderation.lift_question_deleted') : t('moderation.lift_question')}
            confirmLabel={banned ? t('moderation.lift_ban') : t('moderation.lift_suspension')}
            run={async () => {
              await liftRestriction(memberId, reason);
              return banned ? t('moderation.ban_lifted') : t('moderation.suspension_lifted');
            }}
            onDone={done}
          />
        )}
        {!deleted && !banned && (
          <SuspendForm
            locale={locale}
            label={suspendedUntil ? t('moderation.new_suspension') : t('moderation.suspend_for')}
            busy={suspension.busy}
            onSuspend={(days) => void suspend(days)}
          />
        )}
        {!deleted && !banned && (
          <AdminConfirmAction
            locale={locale}
            label={t('moderation.ban')}
            question={t('moderation.ban_question')}
            confirmLabel={t('moderation.ban_confirm')}
            danger
            run={async () => {
              await banMember(memberId, reason);
              return t('moderation.banned');
            }}
            onDone={done}
          />
        )}
        {!deleted && (
          <AdminConfirmAction
            locale={locale}
            label={t('moderation.warn')}
            question={t('moderation.warn_question')}
            confirmLabel={t('moderation.warn_confirm')}
            run={async () => {
              await warnMember(memberId, reason);
              return t('moderation.warned');
            }}
            onDone={done}
          />
        )}
      </div>
    </section>
  );
}
