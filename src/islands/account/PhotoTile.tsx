import { useRef, type DragEvent } from 'react';
import type { OwnPhoto } from '~/shared/contracts/photos';
import { deletePhoto, dropPhoto, movePhoto, setMainPhoto } from '../../stores/photos';
import { ArrowLeftIcon, ArrowRightIcon, StarIcon, TrashIcon } from '../shell/icons';
import type { useT } from '../shell/use-t';

/** MIME type of a photo being dragged within the grid (files dragged in carry `Files` instead). */
export const PHOTO_DRAG_TYPE = 'application/x-amora-photo';

interface Props {
  t: ReturnType<typeof useT>;
  photo: OwnPhoto;
  index: number;
  count: number;
  isMain: boolean;
  cdnPrefix: string;
}

/**
 * One photo on /profile (docs/product.md §10 Photos): draggable to a new place, with buttons to
 * move it earlier or later (the keyboard way), make it the main photo, or delete it.
 */
export function PhotoTile({ t, photo, index, count, isMain, cdnPrefix }: Props) {
  const label = t('photos.photo_label', { position: index + 1, count });
  const earlier = useRef<HTMLButtonElement>(null);
  const later = useRef<HTMLButtonElement>(null);
  // Moving re-inserts tiles in the DOM, which drops focus: keep it on this tile's arrow (or the
  // other arrow once this one is disabled at the end of the row), so keyboard users can go on.
  const move = async (delta: -1 | 1) => {
    await movePhoto(photo.id, delta);
    const same = delta < 0 ? earlier.current : later.current;
    (same && !same.disabled ? same : delta < 0 ? later.current : earlier.current)?.focus();
  };
  const onDrop = (event: DragEvent) => {
    const dragged = Number(event.dataTransfer.getData(PHOTO_DRAG_TYPE));
    if (!dragged) return;
    event.preventDefault();
    event.stopPropagation();
    void dropPhoto(dragged, index);
  };
  return (
    <li
      className={`photo-tile${isMain ? ' photo-tile-main' : ''}`}
      data-testid="photo-tile"
      data-photo-id={photo.id}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(PHOTO_DRAG_TYPE, String(photo.id));
        event.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(PHOTO_DRAG_TYPE)) event.preventDefault();
      }}
      onDrop={onDrop}
    >
      <img src={`${cdnPrefix}/${photo.thumb_filename}`} alt={label} width={240} height={300} draggable={false} />
      {isMain && <span className="photo-main-badge">{t('photos.main')}</span>}
      <div className="photo-tools" role="group" aria-label={label}>
        <button
          type="button"
          className="photo-tool"
          aria-label={t('photos.move_earlier')}
          title={t('photos.move_earlier')}
          ref={earlier}
          disabled={index === 0}
          onClick={() => void move(-1)}
        >
          <ArrowLeftIcon />
        </button>
        <button
          type="button"
          className="photo-tool"
          aria-label={isMain ? t('photos.is_main') : t('photos.make_main')}
          title={isMain ? t('photos.is_main') : t('photos.make_main')}
          aria-pressed={isMain}
          onClick={() => !isMain && void setMainPhoto(photo.id)}
        >
          <StarIcon filled={isMain} />
        </button>
        <button
          type="button"
          className="photo-tool"
          aria-label={t('photos.delete')}
          title={t('photos.delete')}
          onClick={() => deletePhoto(photo.id)}
        >
          <TrashIcon />
        </button>
        <button
          type="button"
          className="photo-tool"
          aria-label={t('photos.move_later')}
          title={t('photos.move_later')}
          ref={later}
          disabled={index === count - 1}
          onClick={() => void move(1)}
        >
          <ArrowRightIcon />
        </button>
      </div>
    </li>
  );
}
