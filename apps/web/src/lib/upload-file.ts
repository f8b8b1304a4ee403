import { useAuthStore } from '@/stores/auth';
import { API_BASE, failedResponseError, OfflineError, parseJsonBody } from './api-client';

export const UPLOAD_NETWORK_ERROR = 'Network error';

type UploadOptions = {
  /** Told the share of the body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * Sends multipart form data to the API and answers its JSON. Uses XMLHttpRequest because
 * fetch cannot report upload progress; errors are the API client's (ApiError, 401 → sign-out).
 */
export function uploadFile<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    if (!navigator.onLine) {
      reject(new OfflineError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = useAuthStore.getState().user?.token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const payload = parseJsonBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(payload as T);
      } else {
        reject(failedResponseError(xhr.status, payload, Boolean(token)));
      }
    };
    xhr.onerror = () => reject(new Error(UPLOAD_NETWORK_ERROR));
    xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
