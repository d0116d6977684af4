import { fireEvent, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { conversationRoutes, messageRoutes, type Conversation } from '@cc/contracts';
import { fakeApi, page } from '../../../../test/fakeApi';
import { aConversation, renderChat, VIEWER } from './harness';

function openChat(conversation: Conversation) {
  let current = conversation;
  const api = fakeApi()
    .answer(conversationRoutes.list, () => page([current]))
    .answer(conversationRoutes.get, () => current)
    .answer(conversationRoutes.totalUnread, { count: 0 })
    .answer(conversationRoutes.read, { conversationId: conversation._id, readSeq: 0, unreadMessageCount: 0, totalUnread: 0 })
    .answer(messageRoutes.list, { items: [], count: 0, hasMore: false })
    .answer(conversationRoutes.block, () => {
      current = { ...current, blockedIds: [current.recipient._id] };
      return current;
    })
    .answer(conversationRoutes.unblock, () => {
      current = { ...current, blockedIds: [] };
      return current;
    });
  const view = renderChat(`/messages/${conversation._id}`);
  return { ...view, api };
}

it('blocking from the header replaces the composer with a notice, and Unblock brings it back', async () => {
  const conversation = aConversation();
  const { api } = openChat(conversation);
  await screen.findByRole('textbox', { name: 'Message' });

  fireEvent.click(screen.getByRole('button', { name: 'Block' }));
  const dialog = await screen.findByRole('dialog', { name: 'Block Ruby Rose?' });
  expect(api.requestsTo(conversationRoutes.block)).toHaveLength(0);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
  const notice = await screen.findByRole('status', { name: 'Blocked' });
  expect(within(notice).getByText('You blocked this member.')).toBeVisible();
  expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  expect(api.requestsTo(conversationRoutes.block).map((request) => request.params.id)).toEqual([conversation._id]);

  fireEvent.click(within(notice).getByRole('button', { name: 'Unblock' }));
  expect(await screen.findByRole('textbox', { name: 'Message' })).toBeVisible();
  expect(screen.getByRole('button', { name: 'Block' })).toBeVisible();
});

it('tells the member when the other side has blocked them', async () => {
  openChat(aConversation({ blockedIds: [VIEWER._id], haveBeenBlockStatus: true }));
  expect(await screen.findByText('This member has blocked you.')).toBeVisible();
  expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  expect(within(screen.getByRole('status', { name: 'Blocked' })).queryByRole('button')).not.toBeInTheDocument();
});

it("follows a block made elsewhere ('conversation:blocked')", async () => {
  const conversation = aConversation();
  const { live } = openChat(conversation);
  await screen.findByRole('textbox', { name: 'Message' });
  live.receive('conversation:blocked', { conversationId: conversation._id, blockedIds: [VIEWER._id] });
  expect(await screen.findByText('This member has blocked you.')).toBeVisible();
  live.receive('conversation:blocked', { conversationId: conversation._id, blockedIds: [] });
  expect(await screen.findByRole('textbox', { name: 'Message' })).toBeVisible();
});
