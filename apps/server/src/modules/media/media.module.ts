import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { createMediaPreviews } from './media.previews';
import { createMediaRepository } from './media.repository';
import { registerMediaRoutes } from './media.routes';
import { createMediaService } from './media.service';

// For features that attach media to what they own (messages, items): look rows up, shape DTOs.
// For features that hand out a member's file themselves (a purchase's download): the same headers and ranges.

/** Media: uploads of photos, videos and files, and downloads checked against the viewer's right. */
export async function mediaModule(app: FastifyInstance, ctx: AppContext) {
  const repo = createMediaRepository(ctx.db);
  registerMediaRoutes(app, ctx, {
    media: createMediaService({ repo, mediaAccess: ctx.mediaAccess }),
    previews: createMediaPreviews({ storage: ctx.storage, log: ctx.log }),
  });
}
