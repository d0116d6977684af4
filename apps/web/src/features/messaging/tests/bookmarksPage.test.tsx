import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { conversationRoutes, messageRoutes, type BookmarkedMessage } from '@cc/contracts';
import { fakeApi, page, refusal } from '../../../../test/fakeApi';
import { aMedia, aMessage, renderChat, uuid, VIEWER } from './harness';

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
  const api = fakeApi()
    .answer(conversationRoutes.totalUnread, { count: 0 })
    .answer(messageRoutes.searchBookmarks, () => page(items))
    .answer(messageRoutes.removeBookmark, ({ params }) => {
      const removed = items.find((item) => item._id === params.id);
      if (!removed) return refusal(404, 'That bookmark does not exist.');
      items = items.filter((item) => item !== removed);
      return { _id: removed._id, messageId: removed.message._id, createdAt: removed.createdAt };
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
  expect(api.requestsTo(messageRoutes.removeBookmark).map((request) => request.params.id)).toEqual([text._id]);
  expect(screen.getByText('1–1 of 1')).toBeVisible();
});

it('searches by text, filters by type and pages', async () => {
  const api = fakeApi()
    .answer(conversationRoutes.totalUnread, { count: 0 })
    .answer(messageRoutes.searchBookmarks, ({ query }) => {
      if (query.get('skip') === '20') return page([aBookmark({ text: 'On page two' })], 21);
      if (query.get('type') === 'photo') return page([]);
      return page([aBookmark({ text: `About ${query.get('q') ?? 'anything'}` })], 21);
    });
  renderChat('/bookmarks');
  await screen.findByText('About anything');

  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('On page two')).toBeVisible();

  fireEvent.change(screen.getByRole('searchbox', { name: 'Search bookmarks' }), { target: { value: 'dinner' } });
  expect(await screen.findByText('About dinner')).toBeVisible();
  const searched = api.requestsTo(messageRoutes.searchBookmarks).at(-1)!.query;
  expect(searched.get('q')).toBe('dinner');
  expect(searched.get('skip')).toBe('0');

  fireEvent.click(screen.getByRole('button', { name: 'Photos' }));
  expect(await screen.findByText('No bookmarks match')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Photos' })).toHaveAttribute('aria-pressed', 'true');
  expect(api.requestsTo(messageRoutes.searchBookmarks).at(-1)!.query.get('type')).toBe('photo');
});

it('says how to bookmark when there are none', async () => {
  fakeApi().answer(conversationRoutes.totalUnread, { count: 0 }).answer(messageRoutes.searchBookmarks, page([]));
  renderChat('/bookmarks');
  expect(await screen.findByText('No bookmarks yet')).toBeVisible();
  expect(screen.getByRole('link', { name: 'Go to messages' })).toHaveAttribute('href', '/messages');
});
