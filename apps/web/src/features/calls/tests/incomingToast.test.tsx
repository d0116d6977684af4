import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { callRoutes } from '@cc/contracts';
import { fakeApi } from '../../../../test/fakeApi';
import { aCall, ada, CALL_ID, renderCalls, RUBY_ID } from './callHarness';
import { seeToast } from '../../../../test/toasts';

/**
 * The model's 'Incoming Call: … Check your phone to accept or decline.' toast (docs/product.md#call-modal) is
 * about a ringing phone: once the call stops ringing it is gone, whatever ended the ringing.
 */

const TOAST = 'Incoming Call: Ada Lovelace is calling your phone. Check your phone to accept or decline.';
const dialog = () => screen.getByRole('dialog', { name: 'Voice Call' });

/** Ruby, a model, somewhere in the app; Ada's call rings her softphone. */
async function rubyRinging() {
  const api = fakeApi()
    .answer(callRoutes.accept, aCall({ direction: 'incoming', otherParty: aCall().caller }))
    .answer(callRoutes.decline, aCall({ status: 'declined' }));
  const view = renderCalls({ me: ada({ _id: RUBY_ID, name: 'Ruby Rose', type: 'model', balance: 0 }), model: null });
  await view.router.navigate('/elsewhere');
  view.send('call:incoming', { callId: CALL_ID, fromUser: { _id: 'u-1', name: 'Ada Lovelace', username: 'ada_l' }, callRate: 2 });
  await seeToast(TOAST);
  return { ...view, api };
}

const toastGone = () => waitFor(() => expect(screen.queryByText(TOAST)).not.toBeInTheDocument());

it('goes away when she accepts, and stays away while the call is connected', async () => {
  const { api } = await rubyRinging();
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Accept' }));
  expect(await within(dialog()).findByText('Call Connected')).toBeVisible();
  expect(api.requestsTo(callRoutes.accept).map((request) => request.params.id)).toEqual([CALL_ID]);
  await toastGone();
});

it('goes away when she declines', async () => {
  await rubyRinging();
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Decline' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await toastGone();
});

it('goes away when the caller hangs up before she answers', async () => {
  const { send } = await rubyRinging();
  send('call:ended', { callId: CALL_ID, duration: 0, finalTokens: 0, reason: 'caller-cancelled' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await toastGone();
});

it('goes away when the call was not answered in time', async () => {
  const { send } = await rubyRinging();
  send('call:declined', { callId: CALL_ID, reason: 'no-answer' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await toastGone();
});

it('goes away when the call ends after she accepted elsewhere and it connected', async () => {
  const { send } = await rubyRinging();
  send('call:connected', { callId: CALL_ID, connectedAt: new Date().toISOString() });
  expect(await within(dialog()).findByText('Call Connected')).toBeVisible();
  await toastGone();
  send('call:ended', { callId: CALL_ID, duration: 12, finalTokens: 2, reason: 'caller-ended' });
  expect(within(dialog()).getByText('Call Ended')).toBeVisible();
  expect(screen.queryByText(TOAST)).not.toBeInTheDocument();
});
