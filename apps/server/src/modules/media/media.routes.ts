import { dataOf, errorBodySchema, idParamSchema, mediaSchema, MEDIA_LIMITS, MEDIA_TYPES, type MediaType } from '@cc/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { currentAuth } from '../../platform/auth';
import { byUser } from '../../platform/rate-limit';
import { formatBytes, receiveUpload, type FileRow } from '../../platform/uploads';
import { mediaPolicy } from './media.policies';
import { toMediaDto } from './media.presenter';
import type { MediaPreviews } from './media.previews';
import { parseRange } from './media.ranges';
import type { MediaService } from './media.service';

export type MediaServices = { media: MediaService; previews: MediaPreviews };

const errors = { '4xx': errorBodySchema };
const bearer = [{ bearer: [] }];
const UPLOAD_PATHS: Record<MediaType, string> = { photo: '/media/photos', video: '/media/videos', file: '/media/files' };

const typesOf = (type: MediaType) => MEDIA_TYPES[type].map((t) => t.ext.toUpperCase()).join(', ');

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
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: app.requireUser };
  const uploadDeps = { db: ctx.db, storage: ctx.storage };

  for (const [type, url] of Object.entries(UPLOAD_PATHS) as [MediaType, string][]) {
    api.post(
      url,
      {
        ...signedIn,
        config: { rateLimit: ctx.rateLimit(60, '1 minute', byUser) },
        schema: {
          tags: ['media'],
          summary: `Upload a ${type} (multipart field "file": ${typesOf(type)} up to ${formatBytes(MEDIA_LIMITS[type])})`,
          security: bearer,
          consumes: ['multipart/form-data'],
          response: { 201: dataOf(mediaSchema), ...errors },
        },
      },
      async (request, reply) => {
        const { user } = currentAuth(request);
        const { file } = await receiveUpload(request, uploadDeps, {
          policy: mediaPolicy(type),
          ownerId: user.id,
          describe: s.previews.describerFor(type),
        });
        return reply.status(201).send({ data: toMediaDto(file) });
      },
    );
  }

  // The spec writes the download with its trailing slash; both spellings answer. <img> and <video>
  // cannot send a bearer header, so these GETs also accept the accessToken cookie (platform/auth.ts).
  for (const url of ['/media/:id/download/', '/media/:id/download']) {
    api.get(
      url,
      {
        schema: {
          tags: ['media'],
          summary: 'The file itself, for its owner and whoever a feature lets see it (ranges supported)',
          security: bearer,
          params: idParamSchema,
          hide: url.endsWith('download'),
        },
      },
      async (request, reply) => {
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
      },
    );
  }

  api.get(
    '/media/:id/thumbnail',
    {
      schema: {
        tags: ['media'],
        summary: "A photo's thumbnail or a video's poster frame (JPEG); 404 when there is none",
        security: bearer,
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      const { file, key } = await s.media.findThumbnail({ id: request.params.id, viewer: request.auth?.user });
      const fileName = `${file.fileName.replace(/\.[^.]*$/, '')}-thumbnail.jpg`;
      return privateFileHeaders(reply, { mimeType: 'image/jpeg', disposition: 'inline', fileName }).send(ctx.storage.read(key));
    },
  );
}
