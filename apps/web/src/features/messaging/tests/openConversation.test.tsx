import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { conversationRoutes, messageRoutes, type ConversationRead } from '@cc/contracts';
import { fakeApi, page } from '../../../../test/fakeApi';
import { aConversation, aMessage, aParty, newestFirst, renderChat, VIEWER } from './harness';

const today = (hour: number, minute = 0) => {
  const date = new Date();
  date.setHours(hour, minute, 0, 0);
  return date.toISOString();
};

function chatWithRuby(overrides: Parameters<typeof aConversation>[0] = {}) {
  const ruby = aParty({ name: 'Ruby Rose', tokenPerMessage: 1.5, isOnline: true });
  const conversation = aConversation({ recipient: ruby, unreadMessageCount: 2, recipientReadSeq: 2, ...overrides });
  const messages = [
    aMessage({ conversationId: conversation._id, senderId: VIEWER._id, text: 'First from me', seq: 1, createdAt: today(0, 5) }),
    // A paid message: its price arrives in tokens, as every amount on the wire.
    aMessage({
      conversationId: conversation._id,
      senderId: VIEWER._id,
      text: 'Second from me',
      price: 1.5,
      seq: 2,
      createdAt: today(0, 6),
    }),
    aMessage({ conversationId: conversation._id, senderId: ruby._id, text: 'Reply from Ruby', seq: 3, createdAt: today(0, 7) }),
    aMessage({ conversationId: conversation._id, senderId: ruby._id, text: '', seq: 4, createdAt: today(0, 8), deletedAt: today(0, 9) }),
  ];
  return { conversation, messages, ruby };
}

it('opens a conversation: messages oldest at the top, newest at the bottom, and it is marked read', async () => {
  const { conversation, messages } = chatWithRuby();
  let unread = 2;
  const api = fakeApi()
    .answer(conversationRoutes.list, () => page([{ ...conversation, unreadMessageCount: unread }]))
    .answer(conversationRoutes.get, conversation)
    .answer(conversationRoutes.totalUnread, () => ({ count: unread }))
    .answer(conversationRoutes.read, (): ConversationRead => {
      unread = 0;
      return { conversationId: conversation._id, readSeq: 4, unreadMessageCount: 0, totalUnread: 0 };
    })
    .answer(messageRoutes.list, { items: newestFirst(messages), count: 4, hasMore: false });
  renderChat(`/messages/${conversation._id}`);

  const log = await screen.findByRole('log', { name: 'Messages' });
  await within(log).findByText('Reply from Ruby');
  const rows = within(log).getAllByTestId('message');
  expect(rows.map((row) => row.getAttribute('data-message-id'))).toEqual(messages.map((m) => m._id));
  expect(rows.map((row) => row.getAttribute('data-mine'))).toEqual(['true', 'true', 'false', 'false']);
  expect(rows[3]!).toHaveAttribute('data-deleted', 'true');
  expect(within(rows[3]!).getByText('This message was deleted')).toBeVisible();
  // Grouped by day; the sender's name is there for screen readers.
  expect(within(log).getByRole('heading', { name: 'Today' })).toBeVisible();
  expect(within(rows[2]!).getByText('Ruby Rose:')).toBeVisible();
  // 'Seen' under the viewer's last message the other has read, and only there.
  expect(within(rows[1]!).getByText('Seen')).toBeVisible();
  expect(within(log).getAllByText('Seen')).toHaveLength(1);
  // What the paid message cost, in tokens; free ones say nothing.
  expect(within(rows[1]!).getByText('1.50 tokens ·')).toBeVisible();
  expect(within(rows[0]!).queryByText(/tokens/)).not.toBeInTheDocument();

  // Header: who, online, and the price an ordinary member pays.
  expect(screen.getByRole('heading', { name: 'Ruby Rose' })).toBeVisible();
  expect(screen.getByText('Online')).toBeVisible();
  expect(screen.getByText('1.50 tokens per message')).toBeVisible();

  // Marked read: the server was told, the list badge and the total are gone.
  await waitFor(() => expect(api.requestsTo(conversationRoutes.read).map((request) => request.params.id)).toEqual([conversation._id]));
  const item = screen.getByRole('link', { name: /Ruby Rose/ });
  await waitFor(() => expect(within(item).queryByLabelText(/unread/)).not.toBeInTheDocument());
  await waitFor(() => expect(within(screen.getByRole('link', { name: /^Messages/ })).queryByLabelText(/unread/)).not.toBeInTheDocument());
});

it('loads older messages above, keeping what was loaded', async () => {
  const { conversation } = chatWithRuby({ unreadMessageCount: 0 });
  const numbered = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, index) =>
      aMessage({ conversationId: conversation._id, text: `Message ${from + index}`, seq: from + index, createdAt: today(1, from + index) }),
    );
  const api = fakeApi()
    .answer(conversationRoutes.list, page([conversation]))
    .answer(conversationRoutes.get, conversation)
    .answer(conversationRoutes.totalUnread, { count: 0 })
    .answer(conversationRoutes.read, { conversationId: conversation._id, readSeq: 40, unreadMessageCount: 0, totalUnread: 0 })
    .answer(messageRoutes.list, ({ query }) =>
      query.get('before') === '31'
        ? { items: newestFirst(numbered(21, 30)), count: 40, hasMore: false }
        : { items: newestFirst(numbered(31, 40)), count: 40, hasMore: true },
    );
  renderChat(`/messages/${conversation._id}`);

  const log = await screen.findByRole('log', { name: 'Messages' });
  await within(log).findByText('Message 40');
  fireEvent.click(screen.getByRole('button', { name: 'Load older messages' }));
  await within(log).findByText('Message 21');
  const texts = within(log)
    .getAllByTestId('message')
    .map((row) => row.querySelector('.chat-msg__text')!.textContent);
  expect(texts).toEqual(Array.from({ length: 20 }, (_, index) => `Message ${21 + index}`));
  expect(api.requestsTo(messageRoutes.list).at(-1)!.query.get('before')).toBe('31');
  expect(await screen.findByText('This is the beginning of your conversation with Ruby Rose.')).toBeVisible();
});
