import { callAdmin } from '~/client/admin-api';
import { adminPostbackAttemptsContract } from '~/shared/contracts/admin/affiliates';
import { formatTime, useAdminLoad } from './use-admin-load';

/** The attempts to send one postback, oldest first: when, the HTTP answer (or why none), how long it took. */
export function PostbackAttempts({ id, version }: { id: number; version: number }) {
  const load = useAdminLoad(
    () => callAdmin(adminPostbackAttemptsContract, { params: { id } }),
    JSON.stringify([id, version]),
  );
  if (load.error)
    return (
      <p className="alert alert-danger" role="alert">
        {load.error}
      </p>
    );
  if (!load.data) return <p className="muted">Loading attempts…</p>;
  if (load.data.attempts.length === 0) return <p className="muted">Not attempted yet.</p>;
  return (
    <ol className="admin-attempts">
      {load.data.attempts.map((attempt) => (
        <li key={attempt.attemptedAt}>
          {formatTime(attempt.attemptedAt)}: {attempt.statusCode !== null ? `HTTP ${attempt.statusCode}` : 'no answer'}
          {attempt.error && attempt.statusCode === null ? ` (${attempt.error})` : ''}, {attempt.latencyMs} ms
        </li>
      ))}
    </ol>
  );
}
