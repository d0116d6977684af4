import { useCallback, useEffect, useRef, useState } from 'react';
import type { Media, MediaType } from '@cc/contracts';
import { errorMessage } from '../../../shared/api/apiError';
import { UPLOAD_CANCELLED, uploadMedia, type UploadHandle } from '../api/uploadMedia';
import { attachmentProblem, mediaKindOf } from '../lib/mediaRules';

/**
 * A file waiting in the composer: its local preview (a photo or a video's first frame, from the
 * file itself), then the uploaded media once the background upload is done.
 */
export type Attachment = {
  name: string;
  size: number;
  kind: MediaType;
  /** An object URL of the chosen file, for photos and videos; null for other files. */
  previewUrl: string | null;
  progress: number;
  /** Set once uploaded: the message may go. */
  media: Media | null;
};

/**
 * Choose → check → upload in the background → wait for Send. Nothing is sent (or charged) until
 * the person sends; removing the attachment cancels its upload. The size and type are checked
 * before any byte leaves, so a wrong file is refused at once with what is wrong.
 */
export function useAttachment() {
  const [attachment, setAttachment] = useState<Attachment | null>(null);
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
      const refusal = attachmentProblem(file);
      setProblem(refusal);
      if (refusal) return;
      release();
      const kind = mediaKindOf(file);
      const preview = kind === 'file' ? null : URL.createObjectURL(file);
      previewUrl.current = preview;
      setAttachment({ name: file.name, size: file.size, kind, previewUrl: preview, progress: 0, media: null });
      const current = uploadMedia(kind, file, (progress) => {
        if (handle.current === current) setAttachment((state) => (state ? { ...state, progress } : state));
      });
      handle.current = current;
      try {
        const media = await current.promise;
        if (handle.current === current) setAttachment((state) => (state ? { ...state, progress: 1, media } : state));
      } catch (error) {
        if (error === UPLOAD_CANCELLED || handle.current !== current) return;
        release();
        setAttachment(null);
        setProblem(`${file.name} could not be uploaded: ${errorMessage(error)}`);
      } finally {
        if (handle.current === current) handle.current = null;
      }
    },
    [release],
  );

  /** Takes the attachment away: its upload stops and nothing is sent. */
  const remove = useCallback(() => {
    release();
    setAttachment(null);
  }, [release]);

  /** The attachment went with a message: the composer is empty again. */
  const sent = remove;

  const dismissProblem = useCallback(() => setProblem(null), []);

  return { attachment, problem, choose, remove, sent, dismissProblem };
}
