import { useMediaUpload, type MediaUpload } from '../../../shared/media/useMediaUpload';

/**
 * A file waiting in the composer: its local preview (a photo or a video's first frame, from the
 * file itself), then the uploaded media once the background upload is done.
 */
export type Attachment = MediaUpload;

/**
 * Choose → check → upload in the background → wait for Send (the shared upload, in the chat's
 * words). Nothing is sent (or charged) until the person sends; removing the attachment cancels its
 * upload.
 */
export function useAttachment() {
  const { upload, problem, choose, remove, dismissProblem } = useMediaUpload('sent');
  /** The attachment went with a message: the composer is empty again. */
  return { attachment: upload, problem, choose, remove, sent: remove, dismissProblem };
}
