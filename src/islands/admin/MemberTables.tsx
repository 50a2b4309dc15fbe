import type { ReactNode } from 'react';
import type { MemberRecord, MemberReportView } from '~/shared/contracts/admin/members';
import { formatDelta, formatMoney, ledgerReasonText } from './member-format';
import { formatTime } from './use-admin-load';

/** A record section: its title, a table in a scrolling wrapper, or the empty text. */
function TableSection({
  id,
  title,
  note,
  empty,
  isEmpty,
  children,
}: {
  id: string;
  title: string;
  note?: string;
  empty: string;
  isEmpty: boolean;
  children: ReactNode;
}) {
  return (
    <section className="admin-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {note && <p className="muted">{note}</p>}
      {isEmpty ? (
        <p className="admin-empty">{empty}</p>
      ) : (
        // Focusable, so a keyboard can scroll a table wider than a phone's screen.
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={`${title} table`}>
          {children}
        </div>
      )}
    </section>
  );
}

/** Where the member is logged in: device and country of each live session (never an id). */
export function MemberSessionsTable({ sessions }: { sessions: MemberRecord['sessions'] }) {
  return (
    <TableSection
      id="member-sessions-title"
      title="Sessions"
      empty="Not logged in anywhere."
      isEmpty={sessions.length === 0}
    >
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Device</th>
            <th scope="col">Country</th>
            <th scope="col">Started</th>
            <th scope="col">Last active</th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => (
            <tr key={`${session.startedAt}-${session.lastActiveAt}`}>
              <td>
                {[session.browser, session.os].filter(Boolean).join(' on ') || 'Unknown browser'}
                {session.kind && <span className="muted"> ({session.kind})</span>}
              </td>
              <td>{session.country ?? '—'}</td>
              <td>{formatTime(session.startedAt)}</td>
              <td>{formatTime(session.lastActiveAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableSection>
  );
}

/** The latest credit ledger rows, newest first. */
export function MemberLedgerTable({ ledger }: { ledger: MemberRecord['ledger'] }) {
  return (
    <TableSection
      id="member-ledger-title"
      title="Credit ledger"
      note="The latest 50 changes of the balance, newest first."
      empty="No credit changes yet."
      isEmpty={ledger.length === 0}
    >
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Reason</th>
            <th scope="col" className="num">
              Change
            </th>
          </tr>
        </thead>
        <tbody>
          {ledger.map((row) => (
            <tr key={row.id}>
              <td>{formatTime(row.createdAt)}</td>
              <td>
                {ledgerReasonText(row.reason)}
                {row.transaction && <div className="muted admin-mono">{row.transaction}</div>}
                {row.shortfall > 0 && <div className="muted">{row.shortfall} credits owed (already spent)</div>}
              </td>
              <td className="num">{formatDelta(row.delta)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableSection>
  );
}

/** The latest payment transactions, newest first. */
export function MemberPaymentsTable({ transactions }: { transactions: MemberRecord['transactions'] }) {
  return (
    <TableSection
      id="member-payments-title"
      title="Payments"
      note="The latest 50 payment transactions."
      empty="No payments."
      isEmpty={transactions.length === 0}
    >
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Started</th>
            <th scope="col">Product</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">Method</th>
            <th scope="col">Reference</th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((row) => (
            <tr key={row.id}>
              <td>{formatTime(row.createdAt)}</td>
              <td>
                {row.product === 'premium' ? `Premium ${row.premiumMonths} mo.` : `${row.credits} credits`}
                <div className="muted">
                  {row.productId}
                  {row.discountCode && ` · code ${row.discountCode}`}
                </div>
              </td>
              <td>
                <span className={`admin-badge${row.status === 'paid' ? '' : ' admin-badge-muted'}`}>{row.status}</span>
                {row.refundedAt && <div className="muted">refunded {formatTime(row.refundedAt)}</div>}
              </td>
              <td className="num">{formatMoney(row.amountCents, row.currency)}</td>
              <td>
                {row.method}
                <div className="muted">{row.provider}</div>
              </td>
              <td className="admin-mono">{row.publicId}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableSection>
  );
}

function ReportRows({ reports, other }: { reports: MemberReportView[]; other: string }) {
  return (
    <table className="admin-table">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">{other}</th>
          <th scope="col">Reason</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {reports.map((report) => (
          <tr key={report.id}>
            <td>{formatTime(report.createdAt)}</td>
            <td>
              <a href={`/admin/members/${report.otherId}`}>{report.otherName || 'No name'}</a>{' '}
              <span className="admin-mono muted">#{report.otherId}</span>
            </td>
            <td>
              {report.reason}
              {report.details && <div className="muted admin-member-details">{report.details}</div>}
            </td>
            <td>
              <span className={`admin-badge${report.status === 'open' ? '' : ' admin-badge-muted'}`}>
                {report.status === 'open' ? 'open' : (report.outcome ?? 'reviewed')}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The latest 20 reports the member made, and the latest 20 about the member. */
export function MemberReportsPanel({ by, about }: { by: MemberReportView[]; about: MemberReportView[] }) {
  return (
    <section className="admin-panel" aria-labelledby="member-reports-title">
      <h2 id="member-reports-title">Reports</h2>
      <h3 className="admin-member-subtitle">About this member</h3>
      {about.length === 0 ? (
        <p className="admin-empty">No reports about this member.</p>
      ) : (
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Reports about this member">
          <ReportRows reports={about} other="Reported by" />
        </div>
      )}
      <h3 className="admin-member-subtitle">By this member</h3>
      {by.length === 0 ? (
        <p className="admin-empty">This member has reported no one.</p>
      ) : (
        <div className="admin-table-wrap" tabIndex={0} role="region" aria-label="Reports by this member">
          <ReportRows reports={by} other="Reported member" />
        </div>
      )}
    </section>
  );
}

/** The tracking record and the signup's origin fields (key/value). */
export function MemberTrackingPanel({ tracking }: { tracking: MemberRecord['tracking'] }) {
  const rows: [string, string][] = [
    ...Object.entries(tracking.record ?? {}),
    ['traffic source', tracking.trafficsource ?? ''],
    ['referrer', tracking.referrer ?? ''],
    ['signup form', tracking.formPath ?? ''],
    ['time zone', tracking.timezone ?? ''],
    ['signup browser', tracking.userAgent ?? ''],
    ['came from profile', tracking.originatingProfileId === null ? '' : `#${tracking.originatingProfileId}`],
  ].filter(([, value]) => value !== '') as [string, string][];
  return (
    <section className="admin-panel" aria-labelledby="member-tracking-title">
      <h2 id="member-tracking-title">Tracking record</h2>
      {rows.length === 0 ? (
        <p className="admin-empty">No tracking data (none was given, or the account was deleted).</p>
      ) : (
        <dl className="admin-kv">
          {rows.map(([key, value]) => (
            <KeyValue key={key} name={key} value={value} />
          ))}
        </dl>
      )}
    </section>
  );
}

function KeyValue({ name, value }: { name: string; value: string }) {
  return (
    <>
      <dt>{name}</dt>
      <dd className="admin-mono">{value}</dd>
    </>
  );
}
