import { useChatState } from '../model/chatStore';

/** '<name> is typing…' while the other person types; it lapses on its own when they stop. */
export function TypingIndicator({ conversationId, userId, name }: { conversationId: string; userId: string; name: string }) {
  const typing = useChatState((chat) => chat.typing[conversationId]?.userId === userId);
  return (
    <div className="chat-typing" role="status">
      {typing ? (
        <>
          <span className="chat-typing__dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          <span>{name} is typing…</span>
        </>
      ) : null}
    </div>
  );
}
