import type { FastifyReply } from 'fastify';
import { errorBody } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import type { FileRow } from '../../platform/uploads';
import { parseRange } from './media.ranges';

type FileHeaders = { mimeType: string; disposition: 'inline' | 'attachment'; fileName: string };

/** Headers every answer carrying a member's bytes sends: never sniffed, never cached by a shared cache. */
export function privateFileHeaders(reply: FastifyReply, opts: FileHeaders) {
  return reply
    .header('content-type', opts.mimeType)
    .header('content-disposition', `${opts.disposition}; filename="${opts.fileName.replace(/["\\\r\n]/g, '')}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
}

/** Photos and videos show in the page; anything else downloads, so a browser never renders it as ours. */
export const dispositionOf = (file: Pick<FileRow, 'mediaType'>) =>
  file.mediaType === 'photo' || file.mediaType === 'video' ? 'inline' : 'attachment';

/**
 * Sends a member's media file the one way every download does (docs/product.md#media): private
 * headers, and the byte range asked for (video players seek with ranges), 416 outside the file.
 * The caller has already checked the viewer's right.
 */
export function sendMediaFile(
  reply: FastifyReply,
  { file, rangeHeader, storage }: { file: FileRow; rangeHeader: string | undefined; storage: Pick<Storage, 'read'> },
) {
  privateFileHeaders(reply, { mimeType: file.mimeType, disposition: dispositionOf(file), fileName: file.fileName }).header(
    'accept-ranges',
    'bytes',
  );
  const range = parseRange(rangeHeader, file.size);
  if (range === 'unsatisfiable') {
    return reply
      .status(416)
      .header('content-range', `bytes */${file.size}`)
      .header('content-type', 'application/json; charset=utf-8')
      .send(errorBody('RANGE_NOT_SATISFIABLE', `The file is ${file.size} bytes long; that range is outside it.`));
  }
  if (!range) return reply.header('content-length', file.size).send(storage.read(file.storageKey));
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(storage.read(file.storageKey, range));
}
