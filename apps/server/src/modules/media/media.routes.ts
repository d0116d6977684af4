import { mediaRoutes as routes, type MediaType, type RouteSpec } from '@cc/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context';
import { currentAuth } from '../../platform/auth';
import { byUser } from '../../platform/rate-limit';
import { mountRoute, type RouteRequest } from '../../platform/routes';
import { receiveUpload, type FileRow } from '../../platform/uploads';
import { mediaPolicy } from './media.policies';
import { toMediaDto } from './media.presenter';
import type { MediaPreviews } from './media.previews';
import { parseRange } from './media.ranges';
import type { MediaService } from './media.service';

export type MediaServices = { media: MediaService; previews: MediaPreviews };

const UPLOADS = [
  [routes.uploadPhoto, 'photo'],
  [routes.uploadVideo, 'video'],
  [routes.uploadFile, 'file'],
] as const satisfies readonly (readonly [RouteSpec, MediaType])[];

/** Headers every answer carrying a member's bytes sends: never sniffed, never cached by a shared cache. */
function privateFileHeaders(reply: FastifyReply, opts: { mimeType: string; disposition: 'inline' | 'attachment'; fileName: string }) {
  return reply
    .header('content-type', opts.mimeType)
    .header('content-disposition', `${opts.disposition}; filename="${opts.fileName.replace(/["\\\r\n]/g, '')}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
}

/** Photos and videos show in the page; anything else downloads, so a browser never renders it as ours. */
const dispositionOf = (file: FileRow) => (file.mediaType === 'photo' || file.mediaType === 'video' ? 'inline' : 'attachment');

export function registerMediaRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'storage' | 'rateLimit'>, s: MediaServices) {
  const uploadDeps = { db: ctx.db, storage: ctx.storage };

  for (const [route, type] of UPLOADS) {
    mountRoute(
      app,
      route,
      async (request) => {
        const { file } = await receiveUpload(request, uploadDeps, {
          policy: mediaPolicy(type),
          ownerId: currentAuth(request).user.id,
          describe: s.previews.describerFor(type),
        });
        return toMediaDto(file);
      },
      { config: { rateLimit: ctx.rateLimit(60, '1 minute', byUser) } },
    );
  }

  /** Sends the file, or the byte range asked for (video players seek with ranges). */
  async function download(request: RouteRequest<typeof routes.download>, reply: FastifyReply) {
    const file = await s.media.findReadable({ id: request.params.id, viewer: request.auth?.user });
    privateFileHeaders(reply, { mimeType: file.mimeType, disposition: dispositionOf(file), fileName: file.fileName }).header(
      'accept-ranges',
      'bytes',
    );
    const range = parseRange(request.headers.range, file.size);
    if (range === 'unsatisfiable') {
      return reply
        .status(416)
        .header('content-range', `bytes */${file.size}`)
        .header('content-type', 'application/json; charset=utf-8')
        .send({ code: 'RANGE_NOT_SATISFIABLE', msg: `The file is ${file.size} bytes long; that range is outside it.` });
    }
    if (!range) return reply.header('content-length', file.size).send(ctx.storage.read(file.storageKey));
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(ctx.storage.read(file.storageKey, range));
  }

  // <img> and <video> cannot send a bearer header, so this GET also accepts the accessToken cookie
  // (platform/auth.ts).
  mountRoute(app, routes.download, download);

  mountRoute(app, routes.thumbnail, async (request, reply) => {
    const { file, key } = await s.media.findThumbnail({ id: request.params.id, viewer: request.auth?.user });
    const fileName = `${file.fileName.replace(/\.[^.]*$/, '')}-thumbnail.jpg`;
    return privateFileHeaders(reply, { mimeType: 'image/jpeg', disposition: 'inline', fileName }).send(ctx.storage.read(key));
  });
}
