import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { conversationRoutes, messageRoutes } from '@cc/contracts';
import { fakeApi, page, refusal } from '../../../../test/fakeApi';
import { aConversation, aMessage, aParty, renderChat, VIEWER } from './harness';

it('lists conversations with who, what was said last and unread badges', async () => {
  const ruby = aConversation({
    recipient: aParty({ name: 'Ruby Rose', isOnline: true }),
    unreadMessageCount: 3,
    lastMessage: aMessage({ senderId: 'someone-else', text: 'See you tonight' }),
    lastMessageAt: new Date().toISOString(),
  });
  const max = aConversation({
    recipient: aParty({ name: 'Max Power', type: 'user' }),
    lastMessage: aMessage({ senderId: VIEWER._id, type: 'photo', text: '' }),
    lastMessageAt: new Date().toISOString(),
  });
  const gone = aConversation({
    recipient: aParty({ name: 'Old Friend' }),
    lastMessage: aMessage({ deletedAt: '2026-03-01T00:00:00.000Z', text: '' }),
  });
  fakeApi()
    .answer(conversationRoutes.list, page([ruby, max, gone]))
    .answer(conversationRoutes.totalUnread, { count: 3 });
  renderChat('/messages');

  const rubyLink = await screen.findByRole('link', { name: /Ruby Rose/ });
  expect(rubyLink).toHaveAttribute('href', `/messages/${ruby._id}`);
  expect(within(rubyLink).getByText('See you tonight')).toBeVisible();
  expect(within(rubyLink).getByLabelText('3 unread')).toHaveTextContent(/^3$/);
  expect(within(rubyLink).getByText('just now')).toBeVisible();
  expect(within(rubyLink).getByText(', online')).toBeVisible();

  const maxLink = screen.getByRole('link', { name: /Max Power/ });
  expect(maxLink).toHaveTextContent('You: Photo');
  expect(within(maxLink).queryByLabelText(/unread/)).not.toBeInTheDocument();
  expect(within(screen.getByRole('link', { name: /Old Friend/ })).getByText('This message was deleted')).toBeVisible();

  // The top-bar link carries the total.
  const nav = screen.getByRole('link', { name: /^Messages/ });
  expect(await within(nav).findByLabelText('3 unread')).toBeVisible();
});

it('says what to do when there are no conversations', async () => {
  fakeApi().answer(conversationRoutes.list, page([])).answer(conversationRoutes.totalUnread, { count: 0 });
  renderChat('/messages');
  const empty = await screen.findByText(
    (_, element) => element?.tagName === 'P' && element.textContent === 'No conversations yet — find someone on the Models page',
  );
  expect(empty).toBeVisible();
  expect(screen.getByRole('link', { name: 'Models page' })).toHaveAttribute('href', '/models');
  // No badge at 0.
  expect(within(screen.getByRole('link', { name: 'Messages' })).queryByLabelText(/unread/)).not.toBeInTheDocument();
});

it('shows the error with a retry that loads the list', async () => {
  let fail = true;
  fakeApi()
    .answer(conversationRoutes.list, () =>
      fail ? refusal(500, 'The server had a problem.') : page([aConversation({ recipient: aParty({ name: 'Ruby Rose' }) })]),
    )
    .answer(conversationRoutes.totalUnread, { count: 0 });
  renderChat('/messages');
  expect(await screen.findByText('Could not load your conversations')).toBeVisible();
  expect(screen.getByText('The server had a problem.')).toBeVisible();
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('link', { name: /Ruby Rose/ })).toBeVisible();
});

it('searches by name on the server and highlights the open conversation', async () => {
  const ruby = aConversation({ recipient: aParty({ name: 'Ruby Rose' }) });
  const max = aConversation({ recipient: aParty({ name: 'Max Power' }) });
  const api = fakeApi()
    .answer(conversationRoutes.list, ({ query }) => page(query.get('q') === 'max' ? [max] : [ruby, max]))
    .answer(conversationRoutes.totalUnread, { count: 0 })
    .answer(conversationRoutes.get, max)
    .answer(conversationRoutes.read, { conversationId: max._id, readSeq: 0, unreadMessageCount: 0, totalUnread: 0 })
    .answer(messageRoutes.list, { items: [], count: 0, hasMore: false });
  renderChat(`/messages/${max._id}`);

  const selected = await screen.findByRole('link', { name: /Max Power/ });
  expect(selected).toHaveAttribute('aria-current', 'page');
  expect(selected).toHaveClass('is-selected');
  expect(screen.getByRole('link', { name: /Ruby Rose/ })).not.toHaveAttribute('aria-current');

  fireEvent.change(screen.getByRole('searchbox', { name: 'Search conversations' }), { target: { value: 'max' } });
  await waitFor(() => expect(screen.queryByRole('link', { name: /Ruby Rose/ })).not.toBeInTheDocument());
  expect(api.requestsTo(conversationRoutes.list).at(-1)!.query.get('q')).toBe('max');
});
