import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { createBookmarksRepository } from './bookmarks.repository';
import { createBookmarksService } from './bookmarks.service';
import { createConversationsRepository } from './conversations.repository';
import { registerConversationRoutes } from './conversations.routes';
import { createConversationsService } from './conversations.service';
import { createMessagesRepository } from './messages.repository';
import { registerMessageRoutes } from './messages.routes';
import { createMemberProfiles } from './member-profiles';
import { createMessagesService } from './messages.service';
import { registerMessagingSocket } from './messaging.socket';

/** Messaging: conversations, messages, bookmarks, pay per message, live events, typing and presence. */
export async function messagingModule(app: FastifyInstance, ctx: AppContext) {
  const { db, events, ledger } = ctx;
  const conversationsRepo = createConversationsRepository(db);
  const messagesRepo = createMessagesRepository(db);
  const profiles = createMemberProfiles({ members: ctx.members, events });

  const conversations = createConversationsService({
    db,
    conversations: conversationsRepo,
    messages: messagesRepo,
    presence: ctx.presence,
    events,
    profiles,
  });
  const messages = createMessagesService({ db, conversations: conversationsRepo, messages: messagesRepo, ledger, events, profiles });
  const bookmarks = createBookmarksService({
    bookmarks: createBookmarksRepository(db),
    conversations: conversationsRepo,
    messages: messagesRepo,
    profiles,
  });

  registerConversationRoutes(app, { conversations });
  registerMessageRoutes(app, ctx, { messages, bookmarks });

  // A participant may read what was sent in their conversation, until the sender deletes it (docs/product.md#media).
  ctx.mediaAccess.addRule((file, viewerId) => messagesRepo.isAttachmentVisibleTo(file.id, viewerId));

  const unsubscribe = registerMessagingSocket({
    events,
    io: ctx.io,
    onSocketConnection: ctx.onSocketConnection,
    conversations,
    conversationsRepo,
    presence: ctx.presence,
    profiles,
    legacyEvents: () => ctx.settings.cached('legacySocketEvents'),
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    profiles.close();
  });
}
