import type { Conversation, List } from '@cc/contracts';
import { notFound } from '../../platform/errors';
import type { Presence } from '../../platform/presence';
import type { ConversationsRepository, ConversationViewRow } from './conversations.repository';
import { profileIn, type MemberProfiles } from './member-profiles';
import { toConversationDto, toMessageDto } from './messaging.presenter';
import type { MessageRow, MessagesRepository } from './messages.repository';

export const conversationNotFound = () => notFound('That conversation was not found.');

/** Conversations as the viewer sees them: one, or a page of their list, each presented in full. */
export function createConversationViewing({
  conversations,
  messages,
  presence,
  profiles,
}: {
  conversations: Pick<ConversationsRepository, 'findView' | 'listViews'>;
  messages: Pick<MessagesRepository, 'findByIds'>;
  presence: Pick<Presence, 'onlineAmong'>;
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

  return { list, get, viewOf };
}
