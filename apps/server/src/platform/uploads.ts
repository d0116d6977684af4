import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeStream } from 'file-type';
import sharp from 'sharp';
import { ErrorCode } from '@cc/contracts';
import { files } from '../db/schema';
import type { DbOrTx } from './db';
import { AppError, badRequest } from './errors';
import type { Storage } from './storage';

export type FileRow = typeof files.$inferSelect;

export type UploadPolicy = {
  kind: FileRow['kind'];
  visibility: FileRow['visibility'];
  maxBytes: number;
  /** Types accepted, judged from the file's bytes, never from its name or the browser's claim. */
  accept: readonly { mime: string; ext: string }[];
  /** Avatars are re-encoded: a fixed square WebP, which also strips anything hidden in the file. */
  transform?: 'avatar' | 'strip-metadata';
  /** What the person is uploading, for messages ("Photo", "Document"). */
  label: string;
  /** Members' media: what the file was uploaded as, written to its row. */
  mediaType?: FileRow['mediaType'];
};

/** A file just written to storage, before its row exists. */
export type StoredUpload = { key: string; size: number; mimeType: string };

/** What a `describe` step learned about a stored file (dimensions, a thumbnail beside it). */
export type UploadDetails = Partial<Pick<FileRow, 'width' | 'height' | 'thumbnailKey'>>;

export const IMAGE_TYPES = [
  { mime: 'image/jpeg', ext: 'jpg' },
  { mime: 'image/png', ext: 'png' },
  { mime: 'image/webp', ext: 'webp' },
  { mime: 'image/gif', ext: 'gif' },
] as const;

/** Still images sharp can re-encode in place (GIFs may be animated and carry no EXIF; kept as sent). */
const REENCODABLE = new Map<string, 'jpeg' | 'png' | 'webp'>([
  ['image/jpeg', 'jpeg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
]);

export const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

/** The public address of a stored file; its name ends the path so `.ico` favicons keep their ending. */
export const fileUrl = (file: Pick<FileRow, 'id' | 'fileName'>) => `/api/files/${file.id}/${encodeURIComponent(file.fileName)}`;

/**
 * Receives the one file of a multipart request: checks its type from the first bytes and its size
 * while streaming to storage (refusing before the whole file is read), then records it.
 * Other multipart fields come back as strings for the route's schema to check, whether they come
 * before or after the file: a client may append them in any order (docs/product.md#compatibility).
 */
export async function receiveUpload(
  request: FastifyRequest,
  deps: { db: DbOrTx; storage: Storage },
  opts: {
    policy: UploadPolicy;
    ownerId: string | null;
    /**
     * Runs on the stored file before its row is written. Throwing refuses the upload (the stored
     * file is removed); keys it returns are removed too if the row cannot be written.
     */
    describe?: (stored: StoredUpload) => Promise<UploadDetails>;
  },
): Promise<{ file: FileRow; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data.');
  const { policy } = opts;
  const fields: Record<string, string> = {};
  let received: ReceivedFile | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: policy.maxBytes } })) {
      if (part.type === 'field') fields[part.fieldname] ??= String(part.value);
      else received = await storeFilePart(part, deps.storage, policy);
    }
  } catch (error) {
    // A later part failed (too many fields, a cut connection): the file stored so far goes too.
    if (received) await deps.storage.remove(received.stored.key);
    throw error;
  }
  if (!received) throw badRequest(`${policy.label}: choose a file to upload.`);
  const { stored, mime, ext, fileName } = received;

  let details: UploadDetails = {};
  try {
    if (opts.describe) details = await opts.describe({ key: stored.key, size: stored.size, mimeType: mime });
  } catch (error) {
    await deps.storage.remove(stored.key);
    throw error;
  }

  const baseName =
    (fileName || policy.kind)
      .replace(/\.[^.]*$/, '')
      .replace(/[^\w.-]+/g, '_')
      .slice(0, 80) || policy.kind;
  let file: FileRow | undefined;
  try {
    [file] = await deps.db
      .insert(files)
      .values({
        ownerId: opts.ownerId,
        kind: policy.kind,
        visibility: policy.visibility,
        storageKey: stored.key,
        fileName: `${baseName}.${ext}`,
        mimeType: mime,
        size: stored.size,
        mediaType: policy.mediaType ?? null,
        ...details,
      })
      .returning();
  } catch (error) {
    // No row means nobody could ever reach these bytes: do not keep them.
    await deps.storage.remove(stored.key);
    if (details.thumbnailKey) await deps.storage.remove(details.thumbnailKey);
    throw error;
  }
  return { file: file!, fields };
}

type ReceivedFile = { stored: { key: string; size: number }; mime: string; ext: string; fileName: string };

/** Streams one file part to storage: its type judged from its first bytes, its size while it streams. */
async function storeFilePart(part: MultipartFile, storage: Storage, policy: UploadPolicy): Promise<ReceivedFile> {
  const typed = await fileTypeStream(part.file, { sampleSize: 4100 });
  const accepted = policy.accept.find((t) => t.mime === typed.fileType?.mime);
  if (!accepted) {
    part.file.resume(); // discard the rest without reading it into memory
    const names = policy.accept.map((t) => t.ext.toUpperCase()).join(', ');
    throw new AppError(415, ErrorCode.UNSUPPORTED_FILE_TYPE, `${policy.label} must be one of: ${names}.`);
  }

  let content: Readable = typed;
  let mime: string = accepted.mime;
  let ext: string = accepted.ext;
  if (policy.transform === 'avatar') {
    content = typed.pipe(sharp({ failOn: 'error' }).rotate().resize(256, 256, { fit: 'cover' }).webp({ quality: 85 }));
    mime = 'image/webp';
    ext = 'webp';
  } else if (policy.transform === 'strip-metadata' && REENCODABLE.has(accepted.mime)) {
    // Photos members share are re-encoded in their own format: EXIF (GPS position, camera serial)
    // never reaches the other person, and the orientation it carried is applied to the pixels.
    content = typed.pipe(sharp({ failOn: 'error' }).rotate().toFormat(REENCODABLE.get(accepted.mime)!, { quality: 90 }));
  }

  let stored: { key: string; size: number };
  try {
    stored = await storage.put(content, { prefix: policy.kind, extension: ext });
  } catch (error) {
    if (part.file.truncated) throw tooLarge(policy);
    throw new AppError(422, ErrorCode.UNSUPPORTED_FILE_TYPE, `${policy.label} could not be read. Is the file damaged?`, {
      cause: String(error),
    });
  }
  if (part.file.truncated) {
    await storage.remove(stored.key);
    throw tooLarge(policy);
  }
  return { stored, mime, ext, fileName: part.filename };
}

const tooLarge = (policy: UploadPolicy) =>
  new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, `${policy.label} is too large: the limit is ${formatBytes(policy.maxBytes)}.`);
