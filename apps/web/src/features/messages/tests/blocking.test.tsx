import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { Conversation } from '@cc/contracts';
import { clearBrowserSession } from '../../../../test/fakeServer';
import { aConversation, fakeServer, renderChat, resetChat, VIEWER } from './harness';

afterEach(() => {
  resetChat();
  vi.unstubAllGlobals();
  clearBrowserSession();
});

function openChat(conversation: Conversation) {
  let current = conversation;
  const server = fakeServer()
    .on('GET', '/api/conversation', () => ({ body: { items: [current], count: 1 } }))
    .on('GET', `/api/conversation/${conversation._id}`, () => ({ body: current }))
    .on('GET', '/api/conversation/total-unread-message', { body: { count: 0 } })
    .on('POST', `/api/conversation/${conversation._id}/read`, {
      body: { conversationId: conversation._id, readSeq: 0, unreadMessageCount: 0, totalUnread: 0 },
    })
    .on('GET', `/api/messages/${conversation._id}`, { body: { items: [], count: 0, hasMore: false } })
    .on('POST', `/api/conversation/${conversation._id}/block`, () => {
      current = { ...current, blockedIds: [current.recipient._id] };
      return { body: current };
    })
    .on('POST', `/api/conversation/${conversation._id}/unblock`, () => {
      current = { ...current, blockedIds: [] };
      return { body: current };
    });
  const view = renderChat(`/messages/${conversation._id}`);
  return { ...view, server };
}

it('blocking from the header replaces the composer with a notice, and Unblock brings it back', async () => {
  const conversation = aConversation();
  const { server } = openChat(conversation);
  await screen.findByRole('textbox', { name: 'Message' });

  fireEvent.click(screen.getByRole('button', { name: 'Block' }));
  const dialog = await screen.findByRole('dialog', { name: 'Block Ruby Rose?' });
  expect(server.callsTo('POST', `/api/conversation/${conversation._id}/block`)).toHaveLength(0);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
  const notice = await screen.findByRole('status', { name: 'Blocked' });
  expect(within(notice).getByText('You blocked this member.')).toBeVisible();
  expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  expect(server.callsTo('POST', `/api/conversation/${conversation._id}/block`)).toHaveLength(1);

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
  live.send('conversation:blocked', { conversationId: conversation._id, blockedIds: [VIEWER._id] });
  expect(await screen.findByText('This member has blocked you.')).toBeVisible();
  live.send('conversation:blocked', { conversationId: conversation._id, blockedIds: [] });
  expect(await screen.findByRole('textbox', { name: 'Message' })).toBeVisible();
});
