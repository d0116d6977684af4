import type { Conversation, ConversationRead, List, ProfileByUsername } from '@cc/contracts';
import type { Db } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { Presence } from '../../platform/presence';
import type { ConversationsRepository, ConversationViewRow } from './conversations.repository';
import { profileIn, type MemberProfiles } from './member-profiles';
import { toProfileByUsername } from '../accounts';
import { blockedIdsOf, toConversationDto, toMessageDto } from './messaging.presenter';
import type { MessageRow, MessagesRepository } from './messages.repository';

export const conversationNotFound = () => notFound('That conversation was not found.');

/** Conversations as each member sees them: listing, starting, hiding, blocking, reading. */
export function createConversationsService({
  db,
  conversations,
  messages,
  presence,
  events,
  profiles,
}: {
  db: Db;
  conversations: ConversationsRepository;
  messages: Pick<MessagesRepository, 'findByIds'>;
  presence: Pick<Presence, 'onlineAmong'>;
  events: EventBus;
  profiles: Pick<MemberProfiles, 'of'>;
}) {
  /**
   * Adds each row's last message (as the viewer sees it), whether the other person is online and
   * both members' profiles (one read for the page: the last messages' senders are members too).
   */
  async function present(rows: ConversationViewRow[], viewerId: string, known: MessageRow[] = []): Promise<Conversation[]> {
    const knownById = new Map(known.map((row) => [row.message.id, row]));
    const lastIds = rows.flatMap((row) => (row.lastMessageId && !knownById.has(row.lastMessageId) ? [row.lastMessageId] : []));
    const [fetched, online, people] = await Promise.all([
      messages.findByIds(lastIds, viewerId),
      presence.onlineAmong([...new Set(rows.map((row) => row.other.id))]),
      profiles.of([viewerId, ...rows.map((row) => row.other.id)]),
    ]);
    return rows.map((row) => {
      const last = row.lastMessageId ? (knownById.get(row.lastMessageId) ?? fetched.get(row.lastMessageId)) : undefined;
      const members = [profileIn(people, row.viewerId), profileIn(people, row.other.id)];
      const lastDto = last ? toMessageDto(last, profileIn(people, last.message.senderId)) : null;
      return toConversationDto(row, lastDto, online.has(row.other.id), members);
    });
  }

  /**
   * The viewer's view of one conversation, or undefined when they are not in it. A caller that
   * already holds the newest message (as the viewer sees it) passes it, saving its lookup.
   */
  async function viewOf(conversationId: string, viewerId: string, newest?: MessageRow): Promise<Conversation | undefined> {
    const row = await conversations.findView(conversationId, viewerId);
    return row ? (await present([row], viewerId, newest ? [newest] : []))[0] : undefined;
  }

  async function get({ viewerId, conversationId }: { viewerId: string; conversationId: string }): Promise<Conversation> {
    const view = await viewOf(conversationId, viewerId);
    if (!view) throw conversationNotFound();
    return view;
  }

  async function list({
    viewerId,
    query,
  }: {
    viewerId: string;
    query: { q?: string | undefined; limit: number; skip: number };
  }): Promise<List<Conversation>> {
    const { rows, count } = await conversations.listViews({ viewerId, ...query, q: query.q || undefined });
    return { items: await present(rows, viewerId), count };
  }

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

  return { list, get, viewOf, start, totalUnread, read, hide, setBlock, recipient };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
