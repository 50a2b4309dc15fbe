import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { LOCALE_TAGS, type Locale } from '~/shared/locales';
import {
  $dataExport,
  downloadDataExport,
  loadDataExport,
  requestDataExport,
  stopDataExportPolling,
} from '../../stores/data-export';
import { useT } from '../shell/use-t';
import { dateTimeLabel } from './session-labels';
import '~/styles/account.css';
import '~/styles/account-export.css';

/** "2.4 MB" / "850 kB" in the locale. */
function sizeLabel(bytes: number, locale: Locale): string {
  const megabytes = bytes >= 1_000_000;
  return new Intl.NumberFormat(LOCALE_TAGS[locale].tag, {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(megabytes ? bytes / 1_000_000 : Math.max(1, bytes / 1_000));
}

/**
 * /profile "Download my data" (docs/product.md §10 Data export): ask for an export, see it
 * being prepared, then download the ZIP while it is kept (24 h).
 */
export default function ExportSection({ locale }: { locale: Locale }) {
  const t = useT(locale);
  const state = useStore($dataExport);
  useEffect(() => {
    const linkUsed = new URLSearchParams(window.location.search).get('export') === 'link_used';
    void loadDataExport({ linkUsed });
    return stopDataExportPolling;
  }, []);
  const current = state.export;
  const status = current?.status ?? null;

  const onDownload = async () => {
    const url = await downloadDataExport();
    if (url) window.location.assign(url);
  };

  return (
    <section
      id="data-export"
      className="card account-section"
      aria-labelledby="account-export-title"
      data-testid="export-section"
    >
      <h2 id="account-export-title">{t('data_export.title')}</h2>
      <p className="muted">{t('data_export.intro')}</p>
      {state.error && (
        <div className="alert alert-danger" role="alert">
          {t(state.error)}
        </div>
      )}
      <div className="export-status" aria-live="polite">
        {(state.status === 'idle' || state.status === 'loading') && <p className="muted">{t('data_export.loading')}</p>}
        {status === 'building' && (
          <p className="export-note export-building">
            <span className="export-spinner" aria-hidden="true" />
            {t('data_export.preparing')}
          </p>
        )}
        {status === 'ready' && current?.expiresAt && (
          <p className="export-note export-ready">
            {t('data_export.ready', {
              size: sizeLabel(current.sizeBytes ?? 0, locale),
              date: dateTimeLabel(current.expiresAt, locale),
            })}
          </p>
        )}
        {status === 'failed' && <p className="export-note">{t('data_export.failed')}</p>}
        {status === 'expired' && <p className="export-note">{t('data_export.expired')}</p>}
      </div>
      {state.status === 'error' && !current && (
        <button type="button" className="btn btn-secondary" onClick={() => void loadDataExport()}>
          {t('data_export.retry')}
        </button>
      )}
      {state.status === 'ready' && (
        <div className="account-actions">
          {status === 'ready' ? (
            <button
              type="button"
              className="btn btn-primary"
              disabled={state.busy !== null}
              onClick={() => void onDownload()}
            >
              {state.busy === 'download' ? t('data_export.downloading') : t('data_export.download')}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              disabled={state.busy !== null || status === 'building'}
              onClick={() => void requestDataExport()}
            >
              {status === 'building' ? t('data_export.preparing_button') : t('data_export.request')}
            </button>
          )}
        </div>
      )}
      {status === 'ready' && current?.downloaded && <p className="muted export-again">{t('data_export.downloaded')}</p>}
    </section>
  );
}
