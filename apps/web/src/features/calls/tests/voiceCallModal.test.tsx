import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { callRoutes, type RouteAnswer } from '@cc/contracts';
import { fakeApi } from '../../../../test/fakeApi';
import { seeToast } from '../../../../test/toasts';
import { aCall, ada, CALL_ID, fakeVoice, renderCalls, RUBY_ID } from './callHarness';

const initiated: RouteAnswer<typeof callRoutes.initiate> = {
  callId: CALL_ID,
  callRate: 2,
  status: 'ringing',
  model: { _id: RUBY_ID, name: 'Ruby Rose', username: 'ruby', avatarUrl: null },
};
const dialog = () => screen.getByRole('dialog', { name: 'Voice Call' });

/** Ada presses Call Now; the server answers the initiate request when the test releases it. */
async function callRuby(options: Parameters<typeof renderCalls>[0] = {}) {
  let release!: () => void;
  const answered = new Promise<void>((resolve) => (release = resolve));
  const api = fakeApi().answer(callRoutes.initiate, async () => {
    await answered;
    return initiated;
  });
  const view = renderCalls(options);
  fireEvent.click(screen.getByRole('button', { name: 'Call Now' }));
  return { ...view, api, release };
}

it('goes Initiating → Ringing → Connected with the spec words, and the caller joins the voice link', async () => {
  const { api, release, send, voice } = await callRuby();

  // Initiating: a spinner, 'Initiating Call...' and 'Setting up your call to Ruby Rose'.
  expect(within(dialog()).getByText('Initiating Call...')).toBeVisible();
  expect(within(dialog()).getByText('Setting up your call to Ruby Rose')).toBeVisible();
  expect(dialog().querySelector('.ui-spinner')).toBeVisible();
  expect(api.requestsTo(callRoutes.initiate)[0]!.body).toEqual({ modelId: RUBY_ID, expectedPrice: 2 });

  release();
  expect(await within(dialog()).findByText('Calling...')).toBeVisible();
  expect(within(dialog()).getByText('Ruby Rose')).toBeVisible();
  expect(within(dialog()).getByText('2.00 tokens/min')).toBeVisible();
  expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeVisible();
  expect(within(dialog()).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  await seeToast('Call initiated. Waiting for model to answer...');
  expect(sessionStorage.getItem('cc.openCallId')).toBe(CALL_ID);
  expect(voice.links).toHaveLength(0);

  send('call:connected', { callId: CALL_ID, connectedAt: '2026-03-01T10:00:05.000Z' });
  expect(within(dialog()).getByText('Call Connected')).toBeVisible();
  expect(within(dialog()).getByText('Ruby Rose')).toBeVisible();
  expect(within(dialog()).getByRole('timer')).toHaveTextContent(/^00:00$/);
  expect(within(dialog()).getByText('Tokens used: 0.00 (2.00 tokens/min)')).toBeVisible();
  expect(within(dialog()).getByRole('button', { name: 'Mute' })).toBeVisible();
  expect(within(dialog()).getByRole('button', { name: 'End call' })).toBeVisible();
  expect(await screen.findByText('Call connected!')).toBeInTheDocument();
  await seeToast('Connecting to voice call...');

  // The caller makes the WebRTC offer for this call; the status follows the link.
  expect(voice.links).toHaveLength(1);
  expect(voice.links[0]!.options.callId).toBe(CALL_ID);
  expect(voice.links[0]!.options.makeOffer).toBe(true);
  expect(dialog().querySelector('[data-voice-status]')!).toHaveAttribute('data-voice-status', 'connecting');
  voice.status(0, { status: 'connected', callSid: CALL_ID });
  expect(await screen.findByText('Voice call connected!')).toBeVisible();
  // Four things were said as the call connected, each in place of the one before: one toast, not a pile.
  expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1);
  const status = dialog().querySelector('[data-voice-status]')!;
  expect(status).toHaveAttribute('data-voice-status', 'connected');
  expect(status).toHaveAttribute('data-call-sid', CALL_ID);

  // Mute toggles the local track.
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Mute' }));
  expect(voice.links[0]!.muted).toBe(true);
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Unmute' }));
  expect(voice.links[0]!.muted).toBe(false);

  // A connection that breaks after joining.
  voice.status(0, { status: 'error', message: 'Voice call connection failed' });
  expect(await screen.findByText('Voice call connection failed')).toBeVisible();
});

