import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { DROP_ACCEPTED_TYPES } from '~/shared/contracts/values';
import type { Locale } from '~/shared/locales';
import {
  $pendingDeletes,
  $photoAnnouncement,
  $photos,
  loadPhotos,
  undoDelete,
  uploadPhotos,
  visiblePhotos,
  watchPageHideForDeletes,
} from '../../stores/photos';
import { CameraIcon } from '../shell/icons';
import { useT } from '../shell/use-t';
import { PhotoTile } from './PhotoTile';
import { PhotoUploadList } from './PhotoUploadList';
import '~/styles/account-profile.css';

/**
 * docs/product.md §10 Photos: the member's photos on /profile — add several at once (picker or
 * drop), reorder (drag, or the move buttons), choose the main photo, delete with a 5-second undo.
 * Changes are announced in a polite live region.
 */
export default function PhotoManager({ locale, cdnPrefix }: { locale: Locale; cdnPrefix: string }) {
  const t = useT(locale);
  const state = useStore($photos);
  const pending = useStore($pendingDeletes);
  const announcement = useStore($photoAnnouncement);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [dropError, setDropError] = useState<string | null>(null);
  const { photos, mainId } = visiblePhotos(state, pending);
  const isFull = photos.length >= state.max;

  useEffect(() => {
    void loadPhotos();
    return watchPageHideForDeletes();
  }, []);

  const add = (files: File[]) => {
    setDropError(null);
    if (files.length > 0) void uploadPhotos(files);
  };
  const onDrop = (event: DragEvent) => {
    setDragging(false);
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    const files = [...event.dataTransfer.files];
    const accepted = files.filter((file) => DROP_ACCEPTED_TYPES.includes(file.type));
    if (accepted.length < files.length) setDropError('photos.drop_types');
    if (accepted.length > 0) void uploadPhotos(accepted);
  };
  const deleted = state.photos.filter((photo) => pending.includes(photo.id));

  return (
    <section className="card account-section photo-manager" aria-labelledby="photos-title" data-testid="photo-manager">
      <h2 id="photos-title">{t('photos.title')}</h2>
      <p className="muted">{t('photos.hint', { max: state.max })}</p>
      <p className="photo-count" data-testid="photo-count">
        {t('photos.count', { count: photos.length, max: state.max })}
      </p>
      <div
        className={`drop-zone photo-drop${dragging ? ' drop-zone-active' : ''}`}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <span className="wizard-icon" aria-hidden="true">
          <CameraIcon />
        </span>
        <p>{isFull ? t('photos.limit_reached') : t('photos.drop')}</p>
        <button type="button" className="btn btn-secondary" onClick={() => input.current?.click()} disabled={isFull}>
          {t('photos.add')}
        </button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          multiple
          className="visually-hidden"
          aria-label={t('photos.add')}
          data-testid="photos-input"
          tabIndex={-1}
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </div>
      {dropError && (
        <p className="field-error" role="alert">
          {t(dropError)}
        </p>
      )}
      <PhotoUploadList t={t} />
      {state.status === 'error' && (
        <p className="field-error" role="alert">
          {t('photos.load_failed')}
        </p>
      )}
      {photos.length > 0 && <p className="muted photo-order-hint">{t('photos.order_hint')}</p>}
      <ol className="photo-grid" aria-label={t('photos.title')}>
        {photos.map((photo, index) => (
          <PhotoTile
            key={photo.id}
            t={t}
            photo={photo}
            index={index}
            count={photos.length}
            isMain={photo.id === mainId}
            cdnPrefix={cdnPrefix}
          />
        ))}
      </ol>
      {deleted.map((photo) => (
        <div key={photo.id} className="photo-undo" data-testid="photo-undo">
          <img src={`${cdnPrefix}/${photo.thumb_filename}`} alt="" width={48} height={60} />
          <span>{t('photos.deleted')}</span>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => undoDelete(photo.id)}>
            {t('photos.undo')}
          </button>
        </div>
      ))}
      <p className="visually-hidden" aria-live="polite" data-testid="photo-announcement">
        {announcement ? t(announcement.key, announcement.params ?? {}) : ''}
      </p>
    </section>
  );
}
