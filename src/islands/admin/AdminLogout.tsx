import { useState } from 'react';
import { consoleT, type ConsoleLocale } from '~/shared/console-i18n';
import { logOutOperator } from '../../stores/admin/auth';

/** The console header's log-out button: ends the operator session, then the log-in page. */
export default function AdminLogout({ locale }: { locale: ConsoleLocale }) {
  const [busy, setBusy] = useState(false);
  async function logOut() {
    setBusy(true);
    await logOutOperator();
    window.location.assign('/admin/login');
  }
  return (
    <button type="button" className="btn btn-ghost btn-small" onClick={() => void logOut()} disabled={busy}>
      {consoleT(locale)('layout.log_out')}
    </button>
  );
}
