import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { conversationRoutes, messageRoutes, TYPING_TTL_MS, type Conversation, type ConversationRead, type Message } from '@cc/contracts';
import { fakeApi, page, refusal } from '../../../../test/fakeApi';
import { aConversation, aMessage, aParty, newestFirst, renderChat } from './harness';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Two conversations; Ruby's is open. The server's state can be changed by the test. */
function twoChats(history: (ruby: Conversation) => Message[] = () => []) {
  const ruby = aConversation({ recipient: aParty({ name: 'Ruby Rose' }) });
  const max = aConversation({ recipient: aParty({ name: 'Max Power', type: 'user' }) });
  const state = {
    conversations: [ruby, max],
    total: 0,
    messages: [aMessage({ conversationId: ruby._id, senderId: ruby.recipient._id, text: 'Before the break', seq: 1 }), ...history(ruby)],
  };
  const api = fakeApi()
    .answer(conversationRoutes.list, () => page(state.conversations))
    .answer(
      conversationRoutes.get,
      ({ params }) => state.conversations.find((c) => c._id === params.id) ?? refusal(404, 'That conversation does not exist.'),
    )
    .answer(conversationRoutes.totalUnread, () => ({ count: state.total }))
    .answer(conversationRoutes.read, (): ConversationRead => ({
      conversationId: ruby._id,
      readSeq: 99,
      unreadMessageCount: 0,
      totalUnread: state.total,
    }))
    .answer(messageRoutes.list, () => ({ items: newestFirst(state.messages), count: state.messages.length, hasMore: false }));
  const view = renderChat(`/messages/${ruby._id}`);
  return { ...view, api, ruby, max, state };
}

const withLast = (conversation: Conversation, message: Message, unreadMessageCount: number): Conversation => ({
  ...conversation,
  lastMessage: message,
  lastMessageId: message._id,
  lastMessageAt: message.createdAt,
  unreadMessageCount,
});

it('a message in another conversation raises its unread badge and the total, exactly as the server counts', async () => {
  const { live, max } = twoChats();
  await screen.findByText('Before the break');
  const message = aMessage({ conversationId: max._id, senderId: max.recipient._id, text: 'Ping from Max', seq: 5 });
  live.receive('message:created', { message, conversation: withLast(max, message, 4), totalUnread: 4 });

  // Socket patches reach the screen on the next frame (RTK batches them).
  const list = screen.getByRole('navigation', { name: 'Conversations' });
  await waitFor(() => expect(within(list).getAllByRole('link')[0]!).toHaveTextContent('Max Power'));
  const links = within(list).getAllByRole('link');
  expect(within(links[0]!).getByLabelText('4 unread')).toHaveTextContent(/^4$/);
  expect(within(links[0]!).getByText('Ping from Max')).toBeVisible();
  expect(within(screen.getByRole('link', { name: /^Messages/ })).getByLabelText('4 unread')).toBeVisible();
  // Not in the open conversation's history.
  expect(within(screen.getByRole('log', { name: 'Messages' })).queryByText('Ping from Max')).not.toBeInTheDocument();
});

it('a message in the open conversation joins the history and is read at once', async () => {
  const { live, ruby, api } = twoChats();
  await screen.findByText('Before the break');
  await waitFor(() => expect(api.requestsTo(conversationRoutes.read)).toHaveLength(1));
  const message = aMessage({ conversationId: ruby._id, senderId: ruby.recipient._id, text: 'Are you there?', seq: 2 });
  live.receive('message:created', { message, conversation: withLast(ruby, message, 1), totalUnread: 1 });

  const log = screen.getByRole('log', { name: 'Messages' });
  expect(await within(log).findByText('Are you there?')).toBeVisible();
  expect(within(screen.getByRole('navigation', { name: 'Conversations' })).queryByLabelText(/unread/)).not.toBeInTheDocument();
  expect(within(screen.getByRole('link', { name: /^Messages/ })).queryByLabelText(/unread/)).not.toBeInTheDocument();
  await waitFor(() => expect(api.requestsTo(conversationRoutes.read)).toHaveLength(2));
});

