import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { clearBrowserSession } from '../../../../test/fakeServer';
import { aCall, ada, CALL_ID, fakeServer, fakeVoice, renderCalls, resetCalls, RUBY_ID } from './callHarness';

afterEach(() => {
  resetCalls();
  vi.unstubAllGlobals();
  clearBrowserSession();
});

const initiated = {
  body: { callId: CALL_ID, callRate: 2, status: 'ringing', model: { _id: RUBY_ID, name: 'Ruby Rose', username: 'ruby', avatarUrl: null } },
};
const dialog = () => screen.getByRole('dialog', { name: 'Voice Call' });

/** Ada presses Call Now; the server answers the initiate request when the test releases it. */
async function callRuby(options: Parameters<typeof renderCalls>[0] = {}) {
  let release!: () => void;
  const answered = new Promise<void>((resolve) => (release = resolve));
  const server = fakeServer().on('POST', '/api/masked-call/initiate', async () => {
    await answered;
    return initiated;
  });
  const view = renderCalls(options);
  fireEvent.click(screen.getByRole('button', { name: 'Call Now' }));
  return { ...view, server, release };
}

it('goes Initiating → Ringing → Connected with the spec words, and the caller joins the voice link', async () => {
  const { server, release, send, voice } = await callRuby();

  // Initiating: a spinner, 'Initiating Call...' and 'Setting up your call to Ruby Rose'.
  expect(within(dialog()).getByText('Initiating Call...')).toBeVisible();
  expect(within(dialog()).getByText('Setting up your call to Ruby Rose')).toBeVisible();
  expect(dialog().querySelector('.ui-spinner')).toBeVisible();
  expect(server.callsTo('POST', '/api/masked-call/initiate')[0]!.body).toEqual({ modelId: RUBY_ID, expectedPrice: 2 });

  release();
  expect(await within(dialog()).findByText('Calling...')).toBeVisible();
  expect(within(dialog()).getByText('Ruby Rose')).toBeVisible();
  expect(within(dialog()).getByText('2.00 tokens/min')).toBeVisible();
  expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeVisible();
  expect(within(dialog()).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  expect(await screen.findByText('Call initiated. Waiting for model to answer...')).toBeVisible();
  expect(sessionStorage.getItem('cc.openCallId')).toBe(CALL_ID);
  expect(voice.links).toHaveLength(0);

  send('call:connected', { callId: CALL_ID, connectedAt: '2026-03-01T10:00:05.000Z' });
  expect(within(dialog()).getByText('Call Connected')).toBeVisible();
  expect(within(dialog()).getByText('Ruby Rose')).toBeVisible();
  expect(within(dialog()).getByRole('timer')).toHaveTextContent(/^00:00$/);
  expect(within(dialog()).getByText('Tokens used: 0.00 (2.00 tokens/min)')).toBeVisible();
  expect(within(dialog()).getByRole('button', { name: 'Mute' })).toBeVisible();
  expect(within(dialog()).getByRole('button', { name: 'End call' })).toBeVisible();
  // A toast behind a newer one keeps its place in the stack, its text hidden until the stack is hovered.
  expect(await screen.findByText('Call connected!')).toBeInTheDocument();
  expect(await screen.findByText('Connecting to voice call...')).toBeVisible();

  // The caller makes the WebRTC offer for this call; the status follows the link.
  expect(voice.links).toHaveLength(1);
  expect(voice.links[0]!.options.callId).toBe(CALL_ID);
  expect(voice.links[0]!.options.makeOffer).toBe(true);
  expect(dialog().querySelector('[data-voice-status]')!).toHaveAttribute('data-voice-status', 'connecting');
  voice.status(0, { status: 'connected', callSid: CALL_ID });
  expect(await screen.findByText('Voice call connected!')).toBeVisible();
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
  expect(await screen.findByText('Call was declined')).toBeVisible();
  expect(sessionStorage.getItem('cc.openCallId')).toBeNull();
  // A finished call may be dismissed.
  fireEvent.keyDown(dialog(), { key: 'Escape' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it("cancelling while ringing just closes the modal, and tells the server so the model's phone stops", async () => {
  const { server, release } = await callRuby();
  server.on('POST', `/api/masked-call/end/${CALL_ID}`, { body: aCall({ status: 'ended', endReason: 'caller-cancelled' }) });
  release();
  fireEvent.click(await within(dialog()).findByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await waitFor(() => expect(server.callsTo('POST', `/api/masked-call/end/${CALL_ID}`)).toHaveLength(1));
});

it("a refused call shows the server's message and the modal closes", async () => {
  fakeServer().on('POST', '/api/masked-call/initiate', { status: 409, body: { code: 'CONFLICT', msg: 'Ruby Rose is on another call' } });
  renderCalls();
  fireEvent.click(screen.getByRole('button', { name: 'Call Now' }));
  expect(await screen.findByText('Ruby Rose is on another call')).toBeVisible();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it("a call that fails without a message shows 'Failed to initiate call' and the modal closes", async () => {
  fakeServer().on('POST', '/api/masked-call/initiate', () => {
    throw new Error('connection lost');
  });
  renderCalls();
  fireEvent.click(screen.getByRole('button', { name: 'Call Now' }));
  expect(await screen.findByText('Failed to initiate call')).toBeVisible();
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
  const server = fakeServer().on('POST', `/api/masked-call/accept/${CALL_ID}`, {
    body: aCall({ direction: 'incoming', otherParty: aCall().caller, status: 'connected' }),
  });
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
  expect(server.callsTo('POST', `/api/masked-call/accept/${CALL_ID}`)).toHaveLength(1);
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
  expect(server.callsTo('POST', `/api/masked-call/charge/${CALL_ID}`)).toHaveLength(0);
});

it('the model declines: her modal closes and the server is told', async () => {
  const server = fakeServer().on('POST', `/api/masked-call/decline/${CALL_ID}`, { body: aCall({ status: 'declined' }) });
  const { send } = renderCalls({ me: ada({ _id: RUBY_ID, type: 'model' }), model: null });
  send('call:incoming', { callId: CALL_ID, fromUser: { _id: 'u-1', name: 'Ada Lovelace', username: 'ada_l' }, callRate: 2 });
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Decline' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  await waitFor(() => expect(server.callsTo('POST', `/api/masked-call/decline/${CALL_ID}`)).toHaveLength(1));
  expect(sessionStorage.getItem('cc.openCallId')).toBeNull();
});

it('a reload mid-call brings the modal back at the server’s time, and the caller rejoins the voice link', async () => {
  sessionStorage.setItem('cc.openCallId', CALL_ID);
  const server = fakeServer().on('GET', `/api/masked-call/status/${CALL_ID}`, {
    body: aCall({ status: 'connected', duration: 70, minutesCharged: 2, tokensUsed: 4 }),
  });
  const { voice } = renderCalls();
  expect(await within(await screen.findByRole('dialog', { name: 'Voice Call' })).findByText('Call Connected')).toBeVisible();
  expect(within(dialog()).getByRole('timer')).toHaveTextContent(/^01:10$/);
  expect(within(dialog()).getByText('Tokens used: 4.00 (2.00 tokens/min)')).toBeVisible();
  expect(voice.links).toHaveLength(1);
  expect(voice.links[0]!.options.makeOffer).toBe(true);
  // Minutes 1 and 2 are paid already: no charging call until 121 s.
  expect(server.callsTo('POST', `/api/masked-call/charge/${CALL_ID}`)).toHaveLength(0);
});

it('a remembered call that is over is forgotten, and no modal opens', async () => {
  sessionStorage.setItem('cc.openCallId', CALL_ID);
  const server = fakeServer().on('GET', `/api/masked-call/status/${CALL_ID}`, { body: aCall({ status: 'ended', duration: 30 }) });
  renderCalls();
  await waitFor(() => expect(server.callsTo('GET', `/api/masked-call/status/${CALL_ID}`)).toHaveLength(1));
  await waitFor(() => expect(sessionStorage.getItem('cc.openCallId')).toBeNull());
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
