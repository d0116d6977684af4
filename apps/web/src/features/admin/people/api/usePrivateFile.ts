import { useEffect, useState } from 'react';
import { readAccessToken } from '../../../../shared/api/session';

export type PrivateFile =
  { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; url: string; mimeType: string; size: number };

type Loaded = { key: string; file: PrivateFile };

/**
 * Verification documents are private files: the files route answers them only with the admin's
 * bearer token. We fetch the bytes with the Authorization header and show them through an object
 * URL, which is revoked when the drawer closes or another document is shown.
 * `attempt` is a counter the caller bumps to fetch again.
 */
export function usePrivateFile(fileUrl: string | null, attempt = 0): PrivateFile | null {
  const key = `${fileUrl ?? ''}#${attempt}`;
  // The result remembers which request it answers, so a new URL reads as loading at once.
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!fileUrl) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const settle = (file: PrivateFile) => setLoaded({ key, file });

    (async () => {
      const token = readAccessToken();
      const response = await fetch(fileUrl, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal });
      if (!response.ok) {
        settle({
          state: 'error',
          message: response.status === 404 ? 'The document file is missing or no longer available.' : 'The document could not be loaded.',
        });
        return;
      }
      const blob = await response.blob();
      // Closed while the bytes were arriving: make no URL that nobody would revoke.
      if (controller.signal.aborted) return;
      objectUrl = URL.createObjectURL(blob);
      settle({ state: 'ready', url: objectUrl, mimeType: blob.type || response.headers.get('content-type') || '', size: blob.size });
    })().catch(() => {
      if (!controller.signal.aborted)
        settle({ state: 'error', message: 'The document could not be loaded. Check your connection and try again.' });
    });

    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [fileUrl, key]);

  if (!fileUrl) return null;
  return loaded?.key === key ? loaded.file : { state: 'loading' };
}
