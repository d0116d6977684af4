import { pipeline, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeStream } from 'file-type';
import sharp from 'sharp';
import { ErrorCode } from '@cc/contracts';
import { files } from '../db/schema';
import type { DbOrTx } from './db';
import { AppError, badRequest } from './errors';
import { refuseNulFields } from './nul-text';
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

/**
 * Room for the rest of a multipart body around the file: boundaries, part headers and the form's
 * other fields (app.ts lets a form carry 20 fields of 10,000 bytes). A body declared longer than
 * the file's limit plus this cannot hold a file within the limit.
 */
const ENVELOPE_ALLOWANCE = 1024 * 1024;

/**
 * An answer sent while the request's body is still arriving (an upload refused from its declared
 * length or its first bytes, or cut short by a limit) closes the connection, as Fastify does for a
 * JSON body over its limit: otherwise Node reads the rest of the body, up to the size a client
 * declared, only to throw it away before the connection can carry another request
 * (docs/product.md#media).
 */
export function closeConnectionsWithUnreadBodies(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (request.raw.complete === false) void reply.header('connection', 'close');
  });
}

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
  // Refused from the headers alone, before a byte of the body is read (the answer then closes the
  // connection, see closeConnectionsWithUnreadBodies; docs/product.md#media).
  const declared = Number(request.headers['content-length']);
  if (declared > policy.maxBytes + ENVELOPE_ALLOWANCE) throw tooLarge(policy);
  const fields: Record<string, string> = {};
  let received: ReceivedFile | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: policy.maxBytes } })) {
      if (part.type === 'field') fields[part.fieldname] ??= String(part.value);
      else received = await storeFilePart(part, deps.storage, policy);
    }
    refuseNulFields(fields);
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

/**
 * Streams one file part to storage: its type judged from its first bytes, its size while it streams.
 * Every stage is joined with `pipeline`, so a connection cut mid-file (or a request timeout) fails
 * the whole chain: storage removes what it wrote, its descriptor is closed and the handler answers,
 * where `.pipe` would leave the re-encoder and the file waiting for bytes that never come
 * (docs/product.md#media).
 */
async function storeFilePart(part: MultipartFile, storage: Storage, policy: UploadPolicy): Promise<ReceivedFile> {
  const typed = await fileTypeStream(part.file, { sampleSize: 4100 });
  const accepted = policy.accept.find((t) => t.mime === typed.fileType?.mime);
  if (!accepted) {
    // The rest is not read: the refusal goes out at once and its connection closes.
    typed.destroy();
    const names = policy.accept.map((t) => t.ext.toUpperCase()).join(', ');
    throw new AppError(415, ErrorCode.UNSUPPORTED_FILE_TYPE, `${policy.label} must be one of: ${names}.`);
  }

  let content: Readable = typed;
  let mime: string = accepted.mime;
  let ext: string = accepted.ext;
  const unchained = () => undefined; // storage.put observes the chain's end or failure
  if (policy.transform === 'avatar') {
    content = pipeline(typed, sharp({ failOn: 'error' }).rotate().resize(256, 256, { fit: 'cover' }).webp({ quality: 85 }), unchained);
    mime = 'image/webp';
    ext = 'webp';
  } else if (policy.transform === 'strip-metadata' && REENCODABLE.has(accepted.mime)) {
    // Photos members share are re-encoded in their own format: EXIF (GPS position, camera serial)
    // never reaches the other person, and the orientation it carried is applied to the pixels.
    content = pipeline(typed, sharp({ failOn: 'error' }).rotate().toFormat(REENCODABLE.get(accepted.mime)!, { quality: 90 }), unchained);
  }
  // Past the limit the rest of the file is not read: the chain stops and the upload is refused.
  part.file.once('limit', () => content.destroy(tooLarge(policy)));

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
