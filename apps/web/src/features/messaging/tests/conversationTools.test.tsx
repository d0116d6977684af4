import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { conversationRoutes, messageRoutes } from '@cc/contracts';
import { fakeApi, page, refusal } from '../../../../test/fakeApi';
import { aConversation, aMessage, aParty, newestFirst, renderChat, VIEWER } from './harness';

function openChat() {
  const ruby = aConversation({ recipient: aParty({ name: 'Ruby Rose' }) });
  const max = aConversation({ recipient: aParty({ name: 'Max Power' }) });
  let conversations = [ruby, max];
  const history = [
    aMessage({ conversationId: ruby._id, senderId: ruby.recipient._id, text: 'Dinner at eight?', seq: 1 }),
    aMessage({ conversationId: ruby._id, senderId: VIEWER._id, text: 'Yes, dinner sounds great', seq: 2 }),
    aMessage({ conversationId: ruby._id, senderId: ruby.recipient._id, text: 'See you', seq: 3 }),
  ];
  const api = fakeApi()
    .answer(conversationRoutes.list, () => page(conversations))
    .answer(
      conversationRoutes.get,
      ({ params }) => [ruby, max].find((c) => c._id === params.id) ?? refusal(404, 'That conversation does not exist.'),
    )
    .answer(conversationRoutes.totalUnread, { count: 0 })
    .answer(conversationRoutes.read, { conversationId: ruby._id, readSeq: 3, unreadMessageCount: 0, totalUnread: 0 })
    .answer(messageRoutes.list, ({ params, query }) => {
      if (params.conversationId !== ruby._id) return { items: [], count: 0, hasMore: false };
      const q = query.get('q');
      const items = q ? history.filter((m) => m.text.toLowerCase().includes(q)) : history;
      return { items: newestFirst(items), count: items.length, hasMore: false };
    })
    .answer(conversationRoutes.hide, ({ params }) => {
      conversations = conversations.filter((c) => c._id !== params.id);
      return { ok: true };
    })
    .answer(conversationRoutes.start, max);
  return { api, ruby, max };
}

it('searches within the conversation from the header and points at the result', async () => {
  const { api, ruby } = openChat();
  const { store } = renderChat(`/messages/${ruby._id}`);
  await screen.findByText('See you');

  fireEvent.click(screen.getByRole('button', { name: 'Search messages' }));
  expect(store.getState().chat.searchOpen).toBe(true);
  expect(screen.getByRole('button', { name: 'Search messages' })).toHaveAttribute('aria-pressed', 'true');
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search in this conversation' }), { target: { value: 'dinner' } });
  expect(await screen.findByText('2 messages found')).toBeVisible();
  const searched = api.requestsTo(messageRoutes.list).at(-1)!;
  expect(searched.params.conversationId).toBe(ruby._id);
  expect(searched.query.get('q')).toBe('dinner');

  const results = screen.getByText('2 messages found').parentElement!;
  fireEvent.click(within(results).getByRole('button', { name: /^You/ }));
  await waitFor(() => expect(document.querySelector('.chat-msg.is-highlighted')?.textContent).toContain('Yes, dinner sounds great'));

  fireEvent.click(screen.getByRole('button', { name: 'Close search' }));
  expect(screen.queryByRole('searchbox', { name: 'Search in this conversation' })).not.toBeInTheDocument();
  expect(store.getState().chat.searchOpen).toBe(false);
});

it('deletes a conversation for the viewer after confirming, and goes back to the list', async () => {
  const { api, ruby } = openChat();
  const { router } = renderChat(`/messages/${ruby._id}`);
  await screen.findByText('See you');
  fireEvent.click(screen.getByRole('button', { name: 'Delete conversation' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete conversation?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete conversation' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
  expect(api.requestsTo(conversationRoutes.hide).map((request) => request.params.id)).toEqual([ruby._id]);
  await waitFor(() => expect(screen.queryByRole('link', { name: /Ruby Rose/ })).not.toBeInTheDocument());
  expect(screen.getByRole('link', { name: /Max Power/ })).toBeVisible();
});

it('opens the conversation with a member from a /messages?with= link', async () => {
  const { api, max } = openChat();
  const { router } = renderChat(`/messages?with=${max.recipient._id}`);
  await waitFor(() => expect(router.state.location.pathname).toBe(`/messages/${max._id}`));
  expect(api.requestsTo(conversationRoutes.start)[0]!.body).toEqual({ userId: max.recipient._id });
  expect(await screen.findByText('No messages yet. Say hello to Max Power!')).toBeVisible();
});
