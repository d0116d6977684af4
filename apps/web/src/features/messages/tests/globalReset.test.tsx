import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { clearBrowserSession } from '../../../../test/fakeServer';
import { appReset } from '../../../shared/api/session';
import { setLogin } from '../../../shared/auth/authSlice';
import { aConversation, aParty, fakeServer, renderChat, resetChat, VIEWER } from './harness';

afterEach(() => {
  resetChat();
  vi.unstubAllGlobals();
  clearBrowserSession();
});

/** The composer of the conversation on screen, once it has loaded. */
const composer = async () => (await screen.findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;

it('forgets drafts and the selected conversation on the global reset (logout)', async () => {
  const ruby = aConversation({ recipient: aParty({ name: 'Ruby Rose' }) });
  const max = aConversation({ recipient: aParty({ name: 'Max Power' }) });
  fakeServer()
    .on('GET', '/api/conversation', { body: { items: [ruby, max], count: 2 } })
    .on('GET', '/api/conversation/total-unread-message', { body: { count: 0 } })
    .on('POST', /\/read$/, { body: { conversationId: ruby._id, readSeq: 0, unreadMessageCount: 0, totalUnread: 0 } })
    .on('GET', `/api/conversation/${ruby._id}`, { body: ruby })
    .on('GET', `/api/conversation/${max._id}`, { body: max })
    .on('GET', /\/api\/messages\//, { body: { items: [], count: 0, hasMore: false } });
  const { store, router } = renderChat(`/messages/${ruby._id}`);

  // A draft survives switching conversations...
  fireEvent.change(await composer(), { target: { value: 'See you at eight' } });
  await act(() => router.navigate(`/messages/${max._id}`));
  expect(await composer()).toHaveValue('');
  await act(() => router.navigate(`/messages/${ruby._id}`));
  expect(await composer()).toHaveValue('See you at eight');
  expect(store.getState().chat.selectedConversationId).toBe(ruby._id);

  // ...but not a logout: the reset comes first, then the page leaves (the composer unmounts with its text).
  fireEvent.change(await composer(), { target: { value: 'See you at nine' } });
  act(() => {
    store.dispatch(appReset());
  });
  await act(() => router.navigate('/models'));
  expect(store.getState().chat.drafts).toEqual({});
  expect(store.getState().chat.selectedConversationId).toBeNull();

  // The next sign-in on this tab finds an empty composer.
  act(() => {
    store.dispatch(setLogin(VIEWER));
  });
  await act(() => router.navigate(`/messages/${ruby._id}`));
  expect(await composer()).toHaveValue('');
});