it('shows the typing indicator until they stop, or until it lapses', async () => {
  const { live, ruby } = twoChats();
  await screen.findByText('Before the break');
  live.receive('conversation:typing', { conversationId: ruby._id, userId: ruby.recipient._id, typing: true });
  expect(screen.getByText('Ruby Rose is typing…')).toBeVisible();
  expect(screen.getByText('typing…', { selector: '.chat-header__typing' })).toBeVisible();
  live.receive('conversation:typing', { conversationId: ruby._id, userId: ruby.recipient._id, typing: false });
  expect(screen.queryByText('Ruby Rose is typing…')).not.toBeInTheDocument();

  // Not renewed: it lapses after TYPING_TTL_MS.
  const realNow = Date.now();
  vi.spyOn(Date, 'now').mockReturnValue(realNow - TYPING_TTL_MS - 1);
  live.receive('conversation:typing', { conversationId: ruby._id, userId: ruby.recipient._id, typing: true });
  vi.mocked(Date.now).mockRestore();
  expect(screen.getByText('Ruby Rose is typing…')).toBeVisible();
  await waitFor(() => expect(screen.queryByText('Ruby Rose is typing…')).not.toBeInTheDocument(), { timeout: 2500 });
});

it('follows presence, read receipts and deletions', async () => {
  const { live, ruby, state } = twoChats((conversation) => [
    aMessage({ conversationId: conversation._id, text: 'Did you get it?', seq: 2 }),
  ]);
  await screen.findByText('Did you get it?');
  expect(screen.getByText('Offline')).toBeVisible();

  live.receive('presence:changed', { userId: ruby.recipient._id, online: true });
  expect(await screen.findByText('Online')).toBeVisible();

  expect(screen.queryByText('Seen')).not.toBeInTheDocument();
  live.receive('conversation:read', {
    conversationId: ruby._id,
    readerId: ruby.recipient._id,
    readSeq: 2,
    unreadMessageCount: 0,
    totalUnread: 0,
  });
  const row = screen.getByText('Did you get it?').closest('article')!;
  expect(await within(row).findByText('Seen')).toBeVisible();

  const theirs = state.messages[0]!;
  live.receive('message:deleted', { messageId: theirs._id, conversationId: ruby._id, conversation: ruby, totalUnread: 0 });
  const deleted = screen.getByRole('log', { name: 'Messages' }).querySelector(`[data-message-id="${theirs._id}"]`)!;
  await waitFor(() => expect(deleted).toHaveAttribute('data-deleted', 'true'));
  expect(deleted).toHaveTextContent('This message was deleted');
});

it('catches up after a lost link: the list, the total and the open history are fetched again and merged', async () => {
  const { live, ruby, max, state, api } = twoChats();
  await screen.findByText('Before the break');
  const gets = () => api.requestsTo(messageRoutes.list).filter((request) => request.params.conversationId === ruby._id).length;
  const before = gets();

  // While the link was down: a reply in the open conversation and one from Max.
  const missed = aMessage({ conversationId: ruby._id, senderId: ruby.recipient._id, text: 'Sent while you were away', seq: 2 });
  const fromMax = aMessage({ conversationId: max._id, senderId: max.recipient._id, text: 'Max missed you', seq: 1 });
  state.messages = [...state.messages, missed];
  state.conversations = [withLast(max, fromMax, 1), withLast(ruby, missed, 0)];
  state.total = 1;

  live.receive('disconnect');
  live.receive('connect');

  const log = screen.getByRole('log', { name: 'Messages' });
  expect(await within(log).findByText('Sent while you were away')).toBeVisible();
  expect(within(log).getAllByText('Before the break')).toHaveLength(1);
  expect(within(log).getAllByTestId('message')).toHaveLength(2);
  expect(gets()).toBe(before + 1);
  expect(await within(screen.getByRole('navigation', { name: 'Conversations' })).findByText('Max missed you')).toBeVisible();
  expect(await within(screen.getByRole('link', { name: /^Messages/ })).findByLabelText('1 unread')).toBeVisible();
});
