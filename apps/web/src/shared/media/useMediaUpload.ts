import { useCallback, useEffect, useRef, useState } from 'react';
import type { Media, MediaType } from '@cc/contracts';
import { errorMessage } from '../api/apiError';
import { mediaKindOf, mediaProblem } from './mediaRules';
import { UPLOAD_CANCELLED, uploadMedia, type UploadHandle } from './uploadMedia';

/** A chosen file on its way up: its local preview, how far the upload got, then the stored media. */
export type MediaUpload = {
  name: string;
  size: number;
  kind: MediaType;
  /** An object URL of the chosen file, for photos and videos; null for other files. */
  previewUrl: string | null;
  /** 0 to 1. */
  progress: number;
  /** Set once uploaded: whatever uses it (a message, an item for sale) may go. */
  media: Media | null;
};

/**
 * Choose → check → upload in the background with progress (docs/product.md#media), for a chat
 * attachment (`use` 'sent') or an item for sale ('sold'). The size and type are checked before any
 * byte leaves, so a wrong file is refused at once with what is wrong; choosing again, removing or
 * unmounting stops the upload under way.
 */
export function useMediaUpload(use: 'sent' | 'sold') {
  const [upload, setUpload] = useState<MediaUpload | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const handle = useRef<UploadHandle | null>(null);
  const previewUrl = useRef<string | null>(null);

  /** Stops the upload under way and lets go of the preview. */
  const release = useCallback(() => {
    handle.current?.cancel();
    handle.current = null;
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    previewUrl.current = null;
  }, []);

  useEffect(() => release, [release]);

  const choose = useCallback(
    async (file: File) => {
      const refusal = mediaProblem(file, use);
      setProblem(refusal);
      if (refusal) return;
      release();
      const kind = mediaKindOf(file);
      const preview = kind === 'file' ? null : URL.createObjectURL(file);
      previewUrl.current = preview;
      setUpload({ name: file.name, size: file.size, kind, previewUrl: preview, progress: 0, media: null });
      const current = uploadMedia(kind, file, (progress) => {
        if (handle.current === current) setUpload((state) => (state ? { ...state, progress } : state));
      });
      handle.current = current;
      try {
        const media = await current.promise;
        if (handle.current === current) setUpload((state) => (state ? { ...state, progress: 1, media } : state));
      } catch (error) {
        if (error === UPLOAD_CANCELLED || handle.current !== current) return;
        release();
        setUpload(null);
        setProblem(`${file.name} could not be uploaded: ${errorMessage(error)}`);
      } finally {
        if (handle.current === current) handle.current = null;
      }
    },
    [release, use],
  );

  /** Takes the file away: its upload stops and nothing uses it. */
  const remove = useCallback(() => {
    release();
    setUpload(null);
  }, [release]);

  const dismissProblem = useCallback(() => setProblem(null), []);

  return { upload, problem, choose, remove, dismissProblem };
}
