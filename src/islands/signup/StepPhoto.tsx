import { useRef, useState, type DragEvent } from 'react';
import { DROP_ACCEPTED_TYPES } from '~/shared/contracts/values';
import { failureMessageKey } from '../../stores/failures';
import { goToStep, uploadPhoto } from '../../stores/signup';
import { CameraIcon } from '../shell/icons';
import type { useT } from '../shell/use-t';

/** Step 2: photo by drag and drop (png/jpeg only) or the file picker (any image), with upload progress. */
export function StepPhoto({ t, cdnPrefix }: { t: ReturnType<typeof useT>; cdnPrefix: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const upload = async (file: File) => {
    setError(null);
    setProgress(0);
    try {
      const result = await uploadPhoto(file, setProgress);
      setPreview(`${cdnPrefix}/${result.image.thumb_filename}`);
    } catch (failure) {
      console.warn('photo upload failed', failure);
      setError(failureMessageKey(failure));
    } finally {
      setProgress(null);
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (!file) return;
    if (!DROP_ACCEPTED_TYPES.includes(file.type)) {
      setError('wizard.photo_drop_types');
      return;
    }
    void upload(file);
  };

  return (
    <div className="wizard-step" data-testid="step-2">
      <h1>{t('wizard.photo_title')}</h1>
      <p className="muted">{t('wizard.photo_text')}</p>
      <div
        className={`drop-zone${dragging ? ' drop-zone-active' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {preview ? (
          <img src={preview} alt={t('wizard.photo_preview')} width={240} height={300} />
        ) : (
          <span className="wizard-icon" aria-hidden="true">
            <CameraIcon />
          </span>
        )}
        <p>{t('wizard.photo_drop')}</p>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => input.current?.click()}
          disabled={progress !== null}
        >
          {preview ? t('wizard.photo_another') : t('wizard.photo_choose')}
        </button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          className="visually-hidden"
          aria-label={t('wizard.photo_choose')}
          data-testid="photo-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
            event.target.value = '';
          }}
        />
      </div>
      {progress !== null && (
        <div
          className="upload-progress"
          role="progressbar"
          aria-label={t('wizard.photo_uploading')}
          aria-valuenow={Math.round(progress * 100)}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <span style={{ width: `${Math.round(progress * 100)}%` }} />
        </div>
      )}
      {error && (
        <p className="field-error" role="alert">
          {t(error)}
        </p>
      )}
      {preview ? (
        <button type="button" className="btn btn-primary btn-block" onClick={() => void goToStep(3)}>
          {t('wizard.continue')}
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-ghost btn-block"
          onClick={() => void goToStep(3)}
          disabled={progress !== null}
        >
          {t('wizard.photo_skip')}
        </button>
      )}
    </div>
  );
}
