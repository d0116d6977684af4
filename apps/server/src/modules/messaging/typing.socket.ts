import { TYPING_TTL_MS } from '@cc/contracts';
import type { AppContext } from '../../app-context';
import { emitToUser, onClientEvent, type AppServerSocket, type Io } from '../../platform/socket';
import type { ConversationsRepository } from './conversations.repository';

type Deps = {
  io: () => Io;
  onSocketConnection: AppContext['onSocketConnection'];
  conversationsRepo: Pick<ConversationsRepository, 'findMembership'>;
};

/** How long a socket trusts what it learned about a conversation (membership is forever; blocks change). */
export const TYPING_CACHE_MS = TYPING_TTL_MS * 2;
const TYPING_CACHE_MAX = 200;
const TYPING_QUEUE_MAX = 20;

/**
 * Relays typing between the two members of a conversation, from each socket one event at a time.
 * What a socket learned is trusted for `TYPING_CACHE_MS`, or until `blockChangedAt` says a block
 * changed on this process since.
 */
export function relayTyping({ io, onSocketConnection, conversationsRepo }: Deps, blockChangedAt: Map<string, number>) {
  onSocketConnection((socket: AppServerSocket) => {
    /** Conversations this socket asked about: the other member (null when not a participant) and whether typing may pass. */
    const known = new Map<string, { otherUserId: string | null; mayType: boolean; checkedAt: number }>();

    async function typingTarget(conversationId: string): Promise<string | null> {
      const cached = known.get(conversationId);
      const now = Date.now();
      const fresh = cached && now - cached.checkedAt < TYPING_CACHE_MS && (blockChangedAt.get(conversationId) ?? 0) < cached.checkedAt;
      if (cached && (fresh || cached.otherUserId === null)) return cached.mayType ? cached.otherUserId : null;
      const membership = await conversationsRepo.findMembership(conversationId, socket.data.userId);
      if (known.size >= TYPING_CACHE_MAX) known.clear();
      const entry = {
        otherUserId: membership?.otherUserId ?? null,
        mayType: Boolean(membership && !membership.blocksOther && !membership.otherBlocksMe),
        checkedAt: now,
      };
      known.set(conversationId, entry);
      return entry.mayType ? entry.otherUserId : null;
    }

    // One event at a time per socket, so "stopped typing" never overtakes the "typing" before it;
    // a socket flooding faster than the lookups finish loses the surplus instead of queueing it.
    let queue = Promise.resolve();
    let waiting = 0;
    onClientEvent(socket, 'conversation:typing', ({ conversationId, typing }) => {
      if (waiting >= TYPING_QUEUE_MAX) return;
      waiting++;
      queue = queue
        .then(async () => {
          waiting--;
          const otherUserId = await typingTarget(conversationId);
          if (otherUserId) emitToUser(io(), otherUserId, 'conversation:typing', { conversationId, userId: socket.data.userId, typing });
        })
        // Typing is a courtesy: a failed lookup drops one indicator, nothing more.
        .catch(() => undefined);
    });
  });
}
