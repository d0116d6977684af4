import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { clearBrowserSession } from '../../../../test/fakeServer';
import { aConversation, aMessage, aParty, fakeServer, newestFirst, renderChat, resetChat, VIEWER } from './harness';

afterEach(() => {
  resetChat();
  vi.unstubAllGlobals();
  clearBrowserSession();
});

function openChat() {
  const ruby = aConversation({ recipient: aParty({ name: 'Ruby Rose' }) });
  const max = aConversation({ recipient: aParty({ name: 'Max Power' }) });
  let conversations = [ruby, max];
  const history = [
    aMessage({ conversationId: ruby._id, senderId: ruby.recipient._id, text: 'Dinner at eight?', seq: 1 }),
    aMessage({ conversationId: ruby._id, senderId: VIEWER._id, text: 'Yes, dinner sounds great', seq: 2 }),
    aMessage({ conversationId: ruby._id, senderId: ruby.recipient._id, text: 'See you', seq: 3 }),
  ];
  const server = fakeServer()
    .on('GET', '/api/conversation', () => ({ body: { items: conversations, count: conversations.length } }))
    .on('GET', `/api/conversation/${ruby._id}`, { body: ruby })
    .on('GET', '/api/conversation/total-unread-message', { body: { count: 0 } })
    .on('POST', /\/read$/, { body: { conversationId: ruby._id, readSeq: 3, unreadMessageCount: 0, totalUnread: 0 } })
    .on('GET', `/api/messages/${ruby._id}`, ({ query }) => {
      const q = query.get('q');
      const items = q ? history.filter((m) => m.text.toLowerCase().includes(q)) : history;
      return { body: { items: newestFirst(items), count: items.length, hasMore: false } };
    })
    .on('DELETE', `/api/conversation/${ruby._id}`, () => {
      conversations = conversations.filter((c) => c._id !== ruby._id);
      return { status: 204 };
    })
    .on('POST', '/api/conversation', { body: max })
    .on('GET', `/api/conversation/${max._id}`, { body: max })
    .on('GET', `/api/messages/${max._id}`, { body: { items: [], count: 0, hasMore: false } });
  return { server, ruby, max };
}

it('searches within the conversation from the header and points at the result', async () => {
  const { server, ruby } = openChat();
  const { store } = renderChat(`/messages/${ruby._id}`);
  await screen.findByText('See you');

  fireEvent.click(screen.getByRole('button', { name: 'Search messages' }));
  expect(store.getState().chat.searchOpen).toBe(true);
  expect(screen.getByRole('button', { name: 'Search messages' })).toHaveAttribute('aria-pressed', 'true');
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search in this conversation' }), { target: { value: 'dinner' } });
  expect(await screen.findByText('2 messages found')).toBeVisible();
  expect(server.callsTo('GET', `/api/messages/${ruby._id}`).at(-1)!.query.get('q')).toBe('dinner');

  const results = screen.getByText('2 messages found').parentElement!;
  fireEvent.click(within(results).getByRole('button', { name: /^You/ }));
  await waitFor(() => expect(document.querySelector('.chat-msg.is-highlighted')?.textContent).toContain('Yes, dinner sounds great'));

  fireEvent.click(screen.getByRole('button', { name: 'Close search' }));
  expect(screen.queryByRole('searchbox', { name: 'Search in this conversation' })).not.toBeInTheDocument();
  expect(store.getState().chat.searchOpen).toBe(false);
});

it('deletes a conversation for the viewer after confirming, and goes back to the list', async () => {
  const { server, ruby } = openChat();
  const { router } = renderChat(`/messages/${ruby._id}`);
  await screen.findByText('See you');
  fireEvent.click(screen.getByRole('button', { name: 'Delete conversation' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete conversation?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete conversation' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
  expect(server.callsTo('DELETE', `/api/conversation/${ruby._id}`)).toHaveLength(1);
  await waitFor(() => expect(screen.queryByRole('link', { name: /Ruby Rose/ })).not.toBeInTheDocument());
  expect(screen.getByRole('link', { name: /Max Power/ })).toBeVisible();
});

it('opens the conversation with a member from a /messages?with= link', async () => {
  const { server, max } = openChat();
  const { router } = renderChat(`/messages?with=${max.recipient._id}`);
  await waitFor(() => expect(router.state.location.pathname).toBe(`/messages/${max._id}`));
  expect(server.callsTo('POST', '/api/conversation')[0]!.body).toEqual({ userId: max.recipient._id });
  expect(await screen.findByText('No messages yet. Say hello to Max Power!')).toBeVisible();
});
