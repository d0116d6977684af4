import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { conversationRoutes, messageRoutes } from '@cc/contracts';
import { fakeApi, page } from '../../../../test/fakeApi';
import { aConversation, aMedia, aMessage, newestFirst, renderChat, VIEWER } from './harness';

it('bookmarks and deletes messages from their menu, with a confirmation before deleting', async () => {
  const conversation = aConversation();
  const mine = aMessage({ conversationId: conversation._id, senderId: VIEWER._id, text: 'Mine to delete', seq: 1 });
  const theirs = aMessage({ conversationId: conversation._id, senderId: conversation.recipient._id, text: 'Worth keeping', seq: 2 });
  const bookmark = { _id: 'b-1', messageId: theirs._id, createdAt: '2026-03-04T10:00:00.000Z' };
  const api = fakeApi()
    .answer(conversationRoutes.list, page([conversation]))
    .answer(conversationRoutes.get, conversation)
    .answer(conversationRoutes.totalUnread, { count: 0 })
    .answer(conversationRoutes.read, { conversationId: conversation._id, readSeq: 2, unreadMessageCount: 0, totalUnread: 0 })
    .answer(messageRoutes.list, { items: newestFirst([mine, theirs]), count: 2, hasMore: false })
    .answer(messageRoutes.bookmark, bookmark)
    .answer(messageRoutes.removeBookmark, bookmark)
    .answer(messageRoutes.remove, { ...mine, text: '', deletedAt: '2026-03-04T10:05:00.000Z' });
  renderChat(`/messages/${conversation._id}`);
  const log = await screen.findByRole('log', { name: 'Messages' });

  // Theirs: the menu offers Bookmark but not Delete; the keyboard opens it and moves in it.
  const theirRow = (await within(log).findByText('Worth keeping')).closest('article')!;
  const menuButton = within(theirRow).getByRole('button', { name: 'Message actions' });
  fireEvent.keyDown(menuButton, { key: 'ArrowDown' });
  const menu = await within(theirRow).findByRole('menu');
  expect(
    within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent),
  ).toEqual(['Bookmark']);
  await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Bookmark' })).toHaveFocus());
  fireEvent.click(within(menu).getByRole('menuitem', { name: 'Bookmark' }));
  expect(await within(theirRow).findByText('Bookmarked')).toBeVisible();
  expect(api.requestsTo(messageRoutes.bookmark)[0]!.body).toEqual({ messageId: theirs._id });

  fireEvent.click(within(theirRow).getByRole('button', { name: 'Message actions' }));
  fireEvent.click(await within(theirRow).findByRole('menuitem', { name: 'Remove bookmark' }));
  await waitFor(() => expect(within(theirRow).queryByText('Bookmarked')).not.toBeInTheDocument());
  expect(api.requestsTo(messageRoutes.removeBookmark).map((request) => request.params.id)).toEqual(['b-1']);

  // Mine: Delete asks first.
  const myRow = within(log).getByText('Mine to delete').closest('article')!;
  fireEvent.click(within(myRow).getByRole('button', { name: 'Message actions' }));
  fireEvent.click(await within(myRow).findByRole('menuitem', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(myRow).toHaveAttribute('data-deleted', 'true'));
  expect(within(myRow).getByText('This message was deleted')).toBeVisible();
  expect(api.requestsTo(messageRoutes.remove).map((request) => request.params.id)).toEqual([mine._id]);
});

it('shows photos as thumbnails that open large, videos with controls and files as download cards', async () => {
  const conversation = aConversation();
  const photo = aMedia({ name: 'beach.jpg' });
  const video = aMedia({ type: 'video', name: 'clip.mp4', mimeType: 'video/mp4' });
  const file = aMedia({
    type: 'file',
    name: 'menu.pdf',
    mimeType: 'application/pdf',
    size: 2_516_582,
    thumbnailUrl: null,
    width: null,
    height: null,
  });
  const messages = [photo, video, file].map((media, index) =>
    aMessage({ conversationId: conversation._id, senderId: conversation.recipient._id, type: media.type, text: '', media, seq: index + 1 }),
  );
  fakeApi()
    .answer(conversationRoutes.list, page([conversation]))
    .answer(conversationRoutes.get, conversation)
    .answer(conversationRoutes.totalUnread, { count: 0 })
    .answer(conversationRoutes.read, { conversationId: conversation._id, readSeq: 3, unreadMessageCount: 0, totalUnread: 0 })
    .answer(messageRoutes.list, { items: newestFirst(messages), count: 3, hasMore: false });
  renderChat(`/messages/${conversation._id}`);
  const log = await screen.findByRole('log', { name: 'Messages' });

  fireEvent.click(await within(log).findByRole('button', { name: 'Open photo beach.jpg' }));
  const viewer = await screen.findByRole('dialog', { name: 'beach.jpg' });
  expect(within(viewer).getByRole('img', { name: 'beach.jpg' })).toHaveAttribute('src', photo.url);

  const player = log.querySelector('video')!;
  expect(player).toHaveAttribute('controls');
  expect(player).toHaveAttribute('poster', video.thumbnailUrl);
  expect(player).toHaveAttribute('src', video.url);

  const card = within(log).getByRole('link', { name: /menu\.pdf/ });
  expect(card).toHaveAttribute('href', file.url);
  expect(card).toHaveTextContent('2.4 MB');
});
