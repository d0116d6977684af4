import { fileRoutes as routes } from '@cc/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { notFound } from '../../platform/errors';
import { mountRoute } from '../../platform/routes';
import { createFilesRepository, type StoredFileRow } from './files.repository';

/** Public files go to anyone; private ones (verification documents) to their owner and administrators. */
const maySee = (file: StoredFileRow, viewer: FastifyRequest['auth']) =>
  file.visibility === 'public' || (viewer !== null && (viewer.user.id === file.ownerId || viewer.user.role === 'admin'));

/**
 * Downloads stored files. A refused file answers 404 so its existence is not revealed. The name in
 * the longer path is cosmetic (it keeps a favicon's `.ico` ending).
 */
export function registerFileRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'storage'>) {
  const repo = createFilesRepository(ctx.db);

  async function sendFile(request: FastifyRequest & { params: { id: string } }, reply: FastifyReply) {
    const file = await repo.findById(request.params.id);
    if (!file || !maySee(file, request.auth)) throw notFound('That file does not exist or you cannot see it.');
    return reply
      .header('content-type', file.mimeType)
      .header('content-length', file.size)
      .header('content-disposition', `inline; filename="${file.fileName.replace(/"/g, '')}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', file.visibility === 'public' ? 'public, max-age=86400' : 'private, no-store')
      .send(ctx.storage.read(file.storageKey));
  }

  mountRoute(app, routes.download, sendFile);
  mountRoute(app, routes.downloadNamed, sendFile);
}
