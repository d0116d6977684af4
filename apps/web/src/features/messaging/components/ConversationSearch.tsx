import { useState } from 'react';
import type { Message } from '@cc/contracts';
import { errorMessage } from '../../../shared/api/apiError';
import { Icon, Spinner } from '../../../shared/ui';
import { useGetMessagePageQuery } from '../api/messagingApi';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { MEDIA_LABEL } from '../lib/mediaRules';
import { formatExact } from '../../../shared/format';
import { ChatIcon } from './ChatIcon';

const RESULTS = 50;

type Props = { conversationId: string; viewerId: string; recipientName: string; onPick: (message: Message) => void; onClose: () => void };

/** Search within the conversation (the server searches the text); a result scrolls the history to it. */
export function ConversationSearch({ conversationId, viewerId, recipientName, onPick, onClose }: Props) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const search = useGetMessagePageQuery({ conversationId, q, limit: RESULTS }, { skip: !q });
  const results = q ? search.currentData : undefined;

  return (
    <div className="chat-search">
      <div className="chat-search__bar" role="search">
        <ChatIcon name="search" size={18} className="chat-search__icon" />
        <input
          type="search"
          className="ui-input chat-search__input"
          aria-label="Search in this conversation"
          placeholder="Search messages"
          value={text}
          maxLength={100}
          // Opened on purpose by the search button: the person wants to type now.
          autoFocus
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onClose();
          }}
        />
        <button type="button" className="chat-header__icon" onClick={onClose} aria-label="Close search">
          <Icon name="close" size={18} />
        </button>
      </div>
      {q ? (
        <div className="chat-search__results" aria-live="polite">
          {search.isFetching && !results ? (
            <p className="chat-search__note">
              <Spinner size={14} /> Searching…
            </p>
          ) : search.isError ? (
            <p className="chat-search__note">{errorMessage(search.error)}</p>
          ) : results ? (
            <>
              <p className="chat-search__note">
                {results.count === 0
                  ? `No messages match “${q}”.`
                  : `${results.count} ${results.count === 1 ? 'message' : 'messages'} found`}
              </p>
              {results.items.length ? (
                <ul className="chat-search__list">
                  {results.items.map((message) => (
                    <li key={message._id}>
                      <button type="button" className="chat-search__result" onClick={() => onPick(message)}>
                        <span className="chat-search__who">{message.senderId === viewerId ? 'You' : recipientName}</span>
                        <time className="chat-search__when" dateTime={message.createdAt}>
                          {formatExact(message.createdAt)}
                        </time>
                        <span className="chat-search__text">
                          {message.text || (message.type !== 'text' ? MEDIA_LABEL[message.type] : '')}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
