import { messageRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { currentAuth } from '../../platform/auth';
import { byUser } from '../../platform/rate-limit';
import { mountRoute } from '../../platform/routes';
import type { BookmarksService } from './bookmarks.service';
import type { MessagesService } from './messages.service';

/** Thin handlers for messages and bookmarks: the route table parses and guards, a service acts. */
export function registerMessageRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'rateLimit'>,
  s: { messages: MessagesService; bookmarks: BookmarksService },
) {
  const viewerOf = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user.id;

  mountRoute(app, routes.latest, async (request) => s.messages.latest({ viewerId: viewerOf(request), query: request.query }));

  mountRoute(app, routes.searchBookmarks, async (request) => s.bookmarks.search({ viewerId: viewerOf(request), query: request.query }), {
    config: { rateLimit: ctx.rateLimit(60, '1 minute', byUser) },
  });

  mountRoute(app, routes.bookmark, async (request, reply) => {
    const { bookmark, created } = await s.bookmarks.add({ viewerId: viewerOf(request), messageId: request.body.messageId });
    if (!created) reply.status(200);
    return bookmark;
  });

  mountRoute(app, routes.removeBookmark, async (request) =>
    s.bookmarks.remove({ viewerId: viewerOf(request), bookmarkId: request.params.id }),
  );

  mountRoute(app, routes.list, async (request) =>
    s.messages.list({ viewerId: viewerOf(request), conversationId: request.params.conversationId, query: request.query }),
  );

  mountRoute(
    app,
    routes.send,
    async (request, reply) => {
      const { message, created } = await s.messages.send({ sender: currentAuth(request).user, input: request.body });
      if (!created) reply.status(200);
      return message;
    },
    { config: { rateLimit: ctx.rateLimit(120, '1 minute', byUser) } },
  );

  mountRoute(app, routes.remove, async (request) => s.messages.remove({ viewerId: viewerOf(request), messageId: request.params.id }));
}
