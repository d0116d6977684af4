import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { ErrorCode, type MediaType } from '@cc/contracts';
import sharp from 'sharp';
import { AppError } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import type { StoredUpload, UploadDetails } from '../../platform/uploads';
import { grabFrame, type FrameResult, type VideoSource } from './media.frames';

/** Thumbnails and poster frames fit in this square: enough for a chat bubble or a card. */
export const THUMBNAIL_SIDE = 320;
const FRAME_TIMEOUT_MS = 20_000;
/** A full-size frame as JPEG; a 4K frame is a few MB, so anything past this is not a frame. */
const FRAME_MAX_BYTES = 32 * 1024 * 1024;

const toThumbnail = (input: string | Buffer) =>
  sharp(input, { failOn: 'error' })
    .autoOrient()
    .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 78, mozjpeg: true })
    .toBuffer();

/** Thumbnails live beside the media they belong to. */
const putJpeg = (storage: Storage, jpeg: Buffer) => storage.put(Readable.from([jpeg]), { prefix: 'media', extension: 'jpg' });

export type PreviewLog = { warn: (obj: object, msg: string) => void; info: (msg: string) => void };

/**
 * What the media module learns about a stored upload before writing its row: a photo's size and
 * thumbnail (a photo that cannot be decoded is refused), a video's size and poster frame when ffmpeg
 * is on PATH (without it, or when it fails, the video is kept without a poster).
 */
export function createMediaPreviews(deps: { storage: Storage; log: PreviewLog; ffmpegPath?: string }) {
  const { storage, log } = deps;
  const ffmpegPath = deps.ffmpegPath ?? 'ffmpeg';
  let toldMissing = false;

  async function describePhoto(stored: StoredUpload): Promise<UploadDetails> {
    // In memory, for sharp, when storage has no local path (the 20 MB limit bounds it).
    const input = storage.localPath ? storage.localPath(stored.key) : await buffer(storage.read(stored.key));
    let details: { width: number; height: number; jpeg: Buffer };
    try {
      const meta = await sharp(input, { failOn: 'error' }).metadata();
      details = { width: meta.autoOrient.width, height: meta.autoOrient.height, jpeg: await toThumbnail(input) };
    } catch (error) {
      throw new AppError(422, ErrorCode.UNSUPPORTED_FILE_TYPE, 'Photo could not be read. Is the file damaged?', { cause: String(error) });
    }
    const thumbnail = await putJpeg(storage, details.jpeg);
    return { width: details.width, height: details.height, thumbnailKey: thumbnail.key };
  }

  async function posterFrame(source: VideoSource): Promise<FrameResult> {
    const options = { ffmpegPath, timeoutMs: FRAME_TIMEOUT_MS, maxBytes: FRAME_MAX_BYTES };
    // One second in skips a black first frame; a shorter clip has nothing there, so take its start.
    const atOne = await grabFrame(source, { ...options, atSeconds: 1 });
    return atOne.ok || atOne.reason !== 'no-frame' ? atOne : grabFrame(source, { ...options, atSeconds: 0 });
  }

  async function describeVideo(stored: StoredUpload): Promise<UploadDetails> {
    const source: VideoSource = storage.localPath ? { path: storage.localPath(stored.key) } : { open: () => storage.read(stored.key) };
    try {
      const frame = await posterFrame(source);
      if (!frame.ok) {
        if (frame.reason !== 'missing')
          log.warn({ reason: frame.reason, key: stored.key }, 'video poster frame failed; keeping the video without one');
        else if (!toldMissing) log.info('ffmpeg is not on PATH: videos are kept without poster frames');
        toldMissing ||= frame.reason === 'missing';
        return {};
      }
      // ffmpeg applies the video's rotation, so the frame's size is the size the video shows at.
      const meta = await sharp(frame.jpeg).metadata();
      const poster = await putJpeg(storage, await toThumbnail(frame.jpeg));
      return { width: meta.width, height: meta.height, thumbnailKey: poster.key };
    } catch (error) {
      // A poster is a nicety: the video is still worth keeping without one.
      log.warn({ err: error, key: stored.key }, 'video poster frame failed; keeping the video without one');
      return {};
    }
  }

  return {
    describerFor(type: MediaType): ((stored: StoredUpload) => Promise<UploadDetails>) | undefined {
      if (type === 'photo') return describePhoto;
      if (type === 'video') return describeVideo;
      return undefined;
    },
  };
}
export type MediaPreviews = ReturnType<typeof createMediaPreviews>;
