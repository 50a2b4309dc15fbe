import { useState } from 'react';
import { adminErrorText, callAdmin } from '~/client/admin-api';
import { adminResendPostbackContract, type PostbackView } from '~/shared/contracts/admin/affiliates';
import { ConfirmDialog } from './ConfirmDialog';
import { errorCodeOf, statusBadgeClass } from './finance-format';
import { PostbackAttempts } from './PostbackAttempts';
import { formatTime } from './use-admin-load';

const COLUMNS = 8;

function resendErrorText(error: unknown): string {
  if (errorCodeOf(error) === 'conflict') return 'A sender is sending it right now. Wait a few seconds and look again.';
  return adminErrorText(error);
}

/** Host and path of a postback URL ("track.example/pb"); the whole URL is in the details. */
function targetOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return url;
  }
}

/** When the postback went out, or when it is tried next. */
function timingText(row: PostbackView): string {
  if (row.status === 'delivered' && row.deliveredAt) return `Delivered ${formatTime(row.deliveredAt)}`;
  if (row.status === 'pending') return `Next try ${formatTime(row.nextAttemptAt)}`;
  return `Given up ${formatTime(row.nextAttemptAt)}`;
}

interface Props {
  row: PostbackView;
  onResent: (notice: string) => void;
}

/**
 * One postback of the log with its Resend button (a delivered one asks first: the network gets the
 * same event id again) and, on demand, its details: the URL as sent and every attempt.
 */
export function PostbackRow({ row, onResent }: Props) {
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function resend() {
    setBusy(true);
    setError(null);
    try {
      await callAdmin(adminResendPostbackContract, { params: { id: row.id } });
      setAsking(false);
      onResent(`Postback #${row.id} to ${row.network} is due again; the sender delivers it within seconds.`);
    } catch (caught) {
      setError(resendErrorText(caught));
    } finally {
      setBusy(false);
    }
  }

  const label = row.status === 'pending' ? 'Send now' : 'Resend';
  return (
    <>
      <tr data-status={row.status}>
        <td>
          <span className="admin-mono">#{row.id}</span>
          <div className="muted">{formatTime(row.createdAt)}</div>
        </td>
        <td>
          {row.network}
          <div className="muted">{row.site}</div>
        </td>
        <td>
          {row.event}
          <div className="muted admin-mono">event id {row.eventId}</div>
        </td>
        <td>
          member #{row.memberId}
          {row.transactionId !== null && <div className="muted">transaction #{row.transactionId}</div>}
        </td>
        <td>
          <span className={statusBadgeClass(row.status)}>{row.status}</span>
          <div className="muted">{timingText(row)}</div>
        </td>
        <td className="num">
          {row.attempts}
          <div className="muted">
            {row.lastStatusCode !== null ? `HTTP ${row.lastStatusCode}` : (row.lastError ?? '—')}
          </div>
        </td>
        <td>
          <span className="admin-badge admin-badge-muted">{row.method}</span>{' '}
          <span className="admin-mono">{targetOf(row.url)}</span>
        </td>
        <td>
          <div className="admin-actions">
            <button
              type="button"
              className="btn btn-secondary btn-small"
              disabled={busy}
              aria-label={`${label} postback #${row.id}`}
              onClick={() => (row.status === 'delivered' ? setAsking(true) : void resend())}
            >
              {busy && !asking ? 'Sending…' : label}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-small"
              aria-expanded={open}
              aria-label={`${open ? 'Hide' : 'Show'} details of postback #${row.id}`}
              onClick={() => setOpen(!open)}
            >
              {open ? 'Hide details' : 'Details'}
            </button>
          </div>
          {error && !asking && (
            <p className="alert alert-danger" role="alert">
              {error}
            </p>
          )}
          <ConfirmDialog
            open={asking}
            title={`Resend postback #${row.id}?`}
            confirmLabel="Resend"
            busy={busy}
            error={error}
            onConfirm={() => void resend()}
            onCancel={() => setAsking(false)}
          >
            <p>
              {row.network} received this {row.event} already. It gets it again with the same event id ({row.eventId}),
              so it can drop the repeat.
            </p>
          </ConfirmDialog>
        </td>
      </tr>
      {open && (
        <tr className="admin-detail-row">
          <td colSpan={COLUMNS}>
            <dl className="admin-kv">
              <dt>URL sent</dt>
              <dd className="admin-mono">{row.url}</dd>
              <dt>Attempts</dt>
              <dd>
                <PostbackAttempts id={row.id} version={row.attempts} />
              </dd>
            </dl>
          </td>
        </tr>
      )}
    </>
  );
}
