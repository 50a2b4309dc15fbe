import { useStore } from '@nanostores/react';
import { $uploads, clearFinishedUploads } from '../../stores/photos';
import type { useT } from '../shell/use-t';

const STATUS_KEY = {
  waiting: 'photos.upload_waiting',
  uploading: 'photos.upload_uploading',
  done: 'photos.upload_done',
} as const;

/** The files being uploaded, each with its own progress bar or error (docs/product.md §10 Photos). */
export function PhotoUploadList({ t }: { t: ReturnType<typeof useT> }) {
  const uploads = useStore($uploads);
  if (uploads.length === 0) return null;
  const isBusy = uploads.some((item) => item.status === 'waiting' || item.status === 'uploading');
  return (
    <div className="photo-uploads">
      <ul aria-label={t('photos.uploads')}>
        {uploads.map((item) => (
          <li key={item.key} className={`photo-upload photo-upload-${item.status}`} data-testid="photo-upload">
            <span className="photo-upload-name">{item.name}</span>
            {item.status === 'error' ? (
              <span className="field-error">{t(item.error ?? 'errors.internal')}</span>
            ) : (
              <>
                <span className="muted">{t(STATUS_KEY[item.status])}</span>
                <div
                  className="upload-progress"
                  role="progressbar"
                  aria-label={t('photos.uploading', { name: item.name })}
                  aria-valuenow={Math.round(item.progress * 100)}
                  aria-valuemin={0}
                  aria-valuemax={100}
                >
                  <span style={{ width: `${Math.round(item.progress * 100)}%` }} />
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
      {!isBusy && (
        <button type="button" className="btn btn-ghost btn-small" onClick={clearFinishedUploads}>
          {t('photos.clear_uploads')}
        </button>
      )}
    </div>
  );
}
