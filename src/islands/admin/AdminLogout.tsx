import { useState } from 'react';
import { callAdmin } from '~/client/admin-api';
import { adminLogoutContract } from '~/shared/contracts/admin/auth';

/** The console header's log-out button: ends the operator session, then the log-in page. */
export default function AdminLogout() {
  const [busy, setBusy] = useState(false);
  async function logOut() {
    setBusy(true);
    await callAdmin(adminLogoutContract, { body: {} }).catch(() => undefined);
    window.location.assign('/admin/login');
  }
  return (
    <button type="button" className="btn btn-ghost btn-small" onClick={() => void logOut()} disabled={busy}>
      Log out
    </button>
  );
}
