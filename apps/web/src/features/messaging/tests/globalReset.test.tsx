import { act, fireEvent, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { conversationRoutes, messageRoutes } from '@cc/contracts';
import { fakeApi, page, refusal } from '../../../../test/fakeApi';
import { appReset } from '../../../shared/api/session';
import { setLogin } from '../../../shared/auth/authSlice';
import { aConversation, aParty, renderChat, VIEWER } from './harness';

/** The composer of the conversation on screen, once it has loaded. */
const composer = async () => (await screen.findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;

it('forgets drafts and the selected conversation on the global reset (logout)', async () => {
  const ruby = aConversation({ recipient: aParty({ name: 'Ruby Rose' }) });
  const max = aConversation({ recipient: aParty({ name: 'Max Power' }) });
  fakeApi()
    .answer(conversationRoutes.list, page([ruby, max]))
    .answer(conversationRoutes.totalUnread, { count: 0 })
    .answer(conversationRoutes.read, { conversationId: ruby._id, readSeq: 0, unreadMessageCount: 0, totalUnread: 0 })
    .answer(
      conversationRoutes.get,
      ({ params }) => [ruby, max].find((c) => c._id === params.id) ?? refusal(404, 'That conversation does not exist.'),
    )
    .answer(messageRoutes.list, { items: [], count: 0, hasMore: false });
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
