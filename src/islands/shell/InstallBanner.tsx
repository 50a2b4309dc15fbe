import { useStore } from '@nanostores/react';
import { $pwa, dismissInstall, promptInstall } from '../../stores/pwa';
import type { useT } from './use-t';

/** One-time offer to install the PWA, or the iOS "Add to Home Screen" guide (needed for iOS web push). */
export function InstallBanner({ t }: { t: ReturnType<typeof useT> }) {
  const pwa = useStore($pwa);
  if (pwa.isStandalone || (!pwa.canInstall && !pwa.showIosGuide)) return null;
  return (
    <section className="shell-banner" aria-labelledby="install-title" data-testid="install-banner">
      <div>
        <h2 id="install-title">{t('shell.install_title')}</h2>
        <p>{pwa.canInstall ? t('shell.install_text') : t('shell.ios_guide')}</p>
      </div>
      <div className="shell-banner-actions">
        {pwa.canInstall && (
          <button type="button" className="btn btn-primary btn-small" onClick={() => void promptInstall()}>
            {t('shell.install')}
          </button>
        )}
        <button type="button" className="btn btn-ghost btn-small" onClick={dismissInstall}>
          {t('shell.not_now')}
        </button>
      </div>
    </section>
  );
}
