import { memo } from 'react';
import { NavLink } from 'react-router';
import type { Conversation } from '@cc/contracts';
import { useAppSelector } from '../../../shared/store/hooks';
import { RelativeTime } from '../../../shared/ui';
import { messagePreview } from '../lib/preview';
import { selectIsTyping } from '../model/chatSlice';
import { PartyAvatar } from './PartyAvatar';

type Props = { conversation: Conversation; viewerId: string; selected: boolean };

/** One row of the list: a link to the conversation with who, when, what was said last and how many are unread. */
export const ConversationListItem = memo(function ConversationListItem({ conversation, viewerId, selected }: Props) {
  const { recipient, lastMessage, unreadMessageCount } = conversation;
  const typing = useAppSelector((state) => selectIsTyping(state, conversation._id, recipient._id));
  const when = conversation.lastMessageAt ?? conversation.createdAt;
  const mine = lastMessage !== null && lastMessage.senderId === viewerId && !lastMessage.deletedAt;
  return (
    <NavLink
      to={`/messages/${encodeURIComponent(conversation._id)}`}
      className={['chat-item', selected && 'is-selected', unreadMessageCount > 0 && 'has-unread'].filter(Boolean).join(' ')}
      aria-current={selected ? 'page' : undefined}
    >
      <PartyAvatar name={recipient.name} src={recipient.avatarUrl} online={recipient.isOnline} />
      <span className="chat-item__body">
        <span className="chat-item__top">
          <span className="chat-item__name">{recipient.name}</span>
          {recipient.isOnline ? <span className="visually-hidden">, online</span> : null}
          <RelativeTime className="chat-item__time" iso={when} />
        </span>
        <span className="chat-item__bottom">
          {typing ? (
            <span className="chat-item__preview chat-item__preview--typing">typing…</span>
          ) : (
            <span className={['chat-item__preview', lastMessage?.deletedAt && 'chat-item__preview--deleted'].filter(Boolean).join(' ')}>
              {mine ? <span className="chat-item__you">You: </span> : null}
              {messagePreview(lastMessage)}
            </span>
          )}
          {unreadMessageCount > 0 ? (
            <span className="chat-item__unread" role="img" aria-label={`${unreadMessageCount} unread`}>
              {unreadMessageCount > 999 ? '999+' : unreadMessageCount}
            </span>
          ) : null}
        </span>
      </span>
    </NavLink>
  );
});
