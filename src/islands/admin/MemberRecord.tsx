import { useState } from 'react';
import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import { MEMBER_ACTION_ROLES, type OperatorRole } from '~/shared/contracts/admin/roles';
import { fetchMemberRecord } from '../../stores/admin/members';
import { MemberCreditsPanel } from './MemberCreditsPanel';
import { MemberDeletePanel } from './MemberDeletePanel';
import MemberModerationActions from './MemberModerationActions';
import { MemberProfileCard } from './MemberProfileCard';
import { MemberStatusBadges } from './MemberStatusBadges';
import { MemberSupportActions } from './MemberSupportActions';
import { MemberLedgerTable, MemberPaymentsTable, MemberSessionsTable, MemberTrackingPanel } from './MemberTables';
import { MemberReportsPanel } from './MemberReportsPanel';
import { useAdminLoad } from './use-admin-load';

interface Props {
  locale: ConsoleLocale;
  memberId: number;
  /** The operator's role: actions it may not take are not shown (the server refuses them anyway). */
  role: OperatorRole;
}

/**
 * docs/product.md §13 Members: one member's record — profile, status, credits and premium,
 * sessions, ledger, payments, tracking record, reports by and about — with the actions the
 * operator's role allows. After an action the record loads again and a notice says what happened.
 */
export default function MemberRecord({ locale, memberId, role }: Props) {
  const t = consoleT(locale);
  const load = useAdminLoad(fetchMemberRecord, memberId);
  const [notice, setNotice] = useState<string | null>(null);
  const may = (action: keyof typeof MEMBER_ACTION_ROLES) =>
    (MEMBER_ACTION_ROLES[action] as readonly OperatorRole[]).includes(role);
  const done = (text: string) => {
    setNotice(text);
    load.reload();
  };

  const record = load.data;
  return (
    <>
      <p className="admin-member-back">
        <a href="/admin/members">← {t('members.title')}</a>
      </p>
      {/* In the flow above the record, never over it (a notice must not cover content). */}
      <div className="admin-member-toasts" role="status" aria-live="polite">
        {notice && (
          <p className="admin-notice admin-notice-success admin-member-toast">
            <span>{notice}</span>
            <button type="button" className="btn btn-ghost btn-small" onClick={() => setNotice(null)}>
              {t('record.dismiss')}
            </button>
          </p>
        )}
      </div>
      {load.error && (
        <section className="admin-panel" aria-labelledby="member-error-title">
          <h1 id="member-error-title">{t('record.member', { id: memberId })}</h1>
          <p className="alert alert-danger" role="alert">
            {t(load.error.key, load.error.values ?? {})}{' '}
            <button type="button" className="btn btn-small btn-secondary" onClick={load.reload}>
              {t('common.try_again')}
            </button>
          </p>
        </section>
      )}
      {!record && !load.error && <p className="admin-empty">{t('record.loading')}</p>}
      {record && (
        <div aria-busy={load.loading}>
          <header className="admin-member-head">
            <h1>
              {record.profile.name || t('members.no_name')}{' '}
              <span className="admin-mono muted">#{record.account.id}</span>
            </h1>
            <MemberStatusBadges
              locale={locale}
              status={record.account.status}
              suspendedUntil={record.account.suspendedUntil}
              banned={record.account.bannedAt !== null}
              isPremium={record.credits.isPremium}
            />
          </header>
          <div className="admin-split admin-member-columns">
            <div>
              <MemberProfileCard locale={locale} record={record} />
              <MemberCreditsPanel locale={locale} record={record} canChange={may('support')} onDone={done} />
              {may('support') && <MemberSupportActions locale={locale} record={record} onDone={done} />}
              {may('moderate') && (
                <MemberModerationActions
                  locale={locale}
                  memberId={record.account.id}
                  suspendedUntil={record.account.suspendedUntil}
                  banned={record.account.bannedAt !== null}
                  deleted={record.account.status === 'deleted'}
                  onChanged={load.reload}
                />
              )}
              {may('delete') && <MemberDeletePanel locale={locale} record={record} onDone={done} />}
            </div>
            <div>
              <MemberSessionsTable locale={locale} sessions={record.sessions} />
              <MemberLedgerTable locale={locale} ledger={record.ledger} />
              <MemberPaymentsTable locale={locale} transactions={record.transactions} />
              <MemberReportsPanel locale={locale} by={record.reportsBy} about={record.reportsAbout} />
              <MemberTrackingPanel locale={locale} tracking={record.tracking} />
            </div>
          </div>
        </div>
      )}
    </>
  );
}
