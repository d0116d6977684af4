import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { BookmarkedMessage } from '@cc/contracts';
import { clearBrowserSession } from '../../../../test/fakeServer';
import { aMedia, aMessage, fakeServer, renderChat, resetChat, uuid, VIEWER } from './harness';

afterEach(() => {
  resetChat();
  vi.unstubAllGlobals();
  clearBrowserSession();
});

const ruby = { _id: uuid(), username: 'ruby', name: 'Ruby Rose', avatarUrl: null };
const me = { _id: VIEWER._id, username: VIEWER.username, name: VIEWER.name, avatarUrl: null };

function aBookmark(message: Partial<BookmarkedMessage['message']>, sender = ruby): BookmarkedMessage {
  const id = uuid();
  return {
    _id: id,
    createdAt: '2026-03-04T10:00:00.000Z',
    message: aMessage({ conversationId: 'conv-ruby', senderId: sender._id, bookmarked: true, bookmarkId: id, ...message }),
    sender,
    recipient: ruby,
  };
}

it('lists bookmarked messages with their sender, conversation and content, and removes one', async () => {
  const text = aBookmark({ text: 'The address is 12 Rose Lane' });
  const photo = aBookmark({ type: 'photo', text: '', media: aMedia({ name: 'sunset.jpg' }) }, me);
  let items = [text, photo];
  const server = fakeServer()
    .on('GET', '/api/conversation/total-unread-message', { body: { count: 0 } })
    .on('GET', '/api/messages/bookmark/search', () => ({ body: { items, count: items.length } }))
    .on('DELETE', /^\/api\/messages\/bookmark\//, ({ path }) => {
      items = items.filter((item) => !path.endsWith(item._id));
      return { status: 204 };
    });
  renderChat('/bookmarks');

  expect(await screen.findByRole('heading', { name: 'Bookmarks' })).toBeVisible();
  const first = (await screen.findByText('The address is 12 Rose Lane')).closest('article')!;
  expect(within(first).getByText('Ruby Rose', { selector: '.bookmark__sender' })).toBeVisible();
  expect(within(first).getByRole('link', { name: 'Open the conversation with Ruby Rose' })).toHaveAttribute('href', '/messages/conv-ruby');
  const second = screen.getByRole('article', { name: `Bookmarked message from ${VIEWER.name}` });
  expect(within(second).getByRole('img', { name: 'sunset.jpg' })).toBeVisible();
  expect(screen.getByText('1–2 of 2')).toBeVisible();

  fireEvent.click(within(first).getByRole('button', { name: /Remove bookmark/ }));
  await waitFor(() => expect(screen.queryByText('The address is 12 Rose Lane')).not.toBeInTheDocument());
  expect(server.callsTo('DELETE', `/api/messages/bookmark/${text._id}`)).toHaveLength(1);
  expect(screen.getByText('1–1 of 1')).toBeVisible();
});

it('searches by text, filters by type and pages', async () => {
  const server = fakeServer()
    .on('GET', '/api/conversation/total-unread-message', { body: { count: 0 } })
    .on('GET', '/api/messages/bookmark/search', ({ query }) => {
      if (query.get('skip') === '20') return { body: { items: [aBookmark({ text: 'On page two' })], count: 21 } };
      if (query.get('type') === 'photo') return { body: { items: [], count: 0 } };
      return { body: { items: [aBookmark({ text: `About ${query.get('q') ?? 'anything'}` })], count: 21 } };
    });
  renderChat('/bookmarks');
  await screen.findByText('About anything');

  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('On page two')).toBeVisible();

  fireEvent.change(screen.getByRole('searchbox', { name: 'Search bookmarks' }), { target: { value: 'dinner' } });
  expect(await screen.findByText('About dinner')).toBeVisible();
  const searched = server.callsTo('GET', '/api/messages/bookmark/search').at(-1)!.query;
  expect(searched.get('q')).toBe('dinner');
  expect(searched.get('skip')).toBe('0');

  fireEvent.click(screen.getByRole('button', { name: 'Photos' }));
  expect(await screen.findByText('No bookmarks match')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Photos' })).toHaveAttribute('aria-pressed', 'true');
  expect(server.callsTo('GET', '/api/messages/bookmark/search').at(-1)!.query.get('type')).toBe('photo');
});

it('says how to bookmark when there are none', async () => {
  fakeServer()
    .on('GET', '/api/conversation/total-unread-message', { body: { count: 0 } })
    .on('GET', '/api/messages/bookmark/search', { body: { items: [], count: 0 } });
  renderChat('/bookmarks');
  expect(await screen.findByText('No bookmarks yet')).toBeVisible();
  expect(screen.getByRole('link', { name: 'Go to messages' })).toHaveAttribute('href', '/messages');
});
