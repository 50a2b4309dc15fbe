import { useState } from 'react';
import { callAdmin } from '~/client/admin-api';
import { adminMemberRecordContract } from '~/shared/contracts/admin/members';
import { MEMBER_ACTION_ROLES, type OperatorRole } from '~/shared/contracts/admin/roles';
import { MemberCreditsPanel } from './MemberCreditsPanel';
import { MemberDeletePanel } from './MemberDeletePanel';
import MemberModerationActions from './MemberModerationActions';
import { MemberProfileCard } from './MemberProfileCard';
import { MemberStatusBadges } from './MemberStatusBadges';
import { MemberSupportActions } from './MemberSupportActions';
import {
  MemberLedgerTable,
  MemberPaymentsTable,
  MemberReportsPanel,
  MemberSessionsTable,
  MemberTrackingPanel,
} from './MemberTables';
import { useAdminLoad } from './use-admin-load';

interface Props {
  memberId: number;
  /** The operator's role: actions it may not take are not shown (the server refuses them anyway). */
  role: OperatorRole;
}

/**
 * docs/product.md §13 Members: one member's record — profile, status, credits and premium,
 * sessions, ledger, payments, tracking record, reports by and about — with the actions the
 * operator's role allows. After an action the record loads again and a notice says what happened.
 */
export default function MemberRecord({ memberId, role }: Props) {
  const load = useAdminLoad(() => callAdmin(adminMemberRecordContract, { params: { id: memberId } }), String(memberId));
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
        <a href="/admin/members">← Members</a>
      </p>
      {/* In the flow above the record, never over it (a notice must not cover content). */}
      <div className="admin-member-toasts" role="status" aria-live="polite">
        {notice && (
          <p className="admin-notice admin-notice-success admin-member-toast">
            <span>{notice}</span>
            <button type="button" className="btn btn-ghost btn-small" onClick={() => setNotice(null)}>
              Dismiss
            </button>
          </p>
        )}
      </div>
      {load.error && (
        <section className="admin-panel" aria-labelledby="member-error-title">
          <h1 id="member-error-title">Member #{memberId}</h1>
          <p className="alert alert-danger" role="alert">
            {load.error}{' '}
            <button type="button" className="btn btn-small btn-secondary" onClick={load.reload}>
              Try again
            </button>
          </p>
        </section>
      )}
      {!record && !load.error && <p className="admin-empty">Loading the member’s record…</p>}
      {record && (
        <div aria-busy={load.loading}>
          <header className="admin-member-head">
            <h1>
              {record.profile.name || 'No name'} <span className="admin-mono muted">#{record.account.id}</span>
            </h1>
            <MemberStatusBadges
              status={record.account.status}
              suspendedUntil={record.account.suspendedUntil}
              banned={record.account.bannedAt !== null}
              isPremium={record.credits.isPremium}
            />
          </header>
          <div className="admin-split admin-member-columns">
            <div>
              <MemberProfileCard record={record} />
              <MemberCreditsPanel record={record} canChange={may('support')} onDone={done} />
              {may('support') && <MemberSupportActions record={record} onDone={done} />}
              {may('moderate') && (
                <MemberModerationActions
                  memberId={record.account.id}
                  suspendedUntil={record.account.suspendedUntil}
                  banned={record.account.bannedAt !== null}
                  deleted={record.account.status === 'deleted'}
                  onChanged={load.reload}
                />
              )}
              {may('delete') && <MemberDeletePanel record={record} onDone={done} />}
            </div>
            <div>
              <MemberSessionsTable sessions={record.sessions} />
              <MemberLedgerTable ledger={record.ledger} />
              <MemberPaymentsTable transactions={record.transactions} />
              <MemberReportsPanel by={record.reportsBy} about={record.reportsAbout} />
              <MemberTrackingPanel tracking={record.tracking} />
            </div>
          </div>
        </div>
      )}
    </>
  );
}
