import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { createPostsRepository } from './posts.repository';
import { registerPostRoutes } from './posts.routes';
import { createPostsService } from './posts.service';

/** Posts: articles administrators write and publish (docs/product.md#posts). */
export async function postsModule(app: FastifyInstance, ctx: AppContext) {
  const posts = createPostsService({ db: ctx.db, repo: createPostsRepository(ctx.db), audit: ctx.audit, storage: ctx.storage });
  registerPostRoutes(app, ctx, { posts });
}
