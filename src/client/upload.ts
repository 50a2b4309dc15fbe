import { profileImageContract } from '~/shared/contracts/upload';
import { ApiError } from './api';
import { readBoot } from './boot';

/**
 * Uploads one photo to `POST /api/profileimage.php` (multipart field `file`),
 * reporting upload progress 0–1 (fetch cannot report upload progress, hence XHR).
 * @throws ApiError with the server's error code and message key.
 */
export function uploadProfileImage(file: File, onProgress: (fraction: number) => void) {
  return new Promise<ReturnType<typeof profileImageContract.response.parse>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', profileImageContract.path);
    xhr.setRequestHeader('package-name', readBoot().packageName);
    xhr.setRequestHeader('original-host', window.location.host);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onerror = () => reject(new ApiError(0, 'network', 'errors.network'));
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        // handled below
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = profileImageContract.response.safeParse(json);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError(xhr.status, 'internal', 'errors.internal'));
        return;
      }
      const error = (json as { error?: { code?: string; message?: string } } | null)?.error;
      reject(new ApiError(xhr.status, (error?.code as never) ?? 'internal', error?.message ?? 'errors.internal'));
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
