import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import type { Conversation, ConversationParty, Media, Me, Message, ServerEventName, ServerEventPayload } from '@cc/contracts';
import { buildMe } from '../../../../test/factories';
import { createAppStore } from '../../../app/store';
import { setLogin } from '../../../shared/auth/authSlice';
import { closeSocket, openSocket, type AppSocket } from '../../../shared/socket/socketClient';
import { MessagesNavLink, useMessagingLive } from '../index';
import BookmarksPage from '../pages/BookmarksPage';
import ConversationPane from '../pages/ConversationPane';
import MessagesPage from '../pages/MessagesPage';

export { fakeServer, type FakeRequest } from '../../../../test/fakeApi';

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

// ---- the socket ------------------------------------------------------------------------------------

type Listener = (...args: unknown[]) => void;

/** A stand-in for the one socket: tests play the server's events and read what the client emitted. */
export function fakeSocket() {
  const handlers = new Map<string, Set<Listener>>();
  const emitted: { event: string; payload: unknown }[] = [];
  const socket = {
    connected: true,
    on(event: string, fn: Listener) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(fn);
      return socket;
    },
    off(event: string, fn: Listener) {
      handlers.get(event)?.delete(fn);
      return socket;
    },
    emit(event: string, payload: unknown) {
      emitted.push({ event, payload });
      return socket;
    },
    removeAllListeners() {
      handlers.clear();
      return socket;
    },
    disconnect() {
      socket.connected = false;
      return socket;
    },
    io: { on: () => undefined, removeAllListeners: () => undefined },
  };
  /** The server sends an event, its payload as it travels (amounts in tokens), or the link changes state. */
  function send<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void;
  function send(event: 'connect' | 'disconnect'): void;
  function send(event: string, payload?: unknown) {
    act(() => {
      for (const fn of handlers.get(event) ?? []) fn(payload);
    });
  }
  return { socket, emitted, send };
}

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

/** The chat pages with the real store, router, live hook and nav link, signed in as VIEWER, on a fake socket. */
export function renderChat(path = '/messages', me: Me = VIEWER) {
  document.cookie = 'accessToken=test-token; path=/';
  const store = createAppStore();
  store.dispatch(setLogin(me));
  const live = fakeSocket();
  openSocket('test-token', store.dispatch, () => live.socket as unknown as AppSocket);
  const router = createMemoryRouter(
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
    { initialEntries: [path] },
  );
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
      <Toaster />
    </Provider>,
  );
  return { ...view, store, router, live };
}

/** Each render makes its own store, so only the one socket outlives a test. */
export function resetChat() {
  closeSocket();
}
