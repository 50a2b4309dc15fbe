import { useState } from 'react';
import type { Locale } from '~/shared/locales';
import { logOut } from '../../stores/session';
import { LogoutIcon } from '../shell/icons';
import { useT } from '../shell/use-t';
import '~/styles/account-profile.css';

/** docs/product.md §10 /profile: "Log out" at the end of the page (it is not in the navigation), then /login. */
export default function LogoutSection({ locale }: { locale: Locale }) {
  const t = useT(locale);
  const [busy, setBusy] = useState(false);
  const onLogout = async () => {
    setBusy(true);
    await logOut();
    window.location.assign('/login');
  };
  return (
    <section
      className="card account-section logout-section"
      aria-labelledby="logout-title"
      data-testid="logout-section"
    >
      <h2 id="logout-title">{t('account_profile.logout_title')}</h2>
      <p className="muted">{t('account_profile.logout_text')}</p>
      <div className="account-actions">
        <button type="button" className="btn btn-secondary" onClick={onLogout} disabled={busy}>
          <LogoutIcon />
          {t('nav.logout')}
        </button>
      </div>
    </section>
  );
}
