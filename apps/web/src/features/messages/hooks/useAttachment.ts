import { useCallback, useEffect, useRef, useState } from 'react';
import type { MediaType } from '@cc/contracts';
import { errorMessage } from '../../../shared/api/apiError';
import { UPLOAD_CANCELLED, uploadMedia, type UploadHandle } from '../api/uploadMedia';
import { attachmentProblem, mediaKindOf } from '../lib/mediaRules';
import type { Outgoing } from './useSendMessage';

export type UploadState = { name: string; kind: MediaType; progress: number };

/**
 * Attach → check → upload (with progress and cancel) → send. The size and type are checked before
 * any byte leaves, so a wrong file is refused at once with what is wrong.
 */
export function useAttachment(send: (outgoing: Outgoing) => unknown) {
  const [upload, setUpload] = useState<UploadState | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const handle = useRef<UploadHandle | null>(null);

  useEffect(() => () => handle.current?.cancel(), []);

  const attach = useCallback(
    async (file: File) => {
      const refusal = attachmentProblem(file);
      setProblem(refusal);
      if (refusal) return;
      const kind = mediaKindOf(file);
      setUpload({ name: file.name, kind, progress: 0 });
      const current = uploadMedia(kind, file, (progress) => setUpload((state) => (state ? { ...state, progress } : state)));
      handle.current = current;
      try {
        const media = await current.promise;
        void send({ type: kind, text: '', media });
      } catch (error) {
        if (error !== UPLOAD_CANCELLED) setProblem(`${file.name} could not be uploaded: ${errorMessage(error)}`);
      } finally {
        if (handle.current === current) {
          handle.current = null;
          setUpload(null);
        }
      }
    },
    [send],
  );

  const cancel = useCallback(() => handle.current?.cancel(), []);
  const dismissProblem = useCallback(() => setProblem(null), []);

  return { upload, problem, attach, cancel, dismissProblem };
}
