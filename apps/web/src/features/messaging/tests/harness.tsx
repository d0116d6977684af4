import { Outlet } from 'react-router';
import type { Conversation, ConversationParty, Media, Me, Message } from '@cc/contracts';
import { buildMe } from '../../../../test/factories';
import { renderApp } from '../../../../test/renderApp';
import { MessagesNavLink, useMessagingLive } from '../index';
import BookmarksPage from '../pages/BookmarksPage';
import ConversationPane from '../pages/ConversationPane';
import MessagesPage from '../pages/MessagesPage';

// ---- people and data -----------------------------------------------------------------------------

export const VIEWER: Me = buildMe({ _id: '00000000-0000-4000-8000-0000000000aa', name: 'Ada Lovelace', username: 'ada_l', type: 'user' });

let serial = 0;
export const uuid = () => `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

export function aParty(overrides: Partial<ConversationParty> = {}): ConversationParty {
  return {
    _id: uuid(),
    username: 'ruby',
    name: 'Ruby Rose',
    avatarUrl: null,
    type: 'model',
    tokenPerMessage: 1.5,
    isOnline: false,
    ...overrides,
  };
}

export function aConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    _id: uuid(),
    recipient: aParty(),
    members: [],
    blockedIds: [],
    haveBeenBlockStatus: false,
    unreadMessageCount: 0,
    lastMessageId: null,
    lastMessage: null,
    lastMessageAt: null,
    recipientReadSeq: 0,
    createdAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

export function aMessage(overrides: Partial<Message> = {}): Message {
  const id = overrides._id ?? uuid();
  return {
    _id: id,
    conversationId: 'c-1',
    senderId: VIEWER._id,
    sender: buildMe({ _id: overrides.senderId ?? VIEWER._id }),
    clientId: `client-${id}`,
    type: 'text',
    text: 'Hello',
    media: null,
    price: 0,
    earned: null,
    seq: 1,
    createdAt: new Date().toISOString(),
    deletedAt: null,
    bookmarked: false,
    bookmarkId: null,
    ...overrides,
  };
}

export function aMedia(overrides: Partial<Media> = {}): Media {
  const id = overrides._id ?? uuid();
  return {
    _id: id,
    type: 'photo',
    name: 'beach.jpg',
    mimeType: 'image/jpeg',
    size: 204_800,
    url: `/api/media/${id}/download/`,
    thumbnailUrl: `/api/media/${id}/thumbnail`,
    width: 1200,
    height: 800,
    createdAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

/** Messages in the order the server answers them: newest first. */
export const newestFirst = (messages: Message[]) => [...messages].sort((a, b) => b.seq - a.seq);

// ---- rendering -------------------------------------------------------------------------------------

/** What the shell will do: the live hook mounted once, the nav link in the top bar. */
function Frame() {
  useMessagingLive();
  return (
    <>
      <header>
        <MessagesNavLink />
      </header>
      <Outlet />
    </>
  );
}

/**
 * The chat pages signed in as VIEWER, with the live hook and nav link the shell gives them, on the
 * one socket (`live`: the test plays the server's events with `live.receive`).
 */
export function renderChat(path = '/messages', me: Me = VIEWER) {
  return renderApp(
    [
      {
        Component: Frame,
        children: [
          { path: '/messages', Component: MessagesPage, children: [{ path: ':conversationId', Component: ConversationPane }] },
          { path: '/bookmarks', Component: BookmarksPage },
          { path: '/tokens', element: <p>Tokens page</p> },
          { path: '/models', element: <p>Models page</p> },
          { path: '/models/:username', element: <p>Model profile</p> },
        ],
      },
    ],
    { path, me, live: true },
  );
}
