import type { Conversation, ConversationRead, ProfileByUsername } from '@cc/contracts';
import type { Db } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import { toProfileByUsername } from '../accounts';
import { conversationNotFound } from './conversation-views.service';
import type { ConversationsRepository } from './conversations.repository';
import { blockedIdsOf } from './messaging.presenter';

type Deps = {
  db: Db;
  conversations: ConversationsRepository;
  events: EventBus;
  /** The viewer's view of a conversation, as answered after a change (conversation-views.service.ts). */
  get: (input: { viewerId: string; conversationId: string }) => Promise<Conversation>;
};

/** What a member does to a conversation: start it, and hide or read it. */
export function createConversationActions({ db, conversations, events, get }: Deps) {
  /** The pair's conversation: new (created true) or the existing one, shown again in the requester's list. */
  async function start({
    viewerId,
    userId,
  }: {
    viewerId: string;
    userId: string;
  }): Promise<{ conversation: Conversation; created: boolean }> {
    if (userId === viewerId)
      throw badRequest('You cannot start a conversation with yourself.', { fields: { userId: 'Choose another member' } });
    if (!(await conversations.findStartable(userId))) throw notFound('That member was not found.');
    const { id, created } = await db.transaction(async (tx) => {
      const pair = await conversations.findOrCreatePair(viewerId, userId, tx);
      if (!pair.created) await conversations.unhide(pair.id, viewerId, tx);
      return pair;
    });
    return { conversation: await get({ viewerId, conversationId: id }), created };
  }

  /** The viewer's unread messages over all their conversations. */
  const totalUnread = (viewerId: string) => conversations.totalUnread(viewerId);

  /** Moves the viewer's read position to the newest message; tells both sides after it is stored. */
  async function read({
    viewerId,
    conversationId,
    hide = false,
  }: {
    viewerId: string;
    conversationId: string;
    hide?: boolean;
  }): Promise<ConversationRead> {
    const membership = await conversations.findMembership(conversationId, viewerId);
    if (!membership) throw conversationNotFound();
    const readSeq = (await conversations.markRead(conversationId, viewerId, { hide })) ?? 0;
    events.publish('conversation.read', { conversationId, readerId: viewerId, otherUserId: membership.otherUserId, readSeq });
    return { conversationId, readSeq, unreadMessageCount: 0, totalUnread: await conversations.totalUnread(viewerId) };
  }

  /** Deleting a conversation hides it from the requester's list only (and reads it); a new message brings it back. */
  async function hide({ viewerId, conversationId }: { viewerId: string; conversationId: string }) {
    await read({ viewerId, conversationId, hide: true });
  }

  return { start, totalUnread, read, hide };
}

/** Blocking the other member, and their profile card. */
export function createConversationPeople({ conversations, events, get }: Omit<Deps, 'db'>) {
  /** The requester blocks (or stops blocking) the other person; either block stops both sides sending. */
  async function setBlock({
    viewerId,
    conversationId,
    block,
  }: {
    viewerId: string;
    conversationId: string;
    block: boolean;
  }): Promise<Conversation> {
    const membership = await conversations.findMembership(conversationId, viewerId);
    if (!membership) throw conversationNotFound();
    await conversations.setBlocksOther(conversationId, viewerId, block);
    const view = await get({ viewerId, conversationId });
    events.publish('conversation.blocked', {
      conversationId,
      userIds: [viewerId, membership.otherUserId],
      blockedIds: blockedIdsOf({
        viewerId,
        blocksOther: block,
        otherBlocksViewer: view.haveBeenBlockStatus,
        other: { id: membership.otherUserId },
      }),
    });
    return view;
  }

  /** The other person's profile card, with the viewer's favourite of them. */
  async function recipient({ viewerId, conversationId }: { viewerId: string; conversationId: string }): Promise<ProfileByUsername> {
    const membership = await conversations.findMembership(conversationId, viewerId);
    if (!membership) throw conversationNotFound();
    const profile = await conversations.findProfile(membership.otherUserId, viewerId);
    if (!profile) throw conversationNotFound();
    return toProfileByUsername(profile.user, profile.avatar, profile.contactId);
  }

  return { setBlock, recipient };
}
