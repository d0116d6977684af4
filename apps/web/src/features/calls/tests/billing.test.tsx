import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { callRoutes, type RouteAnswer } from '@cc/contracts';
import { fakeApi, refusal } from '../../../../test/fakeApi';
import { aCall, ada, CALL_ID, renderCalls, resetCalls, RUBY_ID } from './callHarness';

beforeEach(() => {
  // Only the clock and timers are fake: fetch answers and React work as usual.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const dialog = () => screen.getByRole('dialog', { name: 'Voice Call' });
const timer = () => within(dialog()).getByRole('timer').textContent;
/** A test that plays minutes of a call renders each of its seconds: slower than most on a busy machine. */
const LONG_CALL = 20_000;

/** The server's charge answer after `minutes` minutes at 2 tokens, from a balance of `start`. */
const charged = (minutes: number, start = 50): RouteAnswer<typeof callRoutes.charge> => ({
  callId: CALL_ID,
  status: 'connected',
  minutesCharged: minutes,
  tokensUsed: minutes * 2,
  balance: start - minutes * 2,
  duration: 0,
});

/** Ada calls Ruby (2 tokens a minute) and Ruby answers; the timer starts at 00:00. */
async function connectedCall(me = ada()) {
  let minutes = 0;
  const api = fakeApi()
    .answer(callRoutes.initiate, {
      callId: CALL_ID,
      callRate: 2,
      status: 'ringing',
      model: { _id: RUBY_ID, name: 'Ruby Rose', username: 'ruby', avatarUrl: null },
    })
    .answer(callRoutes.charge, () => charged(++minutes, me.balance));
  const view = renderCalls({ me });
  fireEvent.click(screen.getByRole('button', { name: 'Call Now' }));
  await advance(0);
  expect(within(dialog()).getByText('Calling...')).toBeVisible();
  view.send('call:connected', { callId: CALL_ID, connectedAt: new Date().toISOString() });
  expect(timer()).toBe('00:00');
  return { ...view, api };
}

it('makes the charging call when the timer reaches 5 s, then at 61 s, once each', { timeout: LONG_CALL }, async () => {
  const { api } = await connectedCall();

  await advance(4000);
  expect(timer()).toBe('00:04');
  expect(api.requestsTo(callRoutes.charge)).toHaveLength(0);
  // ceil(4 / 60) × 2, as displayed.
  expect(within(dialog()).getByText('Tokens used: 2.00 (2.00 tokens/min)')).toBeVisible();

  await advance(1000);
  expect(timer()).toBe('00:05');
  expect(api.requestsTo(callRoutes.charge)).toHaveLength(1);

  await advance(55_000);
  expect(timer()).toBe('01:00');
  expect(api.requestsTo(callRoutes.charge)).toHaveLength(1);
  expect(within(dialog()).getByText('Tokens used: 2.00 (2.00 tokens/min)')).toBeVisible();

  await advance(1000);
  expect(timer()).toBe('01:01');
  expect(api.requestsTo(callRoutes.charge)).toHaveLength(2);
  expect(within(dialog()).getByText('Tokens used: 4.00 (2.00 tokens/min)')).toBeVisible();

  await advance(59_000);
  expect(timer()).toBe('02:00');
  expect(api.requestsTo(callRoutes.charge)).toHaveLength(2);
  await advance(1000);
  expect(api.requestsTo(callRoutes.charge)).toHaveLength(3);
});

it("a 402 from the charge says 'Token is not enough. Please top-up token' and shows the Ended stage, which closes 3 s later", async () => {
  const { api } = await connectedCall(ada({ balance: 12 }));
  api.refuse(callRoutes.charge, 402, 'Not enough tokens');
  api.answer(callRoutes.end, aCall({ status: 'ended', duration: 5, tokensUsed: 0 }));

  await advance(5000);
  // Toasts show a timer turn after the answer.
  await advance(10);
  expect(screen.getByText('Token is not enough. Please top-up token')).toBeVisible();
  expect(within(dialog()).getByText('Call Ended')).toBeVisible();
  expect(within(dialog()).getByText('00:05')).toBeVisible();
  expect(within(dialog()).getByText('0.00 tokens')).toBeVisible();
  expect(api.requestsTo(callRoutes.end).map((request) => request.params.id)).toEqual([CALL_ID]);

  // The Ended stage came at 5 s; the modal closes at 8 s.
  await advance(2980);
  expect(screen.queryByRole('dialog')).toBeVisible();
  await advance(10);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('ending the call shows the duration and total from the server, a toast, and closes 3 s later', { timeout: LONG_CALL }, async () => {
  const { api, send } = await connectedCall();
  api.answer(callRoutes.end, aCall({ status: 'ended', duration: 75, minutesCharged: 2, tokensUsed: 4 }));
  await advance(75_000);
  expect(timer()).toBe('01:15');

  fireEvent.click(within(dialog()).getByRole('button', { name: 'End call' }));
  await advance(0);
  expect(within(dialog()).getByText('Call Ended')).toBeVisible();
  expect(within(dialog()).getByText('01:15')).toBeVisible();
  expect(within(dialog()).getByText('4.00 tokens')).toBeVisible();
  expect(screen.getByText('Call ended. Duration: 1:15')).toBeVisible();

  // The server's own word about the same call changes nothing twice.
  send('call:ended', { callId: CALL_ID, duration: 75, finalTokens: 4, reason: 'caller-ended' });
  expect(screen.getAllByText('Call ended. Duration: 1:15')).toHaveLength(1);

  await advance(3000);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(sessionStorage.getItem('cc.openCallId')).toBeNull();
});

it('warns while connected when the balance covers less than one more minute', { timeout: LONG_CALL }, async () => {
  // 13 tokens: after minutes 1–6 (12 tokens) 1 token is left, less than the 2-token rate.
  await connectedCall(ada({ balance: 13 }));
  await advance(5000);
  expect(within(dialog()).queryByText(/covers less than one more minute/)).not.toBeInTheDocument();
  await advance(5 * 60_000 + 1000);
  expect(timer()).toBe('05:06');
  expect(within(dialog()).getByText(/covers less than one more minute/)).toBeVisible();
  expect(within(dialog()).getByText('Less than one minute left')).toBeVisible();
});

it("the server ending the call for want of tokens says 'Token is not enough. Please top-up token' and shows the Ended stage, as a 402 does", async () => {
  // The server's own schedule charged minute 1 first and could not: 'call:ended' comes before the page asks.
  const { api, send } = await connectedCall(ada({ balance: 12 }));
  await advance(4000);
  send('call:ended', { callId: CALL_ID, duration: 5, finalTokens: 0, reason: 'insufficient-tokens' });
  await advance(10);
  expect(screen.getAllByText('Token is not enough. Please top-up token')).toHaveLength(1);
  expect(within(dialog()).getByText('Call Ended')).toBeVisible();
  expect(within(dialog()).getByText('00:05')).toBeVisible();
  expect(within(dialog()).getByText('0.00 tokens')).toBeVisible();
  // The call is over: the page no longer asks for charges.
  await advance(1000);
  expect(api.requestsTo(callRoutes.charge)).toHaveLength(0);

  await advance(1980);
  expect(screen.queryByRole('dialog')).toBeVisible();
  await advance(10);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it("says 'Token is not enough. Please top-up token' once when the page's 402 and the server's 'call:ended' both arrive, in either order", async () => {
  // The page's charge at 5 s is answered 402 only after the server's 'call:ended' has arrived.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  const first = await connectedCall(ada({ balance: 12 }));
  first.api.answer(callRoutes.charge, async () => {
    await held;
    return refusal(402, 'Token is not enough. Please top-up token');
  });
  first.api.answer(callRoutes.end, aCall({ status: 'ended', duration: 5, tokensUsed: 0 }));
  await advance(5000);
  expect(first.api.requestsTo(callRoutes.charge)).toHaveLength(1);
  first.send('call:ended', { callId: CALL_ID, duration: 5, finalTokens: 0, reason: 'insufficient-tokens' });
  answer();
  await advance(10);
  expect(screen.getAllByText('Token is not enough. Please top-up token')).toHaveLength(1);
  expect(screen.getAllByText('Call ended. Duration: 0:05')).toHaveLength(1);
  expect(within(dialog()).getByText('Call Ended')).toBeVisible();
  first.unmount();
  resetCalls();
  await advance(1000);

  // The other order: the 402 first, then the server's word.
  const second = await connectedCall(ada({ balance: 12 }));
  second.api.refuse(callRoutes.charge, 402, 'Token is not enough. Please top-up token');
  second.api.answer(callRoutes.end, aCall({ status: 'ended', duration: 5, tokensUsed: 0 }));
  await advance(5000);
  await advance(10);
  second.send('call:ended', { callId: CALL_ID, duration: 5, finalTokens: 0, reason: 'insufficient-tokens' });
  await advance(10);
  expect(screen.getAllByText('Token is not enough. Please top-up token')).toHaveLength(1);
  expect(within(dialog()).getByText('Call Ended')).toBeVisible();
});

it("the model's page ending for want of tokens shows Call Ended without the caller's top-up message", async () => {
  fakeApi().answer(callRoutes.accept, aCall({ direction: 'incoming', otherParty: aCall().caller, status: 'connected' }));
  const { send } = renderCalls({ me: ada({ _id: RUBY_ID, name: 'Ruby Rose', type: 'model', balance: 0 }), model: null });
  send('call:incoming', { callId: CALL_ID, fromUser: { _id: 'u-1', name: 'Ada Lovelace', username: 'ada_l' }, callRate: 2 });
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Accept' }));
  await advance(0);
  expect(within(dialog()).getByText('Call Connected')).toBeVisible();
  send('call:ended', { callId: CALL_ID, duration: 5, finalTokens: 0, reason: 'insufficient-tokens' });
  await advance(10);
  expect(within(dialog()).getByText('Call Ended')).toBeVisible();
  expect(screen.queryByText('Token is not enough. Please top-up token')).not.toBeInTheDocument();
});
