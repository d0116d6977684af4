import { mediaRoutes as routes, type MediaType, type RouteSpec } from '@cc/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context';
import { currentAuth } from '../../platform/auth';
import { byUser } from '../../platform/rate-limit';
import { mountRoute, type RouteRequest } from '../../platform/routes';
import { receiveUpload } from '../../platform/uploads';
import { mediaPolicy } from './media.policies';
import { toMediaDto } from './media.presenter';
import type { MediaPreviews } from './media.previews';
import { privateFileHeaders, sendMediaFile } from './media.send';
import type { MediaService } from './media.service';

export type MediaServices = { media: MediaService; previews: MediaPreviews };

const UPLOADS = [
  [routes.uploadPhoto, 'photo'],
  [routes.uploadVideo, 'video'],
  [routes.uploadFile, 'file'],
] as const satisfies readonly (readonly [RouteSpec, MediaType])[];

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
    return sendMediaFile(reply, { file, rangeHeader: request.headers.range, storage: ctx.storage });
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
