import { postsRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { adminActor } from '../../platform/audit';
import { byUser } from '../../platform/rate-limit';
import { mountRoute } from '../../platform/routes';
import { fileUrl, receiveUpload, type UploadPolicy } from '../../platform/uploads';
import type { ListedPost } from './posts.repository';
import { toPostDto, toPostSummaryDto } from './posts.presenter';
import type { PostsService } from './posts.service';

/** JPEG, PNG or WebP judged from the bytes, up to 5 MB, re-encoded so camera metadata never goes public. */
const COVER_POLICY: UploadPolicy = {
  kind: 'site',
  visibility: 'public',
  maxBytes: 5 * 1024 * 1024,
  accept: [
    { mime: 'image/jpeg', ext: 'jpg' },
    { mime: 'image/png', ext: 'png' },
    { mime: 'image/webp', ext: 'webp' },
  ],
  transform: 'strip-metadata',
  label: 'Cover image',
};

const list = ({ rows, count }: { rows: ListedPost[]; count: number }) => ({ items: rows.map(toPostSummaryDto), count });

/** Everyone reads published posts; administrators write, publish, unpublish and delete them. */
export function registerPostRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'db' | 'storage' | 'rateLimit'>,
  { posts }: { posts: PostsService },
) {
  mountRoute(app, routes.list, async (request) => list(await posts.listPublished(request.query)));

  mountRoute(app, routes.get, async (request) => toPostDto(await posts.getPublished(request.params.id)));

  mountRoute(app, routes.adminList, async (request) => list(await posts.listAll(request.query)));

  mountRoute(app, routes.adminGet, async (request) => toPostDto(await posts.getForAdmin(request.params.id)));

  mountRoute(app, routes.create, async (request) => toPostDto(await posts.create(adminActor(request), request.body)));

  mountRoute(app, routes.update, async (request) => toPostDto(await posts.update(adminActor(request), request.params.id, request.body)));

  mountRoute(app, routes.publish, async (request) => toPostDto(await posts.publish(adminActor(request), request.params.id)));

  mountRoute(app, routes.unpublish, async (request) => toPostDto(await posts.unpublish(adminActor(request), request.params.id)));

  mountRoute(app, routes.remove, async (request) => {
    await posts.remove(adminActor(request), request.params.id);
    return null;
  });

  mountRoute(
    app,
    routes.uploadCover,
    async (request) => {
      const actor = adminActor(request);
      const { file } = await receiveUpload(request, ctx, { policy: COVER_POLICY, ownerId: actor.id });
      await posts.recordCoverUpload(actor, file);
      return { _id: file.id, url: fileUrl(file) };
    },
    { config: { rateLimit: ctx.rateLimit(60, '10 minutes', byUser) } },
  );
}