it('cannot be dismissed by Escape or the backdrop while connected', async () => {
  const { release, send } = await callRuby();
  release();
  await within(dialog()).findByText('Calling...');
  send('call:connected', { callId: CALL_ID, connectedAt: '2026-03-01T10:00:05.000Z' });

  fireEvent.keyDown(dialog(), { key: 'Escape' });
  fireEvent.pointerDown(document.querySelector('.ui-modal__overlay')!);
  expect(within(dialog()).getByText('Call Connected')).toBeVisible();
  expect(within(dialog()).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
});

it('shows Call Declined when the model declines; Escape closes it', async () => {
  const { release, send } = await callRuby();
  release();
  await within(dialog()).findByText('Calling...');
  send('call:declined', { callId: CALL_ID, reason: 'declined' });
  expect(within(dialog()).getByText('Call Declined')).toBeVisible();
  expect(within(dialog()).getByText('The call was declined')).toBeVisible();
  await seeToast('Call was declined');
  expect(sessionStorage.getItem('cc.openCallId')).toBeNull();
  // A finished call may be dismissed.
  fireEvent.keyDown(dialog(), { key: 'Escape' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('says No Answer, not Declined, when nobody picked up in time', async () => {
  const { release, send } = await callRuby();
  release();
  await within(dialog()).findByText('Calling...');
  send('call:declined', { callId: CALL_ID, reason: 'no-answer' });
  expect(within(dialog()).getByRole('heading', { name: 'No Answer' })).toBeVisible();
  expect(within(dialog()).getByText('Ruby Rose did not answer. We have let them know you called.')).toBeVisible();
  expect(within(dialog()).queryByText('Call Declined')).not.toBeInTheDocument();
  expect(within(dialog()).queryByText('The call was declined')).not.toBeInTheDocument();
  await seeToast('No answer from Ruby Rose');
  expect(screen.queryByText('Call was declined')).not.toBeInTheDocument();
  expect(sessionStorage.getItem('cc.openCallId')).toBeNull();
  fireEvent.keyDown(dialog(), { key: 'Escape' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('says No Answer too when the call ends as unanswered before the decline event arrives', async () => {
  const { release, send } = await callRuby();
  release();
  await within(dialog()).findByText('Calling...');
  send('call:ended', { callId: CALL_ID, duration: 0, finalTokens: 0, reason: 'no-answer' });
  expect(within(dialog()).getByRole('heading', { name: 'No Answer' })).toBeVisible();
  await seeToast('No answer from Ruby Rose');
});

it("cancelling while ringing just closes the modal, and tells the server so the model's phone stops", async () => {
  const { api, release } = await callRuby();
  api.answer(callRoutes.end, aCall({ status: 'ended', endReason: 'caller-cancelled' }));
  release();
  fireEvent.click(await within(dialog()).findByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await waitFor(() => expect(api.requestsTo(callRoutes.end).map((request) => request.params.id)).toEqual([CALL_ID]));
});

it("a refused call shows the server's message and the modal closes", async () => {
  fakeApi().refuse(callRoutes.initiate, 409, 'Ruby Rose is on another call');
  renderCalls();
  fireEvent.click(screen.getByRole('button', { name: 'Call Now' }));
  expect(await screen.findByText('Ruby Rose is on another call')).toBeVisible();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it("a call that fails without a message shows 'Failed to initiate call' and the modal closes", async () => {
  fakeApi().offline(callRoutes.initiate);
  renderCalls();
  fireEvent.click(screen.getByRole('button', { name: 'Call Now' }));
  await seeToast('Failed to initiate call');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it("a voice link that cannot join says 'Failed to connect to call' and 'Failed to connect to voice call'", async () => {
  const { release, send } = await callRuby({ voice: fakeVoice({ joinFails: true }) });
  release();
  await within(dialog()).findByText('Calling...');
  send('call:connected', { callId: CALL_ID, connectedAt: '2026-03-01T10:00:05.000Z' });
  // The first toast stands behind the second in sonner's stack (its text hidden until hovered).
  expect(await screen.findByText('Failed to connect to call')).toBeInTheDocument();
  expect(await screen.findByText('Failed to connect to voice call')).toBeVisible();
  expect(screen.queryByText('Voice call connection failed')).not.toBeInTheDocument();
  expect(dialog().querySelector('[data-voice-status]')!).toHaveAttribute('data-voice-status', 'error');
});

it('the model gets the incoming call on any page: toast, Incoming Call with Accept and Decline, then Connected', async () => {
  const api = fakeApi().answer(callRoutes.accept, aCall({ direction: 'incoming', otherParty: aCall().caller, status: 'connected' }));
  const rubyMe = ada({ _id: RUBY_ID, name: 'Ruby Rose', type: 'model', balance: 0 });
  const { send, voice, router } = renderCalls({ me: rubyMe, model: null });
  await router.navigate('/elsewhere');

  send('call:incoming', { callId: CALL_ID, fromUser: { _id: 'u-1', name: 'Ada Lovelace', username: 'ada_l' }, callRate: 2 });
  expect(
    await screen.findByText('Incoming Call: Ada Lovelace is calling your phone. Check your phone to accept or decline.'),
  ).toBeVisible();
  expect(within(dialog()).getByText('Incoming Call')).toBeVisible();
  expect(within(dialog()).getByText('Ada Lovelace')).toBeVisible();
  expect(within(dialog()).getByText('2.00 tokens/min')).toBeVisible();
  expect(within(dialog()).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  expect(screen.getByText('Another page')).toBeVisible();

  fireEvent.click(within(dialog()).getByRole('button', { name: 'Accept' }));
  expect(await within(dialog()).findByText('Call Connected')).toBeVisible();
  expect(api.requestsTo(callRoutes.accept).map((request) => request.params.id)).toEqual([CALL_ID]);
  // Her browser is her phone: it answers the caller's offer rather than making one.
  expect(voice.links).toHaveLength(1);
  expect(voice.links[0]!.options.makeOffer).toBe(false);

  // The server ends the call: the Ended stage shows its duration and finalTokens.
  send('call:ended', { callId: CALL_ID, duration: 75, finalTokens: 4, reason: 'caller-ended' });
  expect(within(dialog()).getByText('Call Ended')).toBeVisible();
  expect(within(dialog()).getByText('01:15')).toBeVisible();
  expect(within(dialog()).getByText('4.00 tokens')).toBeVisible();
  expect(await screen.findByText('Call ended. Duration: 1:15')).toBeVisible();
  expect(voice.links[0]!.closed).toBe(true);
  // The model's page never makes the charging call.
  expect(api.requests.filter((request) => request.path.startsWith('/api/masked-call/charge/'))).toHaveLength(0);
});

it('the model declines: her modal closes and the server is told', async () => {
  const api = fakeApi().answer(callRoutes.decline, aCall({ status: 'declined' }));
  const { send } = renderCalls({ me: ada({ _id: RUBY_ID, type: 'model' }), model: null });
  send('call:incoming', { callId: CALL_ID, fromUser: { _id: 'u-1', name: 'Ada Lovelace', username: 'ada_l' }, callRate: 2 });
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Decline' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await waitFor(() => expect(api.requestsTo(callRoutes.decline).map((request) => request.params.id)).toEqual([CALL_ID]));
  expect(sessionStorage.getItem('cc.openCallId')).toBeNull();
});

it('a reload mid-call brings the modal back at the server’s time, and the caller rejoins the voice link', async () => {
  sessionStorage.setItem('cc.openCallId', CALL_ID);
  const api = fakeApi().answer(callRoutes.status, aCall({ status: 'connected', duration: 70, minutesCharged: 2, tokensUsed: 4 }));
  const { voice } = renderCalls();
  expect(await within(await screen.findByRole('dialog', { name: 'Voice Call' })).findByText('Call Connected')).toBeVisible();
  expect(within(dialog()).getByRole('timer')).toHaveTextContent(/^01:10$/);
  expect(within(dialog()).getByText('Tokens used: 4.00 (2.00 tokens/min)')).toBeVisible();
  expect(voice.links).toHaveLength(1);
  expect(voice.links[0]!.options.makeOffer).toBe(true);
  // Minutes 1 and 2 are paid already: no charging call until 121 s.
  expect(api.requests.filter((request) => request.path.startsWith('/api/masked-call/charge/'))).toHaveLength(0);
});

it('a remembered call that is over is forgotten, and no modal opens', async () => {
  sessionStorage.setItem('cc.openCallId', CALL_ID);
  const api = fakeApi().answer(callRoutes.status, aCall({ status: 'ended', duration: 30 }));
  renderCalls();
  await waitFor(() => expect(api.requestsTo(callRoutes.status).map((request) => request.params.id)).toEqual([CALL_ID]));
  await waitFor(() => expect(sessionStorage.getItem('cc.openCallId')).toBeNull());
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
