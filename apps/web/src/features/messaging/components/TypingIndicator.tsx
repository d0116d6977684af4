import { useAppSelector } from '../../../shared/store/hooks';
import { selectIsTyping } from '../model/chatSlice';

/** '<name> is typing…' while the other person types; it lapses on its own when they stop. */
export function TypingIndicator({ conversationId, userId, name }: { conversationId: string; userId: string; name: string }) {
  const typing = useAppSelector((state) => selectIsTyping(state, conversationId, userId));
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
