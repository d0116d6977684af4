import { conversationRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import { currentAuth } from '../../platform/auth';
import { mountRoute } from '../../platform/routes';
import type { ConversationsService } from './conversations.service';

/** Thin handlers: the route table parses and guards (every route needs a signed-in member), the service acts. */
export function registerConversationRoutes(app: FastifyInstance, { conversations }: { conversations: ConversationsService }) {
  const viewerOf = (request: Parameters<typeof currentAuth>[0]) => currentAuth(request).user.id;

  mountRoute(app, routes.list, async (request) => conversations.list({ viewerId: viewerOf(request), query: request.query }));

  mountRoute(app, routes.start, async (request, reply) => {
    const { conversation, created } = await conversations.start({ viewerId: viewerOf(request), userId: request.body.userId });
    if (!created) reply.status(200);
    return conversation;
  });

  mountRoute(app, routes.totalUnread, async (request) => ({ count: await conversations.totalUnread(viewerOf(request)) }));

  mountRoute(app, routes.get, async (request) => conversations.get({ viewerId: viewerOf(request), conversationId: request.params.id }));

  mountRoute(app, routes.hide, async (request) => {
    await conversations.hide({ viewerId: viewerOf(request), conversationId: request.params.id });
    return { ok: true as const };
  });

  for (const [route, block] of [
    [routes.block, true],
    [routes.unblock, false],
  ] as const) {
    mountRoute(app, route, async (request) =>
      conversations.setBlock({ viewerId: viewerOf(request), conversationId: request.params.id, block }),
    );
  }

  mountRoute(app, routes.recipient, async (request) =>
    conversations.recipient({ viewerId: viewerOf(request), conversationId: request.params.id }),
  );

  mountRoute(app, routes.read, async (request) => conversations.read({ viewerId: viewerOf(request), conversationId: request.params.id }));
}
