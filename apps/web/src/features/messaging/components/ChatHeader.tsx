import { Link } from 'react-router';
import { formatTokens, type Conversation, type Me } from '@cc/contracts';
import { Button, Icon } from '../../../shared/ui';
import { messagePrice } from '../lib/price';
import { blockState } from '../model/conversationList';
import { ChatIcon } from './ChatIcon';
import { PartyAvatar } from './PartyAvatar';

type Props = {
  conversation: Conversation;
  viewer: Me;
  typing: boolean;
  searchOpen: boolean;
  onToggleSearch: () => void;
  onBlock: () => void;
  onUnblock: () => void;
  blockBusy: boolean;
  onDelete: () => void;
};

/** Who the conversation is with (online, typing, their price), and what can be done with it. */
export function ChatHeader({ conversation, viewer, typing, searchOpen, onToggleSearch, onBlock, onUnblock, blockBusy, onDelete }: Props) {
  const { recipient } = conversation;
  const blockedByMe = blockState(conversation) === 'blockedByMe';
  // What a message costs is shown to the ones who pay it: ordinary members writing to a model.
  const price = messagePrice(viewer, recipient);
  return (
    <header className="chat-header">
      <Link to="/messages" className="chat-header__back" aria-label="Back to conversations">
        <ChatIcon name="back" size={22} />
      </Link>
      <PartyAvatar name={recipient.name} src={recipient.avatarUrl} online={recipient.isOnline} size={40} />
      <div className="chat-header__who">
        <h2 className="chat-header__name">{recipient.name}</h2>
        <p className="chat-header__status">
          <span className={typing ? 'chat-header__typing' : recipient.isOnline ? 'chat-header__online' : undefined}>
            {typing ? 'typing…' : recipient.isOnline ? 'Online' : 'Offline'}
          </span>
          {price !== null ? (
            <>
              <span className="chat-header__separator" aria-hidden="true">
                {' · '}
              </span>
              <span className="chat-header__price">{formatTokens(price)} tokens per message</span>
            </>
          ) : null}
        </p>
      </div>
      <div className="chat-header__actions">
        <button
          type="button"
          className={['chat-header__icon', searchOpen && 'is-active'].filter(Boolean).join(' ')}
          onClick={onToggleSearch}
          aria-pressed={searchOpen}
          aria-label="Search messages"
          title="Search messages"
        >
          <ChatIcon name="search" size={20} />
        </button>
        <Button variant="ghost" size="sm" onClick={blockedByMe ? onUnblock : onBlock} loading={blockBusy} className="chat-header__block">
          {blockedByMe ? 'Unblock' : 'Block'}
        </Button>
        <button type="button" className="chat-header__icon" onClick={onDelete} aria-label="Delete conversation" title="Delete conversation">
          <Icon name="trash" size={20} />
        </button>
      </div>
    </header>
  );
}
