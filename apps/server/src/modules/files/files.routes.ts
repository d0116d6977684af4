import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { files } from '../../db/schema';
import { notFound } from '../../platform/errors';

const paramsSchema = z.object({ id: z.uuid('That file id is not valid'), name: z.string().max(200).optional() });

/**
 * Downloads stored files. Public files (avatars, the favicon) go to anyone; private ones (model
 * verification documents) only to their owner and administrators. A refused file answers 404 so
 * its existence is not revealed.
 */
export function registerFileRoutes(app: FastifyInstance, ctx: AppContext) {
  const handler = app.withTypeProvider<ZodTypeProvider>();
  for (const url of ['/files/:id', '/files/:id/:name']) {
    handler.get(url, { schema: { tags: ['files'], params: paramsSchema, hide: url.endsWith(':id') } }, async (request, reply) => {
      const [file] = await ctx.db.select().from(files).where(eq(files.id, request.params.id)).limit(1);
      const viewer = request.auth?.user;
      const allowed = file && (file.visibility === 'public' || (viewer && (viewer.id === file.ownerId || viewer.role === 'admin')));
      if (!file || !allowed) throw notFound('That file does not exist or you cannot see it.');
      reply
        .header('content-type', file.mimeType)
        .header('content-length', file.size)
        .header('content-disposition', `inline; filename="${file.fileName.replace(/"/g, '')}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', file.visibility === 'public' ? 'public, max-age=86400' : 'private, no-store');
      return reply.send(ctx.storage.read(file.storageKey));
    });
  }
}
