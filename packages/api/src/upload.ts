// Uploads: multipart through XMLHttpRequest, because fetch reports no upload progress and the
// progress bar must move. 100 s timeout (SPEC §7). Same envelope and catalogue as every call.
import { API_LIMITS } from './constants.ts';
import { ApiError, isSuccessEnvelope, type Envelope } from './client.ts';
import { CANCELLED, NETWORK_ERROR, TIMEOUT } from './error-catalogue.ts';

export interface UploadOptions {
  file: Blob;
  filename: string;
  fields?: Record<string, string>;
  /** 0-100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
  XMLHttpRequest?: typeof XMLHttpRequest;
}

export function uploadFile<T>(url: string, options: UploadOptions): Promise<T> {
  const Xhr = options.XMLHttpRequest ?? globalThis.XMLHttpRequest;
  return new Promise<T>((resolve, reject) => {
    const xhr = new Xhr();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.timeout = options.timeoutMs ?? API_LIMITS.uploadTimeoutMs;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.upload.onload = () => options.onProgress?.(100);
    xhr.onload = () => {
      let envelope: Envelope<T> | undefined;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<T>;
      } catch {
        return reject(new ApiError(String(xhr.status || 500), undefined, xhr.status));
      }
      if (isSuccessEnvelope(envelope)) {
        options.onProgress?.(100);
        resolve(envelope.data);
      } else reject(new ApiError(String(envelope.code), envelope.msg, xhr.status, envelope.data));
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR));
    xhr.ontimeout = () => reject(new ApiError(TIMEOUT));
    xhr.onabort = () => reject(new ApiError(CANCELLED));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, value);
    form.append('file', options.file, options.filename);
    options.onProgress?.(0);
    xhr.send(form);
  });
}
