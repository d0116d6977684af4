import { MEDIA_FILE_FIELD, mediaRoutes, type MediaType, type RouteAnswer } from '@cc/contracts';
import { API_BASE } from '../api/baseApi';
import type { ApiError } from '../api/apiError';
import { routeRequest } from '../api/routeRequest';
import { readAccessToken } from '../api/session';

const UPLOAD_ROUTE = { photo: mediaRoutes.uploadPhoto, video: mediaRoutes.uploadVideo, file: mediaRoutes.uploadFile } as const;

type Media = RouteAnswer<(typeof UPLOAD_ROUTE)[MediaType]>;
export type UploadHandle = { promise: Promise<Media>; cancel: () => void };

export const UPLOAD_CANCELLED: ApiError = { status: 0, code: 'CANCELLED', msg: 'Upload cancelled.' };

function parseError(xhr: XMLHttpRequest): ApiError {
  try {
    const body = JSON.parse(xhr.responseText) as { code?: unknown; msg?: unknown };
    return {
      status: xhr.status,
      code: typeof body.code === 'string' ? body.code : `HTTP_${xhr.status}`,
      ...(typeof body.msg === 'string' ? { msg: body.msg } : {}),
    };
  } catch {
    return { status: xhr.status, code: `HTTP_${xhr.status}` };
  }
}

/**
 * Multipart upload of one file (POST /media/photos | videos | files), for a chat attachment or an
 * item a model sells (docs/product.md#media). The request comes from the
 * route table like every other call; XMLHttpRequest sends it rather than fetch because only it
 * reports upload progress. The bearer token comes from the same cookie the API layer uses.
 * Rejects with an ApiError (UPLOAD_CANCELLED when cancelled).
 */
export function uploadMedia(kind: MediaType, file: File, onProgress: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const form = new FormData();
  form.append(MEDIA_FILE_FIELD, file, file.name);
  const request = routeRequest(UPLOAD_ROUTE[kind], { body: form });
  const { url, method = 'POST' } = typeof request === 'string' ? { url: request } : request;
  const promise = new Promise<Media>((resolve, reject) => {
    xhr.open(method, `${API_BASE}${url}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((JSON.parse(xhr.responseText) as { data: Media }).data);
        } catch {
          reject({ status: xhr.status, code: 'BAD_RESPONSE' } satisfies ApiError);
        }
      } else reject(parseError(xhr));
    };
    xhr.onerror = () =>
      reject({ status: 0, code: 'NETWORK_ERROR', msg: 'The upload failed: check your connection and try again.' } satisfies ApiError);
    xhr.onabort = () => reject(UPLOAD_CANCELLED);
    xhr.send(form);
  });
  return { promise, cancel: () => xhr.abort() };
}
